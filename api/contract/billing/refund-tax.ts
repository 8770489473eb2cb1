/**
 * A refund takes the tax of what it refunds back with it: each line's tax is a charge of its own (type `tax`, on the
 * line's domain and order), and refunding part of the line's other charges refunds the same share of that tax, all of
 * what is left of it once every other charge of the line is refunded. The server refunds by this; the back office's
 * refund dialog shows by it what will go back before it is sent.
 */
import type { PaymentCharge } from './refunds.ts';

/** Adds to `asked` (charge id -> cents) the tax that goes back with the charges asked for, within what is refundable. */
export function addTaxBack(charges: ReadonlyMap<number, PaymentCharge>, asked: Map<number, number>): void {
  const requested = new Map(asked);
  for (const tax of charges.values()) {
    if (tax.type !== 'tax' || tax.refundable <= 0 || requested.has(tax.transactionId)) continue;
    const taxed = [...charges.values()].filter((charge) => charge.type !== 'tax' && charge.domainId === tax.domainId && charge.orderId === tax.orderId);
    const refunded = taxed.reduce((sum, charge) => sum + (requested.get(charge.transactionId) ?? 0), 0);
    if (refunded === 0) continue;
    const allOfIt = taxed.every((charge) => (requested.get(charge.transactionId) ?? 0) >= charge.refundable);
    const already = asked.get(tax.transactionId) ?? 0;
    const share = allOfIt ? tax.refundable : Math.round(refunded * (tax.taxRate ?? 0) + 1e-9);
    const more = Math.max(0, Math.min(share, tax.refundable) - already);
    if (more > 0) asked.set(tax.transactionId, already + more);
  }
}
