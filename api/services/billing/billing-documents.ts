/**
 * Invoices and credit notes. An order gets its invoice in the transaction that records it, a refund its credit note in
 * the transaction that records it; each number comes from a per-series, per-year counter in that same transaction, so
 * a rollback gives the number back and the sequence has no gaps. Documents are never edited (a trigger refuses it): a
 * correction is a credit note that names the invoice.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { BillingDocumentView } from '../../contract/billing/billing-documents.ts';
import type { DbOrTx } from '../../db/client.ts';
import { billingDocuments, orderLines, orders, promoCodes, promoRedemptions, refunds, transactions, users } from '../../db/schema/index.ts';
import type { BillingDocumentRow } from '../../db/schema/index.ts';
import { formatRate, type TaxDecision, taxOn } from '../../contract/billing/tax.ts';
import { sellerIdentity } from './seller-identity.ts';

type Line = BillingDocumentRow['lines'][number];

/** The next number of a series in a year: the counter's row is locked until the caller's transaction ends. */
export async function nextDocumentNumber(tx: DbOrTx, series: 'INV' | 'CN', year: number): Promise<{ sequence: number; number: string }> {
  const [row] = await tx.execute<{ last: number }>(sql`
    insert into document_sequences (series, year, last) values (${series}, ${year}, 1)
    on conflict (series, year) do update set last = document_sequences.last + 1
    returning last`);
  const sequence = Number(row.last);
  return { sequence, number: `${series}-${year}-${String(sequence).padStart(6, '0')}` };
}

async function buyerOf(tx: DbOrTx, accountId: number): Promise<BillingDocumentRow['buyer']> {
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.accountId, accountId)).orderBy(asc(users.userId)).limit(1);
  return { email: user?.email ?? null, country: null, taxId: null };
}

const termOf = (kind: string) => (kind === 'transfer' ? 'Transfer' : kind === 'market' ? 'Marketplace purchase' : 'Registration');

/**
 * The order's invoice, issued once (a second call answers the first): a line per delivered order line with its price,
 * promo discount and the credit that paid part of it. Nothing is issued for an order with no delivered line.
 */
export async function issueOrderInvoice(tx: DbOrTx, orderId: number, today: Date, options: { late?: boolean } = {}): Promise<BillingDocumentRow | null> {
  const [existing] = await tx
    .select()
    .from(billingDocuments)
    .where(and(eq(billingDocuments.orderId, orderId), eq(billingDocuments.kind, 'invoice')));
  if (existing) return existing;
  const [order] = await tx.select().from(orders).where(eq(orders.orderId, orderId));
  if (!order?.accountId) return null;
  const delivered = await tx
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.state, 'delivered')))
    .orderBy(orderLines.orderLineId);
  if (delivered.length === 0) return null;
  const [promo] = await tx
    .select({ code: promoCodes.code })
    .from(promoRedemptions)
    .innerJoin(promoCodes, eq(promoCodes.promoCodeId, promoRedemptions.promoCodeId))
    .where(eq(promoRedemptions.cartId, order.cartId));
  const taxRate = order.tax?.rate ?? 0;
  // A late invoice (issued on another day than the sale, see missing-invoices.ts) names the day of the sale.
  const sold = options.late ? `, sold ${order.createDate.toISOString().slice(0, 10)}` : '';
  const lines: Line[] = delivered.map((line) => {
    const amount = line.price + line.protectionPrice + line.monthlyPrice;
    const discount = line.discount;
    return {
      description: `${termOf(line.kind)} of ${line.domain}${discount > 0 && promo ? ` (promo code ${promo.code})` : ''}${sold}`,
      amount,
      discount,
      credit: line.credit,
      taxRate: line.tax > 0 ? taxRate : 0,
      tax: line.tax,
      total: amount - discount,
    };
  });
  const buyer = await buyerOf(tx, order.accountId);
  return insertDocument(tx, {
    kind: 'invoice',
    accountId: order.accountId,
    orderId,
    refundId: null,
    invoiceId: null,
    lines,
    seller: sellerIdentity(),
    buyer: order.tax ? { ...buyer, ...taxIdentity(order.tax) } : buyer,
    today,
  });
}

/** The buyer's tax identity on an invoice: their country, VAT number, and the words that explain the tax. */
function taxIdentity(decision: TaxDecision): Pick<BillingDocumentRow['buyer'], 'country' | 'taxId' | 'taxNote'> {
  const note = decision.reverseCharge
    ? 'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).'
    : decision.rate > 0
      ? `${decision.label} ${formatRate(decision.rate)} (${decision.place})`
      : null;
  return { country: decision.country, taxId: decision.buyerTaxId, taxNote: note };
}

/**
 * A single charge's invoice (a renewal, a monthly bill, Domain Protection, email), issued in the transaction that
 * records its capture, once per payment: a line per charge with its tax at the rate it was authorised with, paid by
 * the card, and the buyer's tax identity as an order's invoice has it.
 */
export async function issueChargeInvoice(
  tx: DbOrTx,
  input: { accountId: number; paymentIntentId: string; lines: { description: string; amount: number }[]; tax?: TaxDecision | null; today: Date },
): Promise<BillingDocumentRow> {
  const [existing] = await tx
    .select()
    .from(billingDocuments)
    .where(and(eq(billingDocuments.paymentIntentId, input.paymentIntentId), eq(billingDocuments.kind, 'invoice')));
  if (existing) return existing;
  const rate = input.tax?.rate ?? 0;
  const lines: Line[] = input.lines.map((line) => {
    const tax = taxOn(line.amount, rate);
    return { description: line.description, amount: line.amount, discount: 0, credit: 0, taxRate: tax > 0 ? rate : 0, tax, total: line.amount };
  });
  const buyer = await buyerOf(tx, input.accountId);
  return insertDocument(tx, {
    kind: 'invoice',
    accountId: input.accountId,
    orderId: null,
    paymentIntentId: input.paymentIntentId,
    refundId: null,
    invoiceId: null,
    lines,
    seller: sellerIdentity(),
    buyer: input.tax ? { ...buyer, ...taxIdentity(input.tax) } : buyer,
    today: input.today,
  });
}

/** A refund's credit note, naming the invoice of the order or single charge it refunds: one line per refunded charge. */
export async function issueCreditNote(tx: DbOrTx, refundId: number, today: Date): Promise<BillingDocumentRow> {
  const [existing] = await tx.select().from(billingDocuments).where(eq(billingDocuments.refundId, refundId));
  if (existing) return existing;
  const [refund] = await tx.select().from(refunds).where(eq(refunds.refundId, refundId));
  // The order's invoice, or the single charge's (issued with its capture).
  const [invoice] = await tx
    .select()
    .from(billingDocuments)
    .where(
      and(
        refund.orderId == null ? eq(billingDocuments.paymentIntentId, refund.paymentIntentId) : eq(billingDocuments.orderId, refund.orderId),
        eq(billingDocuments.kind, 'invoice'),
      ),
    );
  const charges = new Map((await tx.select().from(transactions).where(eq(transactions.accountId, refund.accountId))).map((row) => [row.transactionId, row]));
  const creditShare = refund.creditAmount;
  let creditLeft = creditShare;
  const lines: Line[] = refund.items.map((item) => {
    const charge = charges.get(item.transactionId);
    if (charge?.type === 'tax') {
      // Tax given back is tax on the note, not a price: the invoice's tax less the notes' is what was kept.
      const rate = (charge.metaData as { rate?: number } | null)?.rate ?? 0;
      return { description: `Refund: ${charge.description}`, amount: 0, discount: 0, credit: 0, taxRate: rate, tax: -item.amount, total: 0 };
    }
    const credit = Math.min(creditLeft, item.amount);
    creditLeft -= credit;
    return {
      description: `Refund: ${charges.get(item.transactionId)?.description ?? `charge ${item.transactionId}`}`,
      amount: -item.amount,
      discount: 0,
      credit: -credit,
      taxRate: 0,
      tax: 0,
      total: -item.amount,
    };
  });
  return insertDocument(tx, {
    kind: 'creditNote',
    accountId: refund.accountId,
    orderId: refund.orderId,
    refundId,
    invoiceId: invoice?.documentId ?? null,
    lines,
    seller: sellerIdentity(),
    buyer: invoice?.buyer ?? (await buyerOf(tx, refund.accountId)),
    today,
  });
}

async function insertDocument(
  tx: DbOrTx,
  input: Pick<BillingDocumentRow, 'kind' | 'accountId' | 'orderId' | 'refundId' | 'invoiceId' | 'lines' | 'seller' | 'buyer'> & {
    today: Date;
    paymentIntentId?: string | null;
  },
): Promise<BillingDocumentRow> {
  const year = input.today.getUTCFullYear();
  const { sequence, number } = await nextDocumentNumber(tx, input.kind === 'invoice' ? 'INV' : 'CN', year);
  const sum = (pick: (line: Line) => number) => input.lines.reduce((total, line) => total + pick(line), 0);
  const total = sum((line) => line.total + line.tax);
  const credit = sum((line) => line.credit);
  const [row] = await tx
    .insert(billingDocuments)
    .values({
      kind: input.kind,
      number,
      year,
      sequence,
      accountId: input.accountId,
      orderId: input.orderId,
      paymentIntentId: input.paymentIntentId ?? null,
      refundId: input.refundId,
      invoiceId: input.invoiceId,
      lines: input.lines,
      subtotal: sum((line) => line.amount),
      discount: sum((line) => line.discount),
      credit,
      tax: sum((line) => line.tax),
      total,
      card: total - credit,
      seller: input.seller,
      buyer: input.buyer,
      createDate: input.today,
    })
    .returning();
  return row;
}

export function documentView(row: BillingDocumentRow, invoiceNumber: string | null = null): BillingDocumentView {
  return {
    documentId: row.documentId,
    kind: row.kind,
    number: row.number,
    orderId: row.orderId,
    refundId: row.refundId,
    invoiceNumber,
    lines: row.lines,
    subtotal: row.subtotal,
    discount: row.discount,
    credit: row.credit,
    tax: row.tax,
    total: row.total,
    card: row.card,
    seller: row.seller,
    buyer: row.buyer,
    createDate: row.createDate.toISOString(),
  };
}

/** An order's invoice and credit notes, oldest first. */
export async function listOrderDocuments(db: DbOrTx, orderId: number): Promise<BillingDocumentView[]> {
  const rows = await db.select().from(billingDocuments).where(eq(billingDocuments.orderId, orderId)).orderBy(asc(billingDocuments.documentId));
  const numbers = new Map(rows.map((row) => [row.documentId, row.number]));
  return rows.map((row) => documentView(row, row.invoiceId != null ? (numbers.get(row.invoiceId) ?? null) : null));
}

/** An account's documents, newest first. */
export async function listAccountDocuments(db: DbOrTx, accountId: number): Promise<BillingDocumentView[]> {
  const rows = await db.select().from(billingDocuments).where(eq(billingDocuments.accountId, accountId)).orderBy(desc(billingDocuments.documentId)).limit(200);
  const numbers = new Map(rows.map((row) => [row.documentId, row.number]));
  return rows.map((row) => documentView(row, row.invoiceId != null ? (numbers.get(row.invoiceId) ?? null) : null));
}
