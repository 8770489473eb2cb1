/**
 * Brings the registry in line with the account: every domain it holds gets the account's contacts (published in WHOIS
 * only when the account opted out of redaction and the domain has no Whois Privacy), and a domain in a TDRP hold is
 * locked. Run as a job after a contact change (registry-contacts), so a registry that is down delays the
 * change instead of losing it; it sets a state rather than applying a difference, so a retry or a second run is harmless.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { domainContactsOf } from '../../contract/accounts/account-info.ts';
import type { Deps, JobQueue } from '../../deps.ts';
import { accounts, domains } from '../../db/schema/index.ts';

export const registryContactsQueue = 'registry-contacts';

/** After a change of contacts, of `whoisRedactionOptOut` or of a domain's Whois Privacy. */
export async function queueRegistryContactSync(jobs: JobQueue, accountId: number): Promise<void> {
  await jobs.send(registryContactsQueue, { accountId });
}

/** Domains the registry holds for us on the account's behalf (an inbound transfer is not ours yet; a deleted one is gone). */
const heldStatuses = ['active', 'expired', 'redemption'] as const;

export async function syncRegistryContacts(deps: Pick<Deps, 'db' | 'providers'>, accountId: number): Promise<{ domains: number }> {
  const { db, providers } = deps;
  const [account] = await db.select().from(accounts).where(eq(accounts.accountId, accountId));
  if (!account) return { domains: 0 };
  const contacts = domainContactsOf(account);
  const owned = await db
    .select({ domain: domains.domain, tdrpHoldDate: domains.tdrpHoldDate, privacyEnabled: domains.privacyEnabled })
    .from(domains)
    // A suspended name keeps its registrant at the registry until the suspension is lifted (then this runs again).
    .where(and(eq(domains.accountId, accountId), inArray(domains.status, [...heldStatuses]), isNull(domains.suspendedAt)));
  const failures: string[] = [];
  for (const { domain, tdrpHoldDate, privacyEnabled } of owned) {
    try {
      await providers.registry.updateContacts(domain, contacts, { disclose: account.whoisRedactionOptOut && !privacyEnabled });
      if (tdrpHoldDate && tdrpHoldDate > now()) await providers.registry.setLock(domain, true);
    } catch (error) {
      // One name's trouble must not keep the others from the change; the job is retried for the lot.
      failures.push(`${domain}: ${(error as Error).message}`);
    }
  }
  if (failures.length > 0) throw new Error(`The registry refused the contact update for ${failures.join('; ')}`);
  return { domains: owned.length };
}

/** Domains of the account that a TDRP hold locks (those held at the registry). */
export async function holdAccountDomains(db: Pick<Deps['db'], 'update'>, accountId: number, until: Date): Promise<number> {
  const held = await db
    .update(domains)
    .set({ tdrpHoldDate: until, locked: true, modifyDate: now() })
    .where(and(eq(domains.accountId, accountId), inArray(domains.status, [...heldStatuses])))
    .returning({ domainId: domains.domainId });
  return held.length;
}
