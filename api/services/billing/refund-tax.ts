/**
 * A refund takes the tax of what it refunds back with it: each line's tax is a ledger charge of its own (type `tax`,
 * on the line's domain and order), and refunding part of the line's other charges refunds the same share of that tax,
 * all of what is left of it once every other charge of the line is refunded. The credit note then shows it as tax.
 */
import type { PaymentCharge } from '../../contract/billing/refunds.ts';
import type { TransactionRow } from '../../db/schema/index.ts';

/** Adds to `asked` (charge id -> cents) the tax that goes back with the charges asked for, within what is refundable. */
export function addTaxBack(rows: TransactionRow[], charges: Map<number, PaymentCharge>, asked: Map<number, number>): void {
  const requested = new Map(asked);
  for (const taxRow of rows.filter((row) => row.type === 'tax' && row.amount > 0)) {
    const tax = charges.get(taxRow.transactionId);
    if (!tax || tax.refundable <= 0 || requested.has(taxRow.transactionId)) continue;
    const rate = (taxRow.metaData as { rate?: number } | null)?.rate ?? 0;
    const taxed = [...charges.values()].filter(
      (charge) =>
        charge.type !== 'tax' &&
        charge.domainId === taxRow.domainId &&
        rows.some((row) => row.transactionId === charge.transactionId && row.orderId === taxRow.orderId),
    );
    const refunded = taxed.reduce((sum, charge) => sum + (requested.get(charge.transactionId) ?? 0), 0);
    if (refunded === 0) continue;
    const allOfIt = taxed.every((charge) => (requested.get(charge.transactionId) ?? 0) >= charge.refundable);
    const already = asked.get(taxRow.transactionId) ?? 0;
    const share = allOfIt ? tax.refundable : Math.round(refunded * rate + 1e-9);
    const more = Math.max(0, Math.min(share, tax.refundable) - already);
    if (more > 0) asked.set(taxRow.transactionId, already + more);
  }
}

type Request = { paymentIntentId: string; items: { transactionId: number; amount: number }[] };

/** Whether a refund claimed under a key is the one this request asks for: its own items, not the tax added to them. */
export function isSameRequest(earlier: Request, input: Request): boolean {
  const asked = input.items.reduce((sum, item) => sum + item.amount, 0);
  const own = earlier.items.filter((item) => input.items.some((i) => i.transactionId === item.transactionId));
  return earlier.paymentIntentId === input.paymentIntentId && own.reduce((sum, item) => sum + item.amount, 0) === asked;
}
