/**
 * An order as its buyer reads it after checkout (GET /api/orders/:id, the account app's order confirmation) and in the
 * emailed receipt: one set of words for both, so the page and the email never disagree. No zod (the types come from
 * order-schemas.ts, type-only): the account app imports it.
 */
import { formatDateUtc } from '../dates.ts';
import { formatMoney } from '../money.ts';

import type { OrderConfirmation, OrderConfirmationLine } from './order-schemas.ts';

export type { OrderConfirmation, OrderConfirmationLine, OrderSummary } from './order-schemas.ts';
export type OrderLineKind = OrderConfirmationLine['kind'];
export type OrderLineOutcome = OrderConfirmationLine['outcome'];

/** The status the buyer reads: a refund outranks the order's progress. */
export function orderStatusLabel(order: Pick<OrderConfirmation, 'status' | 'refundStatus'>): string {
  if (order.refundStatus === 'refunded') return 'Refunded';
  if (order.refundStatus === 'partlyRefunded') return 'Partly refunded';
  return { completed: 'Completed', confirming: 'Confirming', processing: 'Processing', failed: 'Failed' }[order.status];
}

/** The price before discount and credit: term, protection and plan. */
export const linePrice = (line: Pick<OrderConfirmationLine, 'price' | 'protectionPrice' | 'monthlyPrice'>) =>
  line.price + line.protectionPrice + line.monthlyPrice;

/** "Order 1042": the number the buyer quotes to support. */
export const orderNumber = (orderId: number) => `${orderId}`;

const kindLabels: Record<OrderLineKind, string> = { registration: 'Registration', transfer: 'Transfer', market: 'Bought from its owner' };

/** What the line is, in a few words: "Registration, 2 years", "Transfer, 1 year added", "Bought from its owner". */
export function lineLabel(line: Pick<OrderConfirmationLine, 'kind' | 'years'>): string {
  if (line.kind === 'market') return kindLabels.market;
  const years = `${line.years} year${line.years === 1 ? '' : 's'}`;
  return line.kind === 'transfer' ? `Transfer, ${years} added` : `Registration, ${years}`;
}

/** What happens next for one line, in the buyer's words. */
export function lineNextStep(line: OrderConfirmationLine): string {
  const until = line.expireDate ? formatDateUtc(line.expireDate) : null;
  switch (line.outcome) {
    case 'failed':
      return line.kind === 'market'
        ? `${line.domain} could not be bought (it is no longer for sale at this price), so it was not charged.`
        : `We could not ${line.kind === 'transfer' ? 'transfer' : 'register'} ${line.domain}, so it was not charged. It is back in your cart.`;
    case 'confirming':
      return `The registry has not confirmed ${line.domain} yet. We are checking with it: you are charged only once it is registered, and it then appears in My Domains.`;
    case 'awaitingAuthCode':
      return `The transfer of ${line.domain} needs a new auth code from its current registrar. Enter it in My Domains; the transfer is charged when it goes ahead.`;
    default:
      if (line.kind === 'transfer') {
        return `The transfer of ${line.domain} has started. Its current registrar may email the owner to approve it; otherwise it completes within 5 to 7 days, and we email you when it does. Its registration then runs until ${until ?? 'a year past its current expiry'}.`;
      }
      if (line.kind === 'market') {
        const lock = line.transferLockUntil
          ? ` As after any change of owner, it cannot move to another registrar until ${formatDateUtc(line.transferLockUntil)}.`
          : '';
        return `${line.domain} is now in your account, registered until ${until}.${lock}`;
      }
      return `${line.domain} is yours, registered until ${until}.`;
  }
}

export function orderHeadline(order: Pick<OrderConfirmation, 'status'>): string {
  switch (order.status) {
    case 'completed':
      return 'Thank you, your order is complete';
    case 'confirming':
      return 'Thank you, your order is placed';
    case 'processing':
      return 'Your order is being processed';
    default:
      return 'Your order did not go through';
  }
}

/** The money rows of a receipt, in order, each a label and signed cents; they add up to what the card paid. */
export function receiptSums(order: OrderConfirmation): { label: string; amount: number }[] {
  return [
    { label: 'Subtotal', amount: order.subtotal },
    ...(order.discount > 0 ? [{ label: `Promo code ${order.promoCode ?? ''}`.trim(), amount: -order.discount }] : []),
    ...(order.tax > 0 ? [{ label: order.taxLabel ?? 'Tax', amount: order.tax }] : []),
    { label: 'Total', amount: order.total },
    ...(order.credit > 0 ? [{ label: 'Account credit used', amount: -order.credit }] : []),
    { label: 'Total charged', amount: order.totalCharged },
  ];
}

const signed = (cents: number) => (cents < 0 ? `-${formatMoney(-cents)}` : formatMoney(cents));

/** The emailed receipt: the confirmation page as plain text. */
export function receiptText(order: OrderConfirmation, brandName: string, accountUrl: string): string {
  const rows = order.lines.map((line) => {
    const amount = line.charged ? formatMoney(linePrice(line)) : 'not charged';
    const extras = [
      line.protectionPrice > 0 ? `Domain Protection ${formatMoney(line.protectionPrice)}` : '',
      line.monthlyPrice > 0 ? `plan, first month ${formatMoney(line.monthlyPrice)}` : '',
    ].filter(Boolean);
    const reductions = [
      line.charged && line.discount > 0 ? `    Promo code ${order.promoCode ?? ''}: -${formatMoney(line.discount)}` : '',
      line.charged && line.credit > 0 ? `    Account credit: -${formatMoney(line.credit)}` : '',
    ].filter(Boolean);
    return [`  ${line.domain}\n    ${lineLabel(line)}${extras.length ? ` (with ${extras.join(', ')})` : ''}: ${amount}`, ...reductions].join('\n');
  });
  const next = order.lines.map((line) => `  - ${lineNextStep(line)}`);
  const sums = receiptSums(order).map(
    (row) => `${row.label}: ${signed(row.amount)}${row.label === 'Total charged' && order.card ? ` to your ${order.card}` : ''}`,
  );
  const invoice = order.documents.find((doc) => doc.kind === 'invoice');
  return [
    `${orderHeadline(order)}.`,
    '',
    `Order ${orderNumber(order.orderId)}, placed ${formatDateUtc(order.createDate)}${invoice ? ` (invoice ${invoice.number})` : ''}`,
    '',
    ...rows,
    '',
    ...sums,
    ...(order.taxNote ? [order.taxNote] : []),
    '',
    'What happens next:',
    ...next,
    '',
    `Your domains: ${accountUrl}/account/domains`,
    `This order: ${accountUrl}/account/orders/${order.orderId}`,
    '',
    brandName,
  ].join('\n');
}
