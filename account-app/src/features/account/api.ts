/** Account Information data: the account and login through SWR, the two-factor count, and the update calls (spec §7). */
import { type ApiFailure, api, isFailure } from '@kit/api.ts';
import useSWR, { mutate } from 'swr';
import type { Account } from '../../../../api/contract/domains/domain.ts';
import { accountPath as accountKey } from '../../../../api/contract/domains/first-reads.ts';
import type { ListResult } from '../../../../api/contract/list.ts';
import type { CurrentUser } from '../session/api.ts';

export type { Account } from '../../../../api/contract/domains/domain.ts';
export type { Contact } from '../../../../api/contract/contact.ts';

/** The key My Domains reads too: saving here refreshes the Advanced tab there. */
export { accountKey };
export const userKey = '/users/0';

export function useAccountInfo() {
  const { data, error, isLoading } = useSWR<Account | null>(accountKey);
  return { account: data ?? null, error: error as Error | undefined, isLoading };
}

export function useActiveMfaCount(): number | null {
  const { data } = useSWR<ListResult<{ mfaId: number }> | null>('/mfas?status=active');
  return data ? data.total : null;
}

export type AccountPatch = Partial<
  Pick<
    Account,
    | 'registrantContact'
    | 'whoisAdminContact'
    | 'whoisTechContact'
    | 'whoisBillingContact'
    | 'whoisRedactionOptOut'
    | 'tdrpOptOut'
    | 'advancedEnabled'
    | 'vatNumber'
  >
>;

export async function patchAccount(patch: AccountPatch): Promise<Account | ApiFailure> {
  const answer = await api<Account>(accountKey, { method: 'PATCH', body: patch, toast: false });
  if (!isFailure(answer)) await mutate(accountKey, answer, { revalidate: false });
  return answer;
}

export type LoginPatch = { email?: string; password?: string; currentPassword?: string };

export async function patchLogin(patch: LoginPatch): Promise<CurrentUser | ApiFailure> {
  const answer = await api<CurrentUser>(userKey, { method: 'PATCH', body: patch, toast: false });
  if (!isFailure(answer)) await mutate(userKey, answer, { revalidate: false });
  return answer;
}

export type ValidateAnswer = { valid: boolean; msg: string };

/** The server's check of a new login email or password while typing (POST /api/validate). */
export async function validateField(body: { email: string } | { password: string }, signal: AbortSignal): Promise<ValidateAnswer | ApiFailure> {
  return api<ValidateAnswer>('/validate', { method: 'POST', body, toast: false, signal });
}

export function needsReauth(failure: ApiFailure): boolean {
  return (failure.data as { reauthRequired?: boolean } | undefined)?.reauthRequired === true;
}
