/**
 * Tax on a charge after checkout (a renewal, a monthly bill, Domain Protection, email, a restarted transfer), decided
 * and computed as checkout does: the account's billing country and region and its confirmed VAT number through
 * `decideTax`, each charge line taxed on its own with `taxOn` (half up to the cent). The decision is recorded with the
 * authorisation, so the capture charges and invoices the tax the card was authorised for, whatever changes between.
 */
import { eq, inArray } from 'drizzle-orm';
import { describeTax, formatRate, type TaxDecision, taxOfLines } from '../../contract/billing/tax.ts';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, chargeIntents } from '../../db/schema/index.ts';
import { taxOperator } from './seller-identity.ts';
import { accountTaxCustomer } from './tax-customer.ts';
import { decideTax } from './tax-rates.ts';

/** The tax an account's charges carry today: checkout's decision for the same account. */
export async function accountChargeTax(db: DbOrTx, accountId: number, today: Date): Promise<TaxDecision> {
  const [account] = await db.select().from(accounts).where(eq(accounts.accountId, accountId));
  return decideTax(accountTaxCustomer(account, null), taxOperator(), today);
}

/** What a charge's tax is called: `VAT 21% (Netherlands)`, the reverse-charge sentence; null when none applies. */
export function chargeTaxNote(decision: TaxDecision | null): string | null {
  if (decision?.reverseCharge) return describeTax(decision, 0);
  return decision && decision.rate > 0 ? `${decision.label} ${formatRate(decision.rate)} (${decision.place})` : null;
}

type Taxable = { description: string; amount: number; domainId?: number | null; startDate?: Date };

/**
 * The tax ledger rows of a capture: one per domain (as checkout writes one per order line), the sum of its lines' tax,
 * with the rate a refund takes its share back at, dated as the domain's first line (so a statement shows a renewal and
 * its tax in the same month). None when the decision charges no tax (reverse charge, untaxed).
 */
export function taxRowsOf<L extends Taxable>(
  lines: readonly L[],
  decision: TaxDecision | null,
): { description: string; amount: number; domainId: number | null; startDate?: Date; metaData: { rate: number; taxOf: null } }[] {
  if (!decision || decision.rate <= 0) return [];
  const groups = new Map<number | null, L[]>();
  for (const line of lines) groups.set(line.domainId ?? null, [...(groups.get(line.domainId ?? null) ?? []), line]);
  return [...groups].flatMap(([domainId, group]) => {
    const amount = taxOfLines(
      group.map((line) => line.amount),
      decision,
    );
    if (amount <= 0) return [];
    const what = group.map((line) => line.description).join(', ');
    const dated = group[0].startDate ? { startDate: group[0].startDate } : {};
    const description = `${decision.label} ${formatRate(decision.rate)} (${decision.place}) on ${what}`;
    return [{ description, amount, domainId, ...dated, metaData: { rate: decision.rate, taxOf: null } }];
  });
}

/** The tax decisions recorded with these authorisations (none for an intent authorised before tax was recorded). */
export async function heldTaxes(db: DbOrTx, paymentIntentIds: string[]): Promise<Map<string, TaxDecision>> {
  if (paymentIntentIds.length === 0) return new Map();
  const rows = await db
    .select({ id: chargeIntents.paymentIntentId, tax: chargeIntents.tax })
    .from(chargeIntents)
    .where(inArray(chargeIntents.paymentIntentId, paymentIntentIds));
  return new Map(rows.flatMap((row) => (row.tax ? [[row.id, row.tax] as const] : [])));
}
