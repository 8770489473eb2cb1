/**
 * Bulk actions on selected domains: each domain goes through its own PATCH /api/domains/:id, the route a single
 * change uses (ownership, registry limits and turns are checked there per domain), a few at a time, and each outcome
 * is reported against the domain's name. A domain that already is as asked is not sent.
 */
import { isFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';
import { isReauthRequired } from '@kit/reauth-required.ts';
import type { DomainUpdate } from '../../../../api/contract/domains/domain-update.ts';
import type { Domain } from './api.ts';

export type BulkAction = 'autoRenewOn' | 'autoRenewOff' | 'lock' | 'unlock' | 'nameservers';

export const bulkTitles: Record<BulkAction, string> = {
  autoRenewOn: 'Turn auto-renew on',
  autoRenewOff: 'Turn auto-renew off',
  lock: 'Lock domains',
  unlock: 'Unlock domains',
  nameservers: 'Set nameservers',
};

export type ItemState = { state: 'waiting' | 'working' | 'done' | 'unchanged' | 'failed' | 'stopped'; message?: string };

/** Requests in flight at once: the registry's changes go one per process anyway (registry-changes.ts), with a short line. */
export const bulkConcurrency = 3;

export function updateFor(action: BulkAction, ns: string[]): DomainUpdate {
  switch (action) {
    case 'autoRenewOn':
      return { autoRenewEnabled: true };
    case 'autoRenewOff':
      return { autoRenewEnabled: false };
    case 'lock':
      return { locked: true };
    case 'unlock':
      return { locked: false };
    case 'nameservers':
      return { ns };
  }
}

/** Whether the domain is already as the action asks (so nothing is sent for it). */
export function isAlready(action: BulkAction, domain: Domain, ns: string[]): boolean {
  switch (action) {
    case 'autoRenewOn':
      return domain.autoRenewEnabled;
    case 'autoRenewOff':
      return !domain.autoRenewEnabled;
    case 'lock':
      return domain.locked;
    case 'unlock':
      return !domain.locked;
    case 'nameservers': {
      // An empty list means "our nameservers": the server decides what those are.
      if (ns.length === 0) return !domain.$customNameservers;
      const current = new Set(domain.ns.map((n) => n.toUpperCase()));
      return current.size === ns.length && ns.every((n) => current.has(n.toUpperCase()));
    }
  }
}

export const reauthStopMessage = 'Not sent: sign in again first';

export async function runBulk(
  domains: Domain[],
  action: BulkAction,
  ns: string[],
  report: (domainId: number, item: ItemState) => void,
): Promise<{ reauthNeeded: boolean }> {
  const queue = [...domains];
  let reauthNeeded = false;
  const body = updateFor(action, ns);
  async function worker() {
    for (let domain = queue.shift(); domain; domain = queue.shift()) {
      if (reauthNeeded) {
        report(domain.domainId, { state: 'stopped', message: reauthStopMessage });
        continue;
      }
      if (isAlready(action, domain, ns)) {
        report(domain.domainId, { state: 'unchanged' });
        continue;
      }
      report(domain.domainId, { state: 'working' });
      const answer = await apiClient.PATCH('/domains/{id}', { params: { path: { id: domain.domainId } }, body, toast: false });
      if (!isFailure(answer)) {
        report(domain.domainId, { state: 'done' });
      } else if (isReauthRequired(answer as unknown)) {
        // Every later request would be refused the same way: stop and say so once.
        reauthNeeded = true;
        report(domain.domainId, { state: 'stopped', message: reauthStopMessage });
      } else {
        report(domain.domainId, { state: 'failed', message: answer.status === 403 ? 'This domain is not in your account' : answer.message });
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(bulkConcurrency, domains.length) }, worker));
  return { reauthNeeded };
}
