/**
 * Brings the registry in line with the account: every domain it holds gets the account's contacts (published in WHOIS
 * only when the account opted out of redaction and the domain has no Whois Privacy), and a domain in a TDRP hold is
 * locked. Run as a job after a contact change (registry-contacts), so a registry that is down delays the change instead
 * of losing it; it sets a state rather than applying a difference, so a retry or a second run is harmless. Each write
 * spends the registry-change budget as a job: past it, the names not yet sent wait for a later run of the job, which
 * starts after the last one sent (a rerun from the first would spend the budget on the same names again).
 */
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { domainContactsOf } from '../../contract/accounts/account-info.ts';
import type { Deps } from '../../deps.ts';
import { accounts, domains } from '../../db/schema/index.ts';
import { heldStatuses, queueRegistryContactSync } from '../accounts/registry-contacts.ts';
import { registryBudgetWait, spendRegistryWrite } from './registry-changes.ts';

export type ContactSyncReport = { domains: number; deferredSeconds?: number };

export async function syncRegistryContacts(
  deps: Pick<Deps, 'db' | 'providers' | 'config' | 'jobs'>,
  accountId: number,
  afterDomainId = 0,
): Promise<ContactSyncReport> {
  const { db, providers } = deps;
  const [account] = await db.select().from(accounts).where(eq(accounts.accountId, accountId));
  if (!account) return { domains: 0 };
  const contacts = domainContactsOf(account);
  const owned = await db
    .select({ domainId: domains.domainId, domain: domains.domain, tdrpHoldDate: domains.tdrpHoldDate, privacyEnabled: domains.privacyEnabled })
    .from(domains)
    // A suspended name keeps its registrant at the registry until the suspension is lifted (then this runs again).
    .where(and(eq(domains.accountId, accountId), inArray(domains.status, [...heldStatuses]), isNull(domains.suspendedAt), gt(domains.domainId, afterDomainId)))
    .orderBy(asc(domains.domainId));
  const failures: string[] = [];
  let synced = 0;
  for (const row of owned) {
    const who = { by: 'job' as const, accountId, domain: row };
    try {
      await spendRegistryWrite(deps, who, () =>
        providers.registry.updateContacts(row.domain, contacts, { disclose: account.whoisRedactionOptOut && !row.privacyEnabled }),
      );
      if (row.tdrpHoldDate && row.tdrpHoldDate > now()) await spendRegistryWrite(deps, who, () => providers.registry.setLock(row.domain, true));
      synced += 1;
    } catch (error) {
      const wait = registryBudgetWait(error);
      if (wait !== null) {
        // Past the budget: the names from this one on are sent once it has room (a contact change meanwhile queues all).
        await queueRegistryContactSync(deps.jobs, accountId, { startAfterSeconds: wait, afterDomainId: row.domainId - 1 });
        return { domains: synced, deferredSeconds: wait };
      }
      // One name's trouble must not keep the others from the change; the job is retried for the lot.
      failures.push(`${row.domain}: ${(error as Error).message}`);
    }
  }
  if (failures.length > 0) throw new Error(`The registry refused the contact update for ${failures.join('; ')}`);
  return { domains: synced };
}
