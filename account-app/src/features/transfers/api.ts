/** Domain updates the transfer, privacy and selling modals send (PATCH /api/domains/:id, spec §7), and what they share. */
import { type ApiFailure, isFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';
import { mutate } from 'swr';
import type { DomainUpdate } from '../../../../api/contract/domains/domain-update.ts';
import { type Domain, domainsKey } from '../domains/api.ts';

/** Sends one update and refreshes My Domains; failures come back for the view to show (no toast). */
export async function updateDomain(domainId: number, update: DomainUpdate): Promise<Domain | ApiFailure> {
  const answer = await apiClient.PATCH('/domains/{id}', { params: { path: { id: domainId } }, body: update, toast: false });
  if (!isFailure(answer)) void mutate(domainsKey);
  return answer;
}

/** The server asks for a fresh sign-in before it shows an auth code (api/services/auth/recent-auth.ts). */
export function needsReauth(failure: ApiFailure): boolean {
  return failure.status === 403 && (failure.data as { reauthRequired?: boolean } | undefined)?.reauthRequired === true;
}

export const reauthMessage = 'For your security, auth codes are shown only within 15 minutes of signing in. Please sign in again to view it.';
