/** The tax on a renewal order, as the preview shows it before the card is charged and as the answer shows what it paid. */
import { and, eq, sql } from 'drizzle-orm';
import { type RenewAnswer, type RenewLine, renewalChargeAmounts } from '../../contract/renewals/renew-rules.ts';
import type { DbOrTx } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';
import { taxOfLines } from '../../contract/billing/tax.ts';
import { accountChargeTax, chargeTaxNote, heldTaxes } from '../billing/charge-tax.ts';

/** The tax the card will pay on top of the lines' prices, decided as checkout decides it. */
export async function previewTax(db: DbOrTx, accountId: number, lines: RenewLine[], today: Date): Promise<Pick<RenewAnswer, 'tax' | 'taxNote'>> {
  const decision = await accountChargeTax(db, accountId, today);
  const note = chargeTaxNote(decision);
  return { tax: taxOfLines(lines.flatMap(renewalChargeAmounts), decision), ...(note ? { taxNote: note } : {}) };
}

/** The tax a settled order's card paid: its tax ledger rows, and the decision it was authorised with. */
export async function chargedTax(db: DbOrTx, paymentIntentId: string | null): Promise<Pick<RenewAnswer, 'tax' | 'taxNote'>> {
  if (!paymentIntentId) return { tax: 0 };
  const [row] = await db
    .select({ tax: sql<number>`coalesce(sum(${transactions.amount}), 0)::int` })
    .from(transactions)
    .where(and(eq(transactions.paymentReference, paymentIntentId), eq(transactions.type, 'tax')));
  const note = chargeTaxNote((await heldTaxes(db, [paymentIntentId])).get(paymentIntentId) ?? null);
  return { tax: Number(row?.tax ?? 0), ...(note ? { taxNote: note } : {}) };
}
