/**
 * Queues the job that brings the registry in line with an account's contacts (domains/registry-contact-sync.ts does
 * it), and the TDRP hold's lock of the account's domains.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { Deps, JobQueue } from '../../deps.ts';
import { domains } from '../../db/schema/index.ts';

export const registryContactsQueue = 'registry-contacts';

/**
 * After a change of contacts, of `whoisRedactionOptOut` or of a domain's Whois Privacy. A sync the registry-change
 * budget cut short queues the rest: its names after `afterDomainId`, in `startAfterSeconds`.
 */
export async function queueRegistryContactSync(jobs: JobQueue, accountId: number, rest?: { startAfterSeconds: number; afterDomainId: number }): Promise<void> {
  if (!rest) await jobs.send(registryContactsQueue, { accountId });
  else await jobs.send(registryContactsQueue, { accountId, afterDomainId: rest.afterDomainId }, { startAfter: rest.startAfterSeconds });
}

/** Domains the registry holds for us on the account's behalf (an inbound transfer is not ours yet; a deleted one is gone). */
export const heldStatuses = ['active', 'expired', 'redemption'] as const;

/** Domains of the account that a TDRP hold locks (those held at the registry). */
export async function holdAccountDomains(db: Pick<Deps['db'], 'update'>, accountId: number, until: Date): Promise<number> {
  const held = await db
    .update(domains)
    .set({ tdrpHoldDate: until, locked: true, modifyDate: now() })
    .where(and(eq(domains.accountId, accountId), inArray(domains.status, [...heldStatuses])))
    .returning({ domainId: domains.domainId });
  return held.length;
}
