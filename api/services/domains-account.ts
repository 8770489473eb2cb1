/** The account as the control panel reads it (control-panel spec §3 Account), with billing figures derived from domains. */
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { isSameDay, max, subDays } from 'date-fns';
import { now as currentTime } from '../clock.ts';
import type { Account } from '../contract/domain.ts';
import { autoRenewLeadDays } from '../contract/domain-status.ts';
import type { Db } from '../db/client.ts';
import { accounts, domains, paymentMethods } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { catalogue } from './catalogue.ts';
import { describeCard } from './carts.ts';

export async function accountView(db: Db, accountId: number, now = currentTime()): Promise<Account> {
  const [account] = await db.select().from(accounts).where(eq(accounts.accountId, accountId));
  if (!account) throw new AppError(404, 'Account not found');
  const owned = await db
    .select()
    .from(domains)
    .where(and(eq(domains.accountId, accountId), ne(domains.status, 'deleted')))
    .orderBy(asc(domains.expireDate));
  const [card] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.accountId, accountId), eq(paymentMethods.status, 'active'), eq(paymentMethods.isDefault, true)))
    .orderBy(desc(paymentMethods.paymentMethodId))
    .limit(1);

  const recurringBillAmount = owned.reduce((sum, d) => sum + d.mrc, 0);
  // The first of next month in UTC (date-fns' startOfMonth would take the server's time zone).
  const firstOfNextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const renewals = owned
    .filter((d) => d.autoRenewEnabled && d.status === 'active')
    .map((d) => ({ date: max([now, subDays(d.expireDate, autoRenewLeadDays)]), domain: d.domain }));
  const next = renewals[0];
  const autoRenewAmount = next
    ? renewals
        .filter((r) => isSameDay(r.date, next.date))
        .reduce((sum, r) => sum + (catalogue().forDomain(r.domain)?.renewPricing[0] ?? 0), 0)
    : 0;

  return {
    accountId: account.accountId,
    createDate: account.createDate.toISOString(),
    modifyDate: account.modifyDate.toISOString(),
    registrantContact: account.registrantContact,
    whoisAdminContact: account.whoisAdminContact,
    whoisTechContact: account.whoisTechContact,
    whoisBillingContact: account.whoisBillingContact,
    whoisRedactionOptOut: account.whoisRedactionOptOut,
    tdrpOptOut: account.tdrpOptOut,
    advancedEnabled: account.advancedEnabled,
    $pendingChanges: account.pendingChanges,
    recurringBillDate: recurringBillAmount > 0 ? firstOfNextMonth.toISOString() : null,
    recurringBillAmount,
    autoRenewDate: next?.date.toISOString() ?? null,
    autoRenewAmount,
    autoPayDescription: card ? describeCard(card) : null,
  };
}
