/** Sends an account's contacts (and TDRP locks) to the registry for each of its domains; retried while the registry refuses. */
import { registryContactsQueue } from '../services/accounts/registry-contacts.ts';
import { syncRegistryContacts } from '../services/domains/registry-contact-sync.ts';
import type { JobKind } from './job-kind.ts';

export const registryContactsJob: JobKind<{ accountId: number; afterDomainId?: number }> = {
  name: registryContactsQueue,
  queue: { retryLimit: 8, retryDelay: 60, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 600 },
  run: (deps, { accountId, afterDomainId }) => syncRegistryContacts(deps, accountId, afterDomainId),
};
