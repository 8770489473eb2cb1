/** The signed-in account's API tokens (GET/POST/DELETE /api/apiTokens) and the second-factor choices creating one asks for. */
import { type ApiFailure, isFailure } from '@kit/api.ts';
import { apiClient, apiKey } from '@kit/api-client.ts';
import { mutate } from 'swr';
import type { ApiTokenCreate, SecondFactorProof } from '../../../../api/contract/api-tokens/api-token-create.ts';
import type { ApiToken, CreatedApiToken } from '../../../../api/contract/api-tokens/api-tokens.ts';
import type { ConfirmChallenge, ConfirmChoices } from '../../../../api/contract/auth/mfa.ts';
import { useApi } from '../../swr.ts';

export type { ApiToken, ConfirmChallenge, ConfirmChoices, CreatedApiToken };

export const apiTokensKey = apiKey('/apiTokens');
const choicesKey = apiKey('/session/confirm');

export function useApiTokens() {
  const { data, error, isLoading } = useApi(apiTokensKey);
  return { tokens: data?.data ?? [], error: error as Error | undefined, isLoading };
}

/** The second factors the holder can prove: an account with none cannot create tokens. */
export function useSecondFactorChoices() {
  const { data } = useApi(choicesKey);
  return data ?? null;
}

export const refreshApiTokens = () => void mutate(apiTokensKey);

export type TokenDetails = Omit<ApiTokenCreate, 'secondFactor'>;

/**
 * Checks the details without a second factor: the server answers 403 `secondFactorRequired` once all else is valid.
 * Resolves to null then, or to the failure that says what is wrong.
 */
export async function checkTokenDetails(details: TokenDetails): Promise<ApiFailure | null> {
  const answer = await apiClient.POST('/apiTokens', { body: details, toast: false });
  if (isFailure(answer) && (answer.data as { secondFactorRequired?: boolean } | undefined)?.secondFactorRequired) return null;
  // A token made without a second factor would be a server bug; never leave one behind unseen.
  if (!isFailure(answer)) return { error: true, status: 0, message: 'Unexpected answer: please reload the page.' };
  return answer;
}

export const createToken = (details: TokenDetails, secondFactor: SecondFactorProof) =>
  apiClient.POST('/apiTokens', { body: { ...details, secondFactor }, toast: false });

/** Opens a code challenge for the chosen method (sends the code by text or email; an authenticator needs none). */
export async function startChallenge(mfaId: number): Promise<ConfirmChallenge | ApiFailure> {
  const answer = await apiClient.POST('/session/confirm', { body: { mfaId }, toast: false });
  return isFailure(answer) || 'mfaChallengeId' in answer ? answer : { error: true, status: 0, message: 'Unexpected answer: please reload the page.' };
}

export const revokeToken = (apiTokenId: number) => apiClient.DELETE('/apiTokens/{id}', { params: { path: { id: apiTokenId } }, toast: false });

/** A passkey assertion for "confirm", then the creation with it. */
export async function createTokenWithPasskey(details: TokenDetails): Promise<CreatedApiToken | ApiFailure> {
  type Options = Parameters<typeof import('@simplewebauthn/browser').startAuthentication>[0]['optionsJSON'];
  const options = await apiClient.POST('/session/passkeyOptions', { body: { purpose: 'confirm' }, toast: false });
  if (isFailure(options)) return options;
  // The WebAuthn helper loads only when someone uses a passkey.
  const { startAuthentication } = await import('@simplewebauthn/browser');
  try {
    const passkey = await startAuthentication({ optionsJSON: options as unknown as Options });
    return await createToken(details, { passkey } as unknown as SecondFactorProof);
  } catch (error) {
    const message = (error as Error).name === 'NotAllowedError' ? 'The passkey request was cancelled. Try again, or use a code.' : (error as Error).message;
    return { error: true, status: 0, message };
  }
}
