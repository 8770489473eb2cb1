/**
 * The registry side of a market sale, after the order is recorded: the name gets our nameservers (the seller's own
 * would keep answering for the buyer's name), the seller's hosts under it go where no other domain uses them, the
 * buyer's contacts replace the seller's, and the lock of the change of registrant is set. Then the seller's old row
 * is cleaned up like any domain that left an account (domain-cleanup: mail, site, glue, zone). Every step sets a
 * state, so the order-follow-up job repeats it until the registry answers.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { domainContactsOf } from '../../contract/accounts/account-info.ts';
import { accounts, domains, marketSales } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { queueDomainCleanup, releaseSubordinateHosts } from '../domains/departed-domains.ts';
import { spendRegistryWrite } from '../domains/registry-changes.ts';

export async function handOverDueSales(deps: Pick<Deps, 'db' | 'providers' | 'jobs' | 'config'>): Promise<{ handedOver: number; waiting: number }> {
  const { db, providers } = deps;
  const due = await db
    .select({ sale: marketSales, bought: domains })
    .from(marketSales)
    .innerJoin(domains, eq(domains.domainId, marketSales.buyerDomainId))
    .where(and(eq(marketSales.status, 'completed'), isNull(marketSales.handoverDate)))
    .orderBy(asc(marketSales.saleId))
    .limit(100);
  let handedOver = 0;
  let waiting = 0;
  for (const { sale, bought } of due) {
    try {
      const record = await providers.registry.info(bought.domain);
      if (!record?.ours) throw new Error(`${bought.domain} is no longer with us at the registry`);
      await releaseSubordinateHosts(deps, { domainId: sale.domainId, domain: bought.domain, ns: record.nameservers });
      // Each write spends the registry-change budget as a job: past it, the 429 below leaves the sale for the next run.
      const spend = (write: () => Promise<void>) => spendRegistryWrite(deps, { by: 'job', accountId: sale.buyerAccountId, domain: bought }, write);
      const wanted = [...providers.registry.defaultNameservers];
      const same = (a: string[], b: string[]) => a.length === b.length && a.every((host) => b.some((other) => other.toLowerCase() === host.toLowerCase()));
      if (!same(record.nameservers, wanted)) await spend(() => providers.registry.setNameservers(bought.domain, wanted));
      const [buyer] = await db.select().from(accounts).where(eq(accounts.accountId, sale.buyerAccountId));
      await spend(() => providers.registry.updateContacts(bought.domain, domainContactsOf(buyer), { disclose: false }));
      if (bought.locked) await spend(() => providers.registry.setLock(bought.domain, true));
      await db.update(marketSales).set({ handoverDate: now() }).where(eq(marketSales.saleId, sale.saleId));
      await queueDomainCleanup(deps.jobs, sale.domainId);
      handedOver += 1;
    } catch (error) {
      // One name's trouble must not hold the others: this one is tried again on the next run.
      console.error(`sale ${sale.saleId} (${bought.domain}): the registry handover waits`, error);
      waiting += 1;
    }
  }
  return { handedOver, waiting };
}
