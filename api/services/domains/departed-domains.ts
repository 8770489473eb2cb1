/**
 * A domain's services leave with the domain. When a name leaves an account (transferred away, or deleted at the end
 * of its expiry), one job removes what it carried, at the providers and in our rows: the mail domain with its
 * mailboxes and forwards, custom nameservers (glue), DS records, the website (builder site, forwarding, parking
 * choice), the For Sale listing, its plans, and the zone we served. Every step sets a final state, so the job is
 * retried until it succeeds and a repeat changes nothing. The name's next owner, here or elsewhere, starts clean and
 * is never touched: the mail host only removes mail it hosts for this row, glue is removed at the registry only when
 * the name is free there, and the zone is republished for a live owner of the name instead of withdrawn.
 */
import { and, eq, ne } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { domains, emails, registeredNameservers, websites } from '../../db/schema/index.ts';
import type { Deps, JobQueue } from '../../deps.ts';
import { mailDomainOwner } from '../../providers/mailhost/index.ts';
import { RegistryHostInUseError } from '../../providers/registry/index.ts';
import { syncZone } from '../dns/zone.ts';
import { registryBudgetWait, spendRegistryWrite } from './registry-changes.ts';

export const domainCleanupQueue = 'domain-cleanup';

/** Called where a domain becomes `deleted` (transfer away completed, expiry purge): the cleanup runs as a job. */
export async function queueDomainCleanup(jobs: Pick<JobQueue, 'send'>, domainId: number, startAfterSeconds?: number): Promise<void> {
  await jobs.send(domainCleanupQueue, { domainId }, startAfterSeconds ? { startAfter: startAfterSeconds } : undefined);
}

export type DomainCleanupReport = {
  domain: string | null;
  /** Nothing to do: the row is gone, or the domain is back in the account (not deleted). */
  skipped: boolean;
  mailboxesAndForwards: number;
  glueHosts: number;
  /** The registry-change budget had no room for the glue hosts' removal: the job runs again after this wait. */
  deferredSeconds?: number;
};

export async function cleanUpDepartedDomain(deps: Pick<Deps, 'db' | 'config' | 'providers' | 'jobs'>, domainId: number): Promise<DomainCleanupReport> {
  const { db, providers } = deps;
  const [domain] = await db.select().from(domains).where(eq(domains.domainId, domainId));
  if (domain?.status !== 'deleted') return { domain: domain?.domain ?? null, skipped: true, mailboxesAndForwards: 0, glueHosts: 0 };
  const name = domain.domain.toLowerCase();

  // Mail first: it is what keeps arriving. The receiver already refuses it (the row is deleted); this frees the
  // addresses and deletes the messages at the mail host.
  await providers.mailHost.removeDomain(name, mailDomainOwner(domainId));
  const addresses = await db
    .update(emails)
    .set({ status: 'deleted' })
    .where(and(eq(emails.domainId, domainId), eq(emails.status, 'active')))
    .returning({ emailId: emails.emailId });

  const glue = await db
    .select()
    .from(registeredNameservers)
    .where(and(eq(registeredNameservers.domainId, domainId), ne(registeredNameservers.status, 'deleted')));
  if (glue.some((host) => host.status === 'active')) {
    // Host objects under a name belong with the name: after a transfer they are the new registrar's, after a new
    // registration the new owner's. Only a name free at the registry leaves ours behind to delete.
    const record = await providers.registry.info(name);
    if (!record) {
      for (const host of glue.filter((h) => h.status === 'active')) {
        try {
          await spendRegistryWrite(deps, { by: 'job', accountId: domain.accountId, domain }, () => providers.registry.deleteHost(host.hostname));
        } catch (error) {
          const wait = registryBudgetWait(error);
          if (wait !== null) {
            // Every step sets a final state, so the whole cleanup runs again once the budget has room.
            await queueDomainCleanup(deps.jobs, domainId, wait);
            return { domain: name, skipped: false, mailboxesAndForwards: addresses.length, glueHosts: glue.length, deferredSeconds: wait };
          }
          // Another domain names it as a nameserver: the registry keeps it for that domain, as it must.
          if (!(error instanceof RegistryHostInUseError)) throw error;
          console.warn(`${host.hostname} stays at the registry: ${error.message}`);
        }
      }
    }
  }
  await db.update(registeredNameservers).set({ status: 'deleted', reviewDate: null }).where(eq(registeredNameservers.domainId, domainId));

  await db.delete(websites).where(eq(websites.domainId, domainId));
  await db
    .update(domains)
    .set({
      emailEnabled: false,
      builderEnabled: false,
      builderUrl: null,
      websiteType: 'park',
      parkType: 'default',
      forwardUrl: null,
      forSale: false,
      listPrice: null,
      floorPrice: null,
      dsRecords: [],
      mrc: 0,
      modifyDate: now(),
    })
    .where(and(eq(domains.domainId, domainId), eq(domains.status, 'deleted')));

  // Withdraws the zone, unless the name is live in another account (syncZone then keeps theirs).
  await syncZone(deps, domainId);

  return { domain: name, skipped: false, mailboxesAndForwards: addresses.length, glueHosts: glue.length };
}

/**
 * Before the registry deletes a name, its subordinate host objects must go (RFC 5731 §3.2.2): the name first stops
 * using them as its own nameservers, then each is deleted. A host another domain still names stays, and the
 * registry then refuses the delete, which the next calendar run tries again.
 */
export async function releaseSubordinateHosts(
  deps: Pick<Deps, 'db' | 'providers' | 'config'>,
  domain: { domainId: number; domain: string; ns: string[] },
): Promise<void> {
  const { db, providers } = deps;
  // A job's writes (the expiry purge, a market handover): past the budget the 429 leaves the name for the next run.
  const spend = (write: () => Promise<void>) => spendRegistryWrite(deps, { by: 'job', accountId: null, domain }, write);
  const glue = await db
    .select({ hostname: registeredNameservers.hostname })
    .from(registeredNameservers)
    .where(and(eq(registeredNameservers.domainId, domain.domainId), eq(registeredNameservers.status, 'active')));
  if (glue.length === 0) return;
  const hosts = new Set(glue.map((host) => host.hostname.toLowerCase()));
  if (domain.ns.some((ns) => hosts.has(ns.toLowerCase()))) {
    await spend(() => providers.registry.setNameservers(domain.domain, [...providers.registry.defaultNameservers]));
  }
  for (const host of hosts) {
    try {
      await spend(() => providers.registry.deleteHost(host));
    } catch (error) {
      if (!(error instanceof RegistryHostInUseError)) throw error;
      console.warn(`${host} stays at the registry while another domain names it, so ${domain.domain} cannot be deleted yet`);
    }
  }
}
