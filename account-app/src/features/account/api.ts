/** Account Information data: the account and login through SWR, the two-factor count, and the update calls (spec §7). */
import { type ApiFailure, isFailure } from '@kit/api.ts';
import { type ApiAnswer, apiClient, apiKey } from '@kit/api-client.ts';
import { mutate } from 'swr';
import type { Account } from '../../../../api/contract/domains/domain.ts';
import { useApi } from '../../swr.ts';
import { accountKey } from '../domains/api.ts';
import { userKey } from '../session/api.ts';

export type { Account } from '../../../../api/contract/domains/domain.ts';
export type { Contact } from '../../../../api/contract/contact.ts';
import type { AccountUpdate } from '../../../../api/contract/accounts/account-update.ts';

/** The key My Domains reads too: saving here refreshes the Advanced tab there. */
export { accountKey, userKey };

export function useAccountInfo() {
  const { data, error, isLoading } = useApi(accountKey);
  return { account: data ?? null, error: error as Error | undefined, isLoading };
}

export function useActiveMfaCount(): number | null {
  const { data } = useApi(apiKey('/mfas', { params: { query: { status: ['active'] } } }));
  return data ? data.total : null;
}

/** What PATCH /api/accounts/0 takes: any of the contacts and preferences. */
export type AccountPatch = AccountUpdate;

export async function patchAccount(patch: AccountPatch): Promise<Account | ApiFailure> {
  const answer = await apiClient.PATCH('/accounts/0', { body: patch, toast: false });
  if (!isFailure(answer)) await mutate(accountKey, answer, { revalidate: false });
  return answer;
}

export type LoginPatch = { email?: string; password?: string; currentPassword?: string };

export async function patchLogin(patch: LoginPatch): Promise<ApiAnswer<'/users/0', 'patch'> | ApiFailure> {
  const answer = await apiClient.PATCH('/users/0', { body: patch, toast: false });
  // A signed-in user's change answers the user (only a recovery session's new password answers as a sign-in step).
  if (!isFailure(answer) && 'userId' in answer) await mutate(userKey, answer, { revalidate: false });
  return answer;
}

export type { ValidateAnswer } from '../../../../api/contract/carts/validate.ts';
import type { ValidateAnswer } from '../../../../api/contract/carts/validate.ts';

/** The server's check of a new login email or password while typing (POST /api/validate). */
export async function validateField(body: { email: string } | { password: string }, signal: AbortSignal): Promise<ValidateAnswer | ApiFailure> {
  const answer = await apiClient.POST('/validate', { body, toast: false, signal });
  // An email or a password is answered with a verdict; only a phone code is answered `sent`.
  return isFailure(answer) || 'valid' in answer ? answer : { valid: true, msg: answer.msg };
}

export function needsReauth(failure: ApiFailure): boolean {
  return (failure.data as { reauthRequired?: boolean } | undefined)?.reauthRequired === true;
}
