/** The account as the control panel reads it (control-panel spec §3 Account), with billing figures derived from domains. */
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { max } from 'date-fns/max';
import { subDays } from 'date-fns/subDays';
import { now as currentTime } from '../../clock.ts';
import type { Account } from '../../contract/domains/domain.ts';
import { autoRenewLeadDays } from '../../contract/domains/domain-status.ts';
import type { Db } from '../../db/client.ts';
import { accounts, type DomainRow, domains, paymentMethods } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { catalogue } from '../search/catalogue.ts';
import { describeCard } from '../../contract/billing/card-names.ts';
import { taxOfLines } from '../../contract/billing/tax.ts';
import { nextRecurringBill } from '../billing/recurring-billing.ts';

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

  const recurring = await nextRecurringBill(db, accountId);
  const autoRenew = nextAutoRenewal(owned, now);
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
    vatNumber: account.vatNumber,
    vatStatus: account.vatStatus,
    $pendingChanges: account.pendingChanges,
    recurringBillDate: recurring.date?.toISOString() ?? null,
    recurringBillAmount: recurring.amount,
    autoRenewDate: autoRenew.date?.toISOString() ?? null,
    // What the card pays, as the monthly bill's amount: each renewal taxed on its own, as the charge will be.
    autoRenewAmount: autoRenew.amounts.reduce((sum, amount) => sum + amount, 0) + taxOfLines(autoRenew.amounts, recurring.chargeTax),
    autoPayDescription: card ? describeCard(card) : null,
    chargeTax: recurring.chargeTax,
  };
}

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The next auto-renewal: the day the first active auto-renewing domain renews (15 days before it expires, or today
 * when that day passed), and the one-year renew prices of every domain renewing that day.
 */
export function nextAutoRenewal(owned: DomainRow[], now: Date): { date: Date | null; amounts: number[] } {
  const renewals = owned
    .filter((d) => d.autoRenewEnabled && d.status === 'active')
    .map((d) => ({ date: max([now, subDays(d.expireDate, autoRenewLeadDays)]), domain: d.domain }))
    .sort((a, b) => a.date.getTime() - b.date.getTime());
  const next = renewals[0];
  if (!next) return { date: null, amounts: [] };
  const amounts = renewals.filter((r) => utcDay(r.date) === utcDay(next.date)).map((r) => catalogue().forDomain(r.domain)?.renewPricing[0] ?? 0);
  return { date: next.date, amounts };
}
