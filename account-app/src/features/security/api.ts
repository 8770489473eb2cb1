/** Two-factor methods and passkeys of the signed-in holder (GET /api/mfas, GET /api/passkeys) through SWR, and the calls that change them. */
import { type ApiFailure, isFailure } from '@kit/api.ts';
import { apiClient, apiKey } from '@kit/api-client.ts';
import { withRecentAuth } from '@kit/ConfirmIdentity.tsx';
import { mutate } from 'swr';
import type { MfaAdd, MfaAdded, MfaMethod, PasskeyRegister, PasskeyView } from '../../../../api/contract/auth/mfa.ts';
import { useApi } from '../../swr.ts';
import { userKey } from '../session/api.ts';

export type { MfaAdded, MfaMethod, PasskeyView };

export const mfasKey = apiKey('/mfas', { params: { query: { status: ['active', 'pending'] } } });
export const passkeysKey = apiKey('/passkeys');

export function useSecurity() {
  const methods = useApi(mfasKey);
  const passkeys = useApi(passkeysKey);
  return {
    methods: methods.data?.data ?? [],
    passkeys: passkeys.data?.data ?? [],
    isLoading: methods.isLoading || passkeys.isLoading,
    error: (methods.error ?? passkeys.error) as Error | undefined,
  };
}

export function refreshSecurity() {
  void mutate(mfasKey);
  void mutate(passkeysKey);
  // A first method added after staff reset the account's factors frees the rest of the app.
  void mutate(userKey);
}

/** What sign-in asks for after the password: active methods and passkeys together. */
export function countSecondFactors(methods: MfaMethod[], passkeys: PasskeyView[]): number {
  return methods.filter((m) => m.status === 'active').length + passkeys.length;
}

export const addMethod = (input: MfaAdd) =>
  withRecentAuth(() => apiClient.POST('/mfas', { body: input.type === 'totp' ? { type: 'totp' } : input, toast: false }));

export const verifyMethod = (mfaId: number, token: string) =>
  apiClient.PATCH('/mfas/{id}', { params: { path: { id: mfaId } }, body: { token, status: 'active' }, toast: false });

export const resendCode = (mfaId: number) => apiClient.POST('/mfas/{id}/codes', { params: { path: { id: mfaId } }, toast: false });

export const removeMethod = (mfaId: number, password?: string) =>
  withRecentAuth(() => apiClient.DELETE('/mfas/{id}', { params: { path: { id: mfaId } }, body: password ? { password } : {}, toast: false }));

/** Drops a method still being added (no confirmation needed: it never verified anything). */
export const abandonMethod = (mfaId: number) => apiClient.DELETE('/mfas/{id}', { params: { path: { id: mfaId } }, body: {}, toast: false });

export const removePasskey = (passkeyId: number, password?: string) =>
  withRecentAuth(() => apiClient.DELETE('/passkeys/{id}', { params: { path: { id: passkeyId } }, body: password ? { password } : {}, toast: false }));

/** Registers a passkey: options (after "confirm it's you" if needed), the browser's ceremony, then the answer. */
export async function registerPasskey(name: string): Promise<PasskeyView | ApiFailure> {
  type Options = Parameters<typeof import('@simplewebauthn/browser').startRegistration>[0]['optionsJSON'];
  const options = await withRecentAuth(() => apiClient.POST('/passkeys/registrationOptions', { toast: false }));
  if (isFailure(options)) return options;
  // The WebAuthn helper loads only when someone adds a passkey.
  const { startRegistration, WebAuthnError } = await import('@simplewebauthn/browser');
  try {
    const response = await startRegistration({ optionsJSON: options as unknown as Options });
    return await apiClient.POST('/passkeys', { body: { name, response: response as unknown as PasskeyRegister['response'] }, toast: false });
  } catch (error) {
    const code = error instanceof WebAuthnError ? error.code : '';
    const message =
      code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'
        ? 'This device already holds a passkey for your account.'
        : (error as Error).name === 'NotAllowedError'
          ? 'The passkey was not created: the request was cancelled or timed out.'
          : `The passkey was not created: ${(error as Error).message}`;
    return { error: true, status: 0, message };
  }
}
