/**
 * Refunds that undo the sale, as billing does them in the back office: cancelling a registration within the add grace
 * period (gone from My Domains and the registry, the order Refunded, a credit note, an email), keeping or deleting
 * after it, a credit-paid order refunded in one action (card to card, credit to credit), a refund as credit instead,
 * credit taken back, invoices numbered without gaps, and ten racing refunds of one line through both routes.
 */
import { subDays } from 'date-fns/subDays';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderConfirmationSchema, orderSummarySchema } from '../../../api/contract/orders/order-schemas.ts';
import { promoCodeCreateSchema } from '../../../api/contract/promotions/promo-codes.ts';
import { auditLog, billingDocuments, outbox, refunds, transactions } from '../../../api/db/schema/index.ts';
import type { SandboxPayments } from '../../../api/providers/payments/sandbox.ts';
import { systemActor } from '../../../api/services/audit/audit-log.ts';
import { creditBalance, grantCredit } from '../../../api/services/billing/account-credit.ts';
import { createPromoCode } from '../../../api/services/promotions/promo-codes.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { readPdfText } from '../../fixtures/pdf-text.ts';
import { staffClient, type TestStaff } from '../../fixtures/staff.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
let billing: TestStaff;
let owner: TestStaff;
beforeAll(async () => {
  t = await createTestContext();
  billing = await staffClient(t, 'billing');
  owner = await staffClient(t, 'owner');
});
afterAll(() => t.close());

const payments = () => t.deps.providers.payments as SandboxPayments;
let counter = 0;
const label = (what: string) => `qwzxv-${what}-${++counter}-${Math.random().toString(36).slice(2, 7)}`;
const key = () => `undo-${label('k')}`;

async function customerOrder(domains: string[], options: { credit?: number; promo?: string } = {}) {
  const email = `${label('undo')}@example.org`;
  const buyer = await signedInBuyer(t, email);
  if (options.credit)
    await grantCredit(t.deps, systemActor, { accountId: buyer.accountId, amount: options.credit, note: 'Goodwill', reason: 'Goodwill gesture' });
  let cartId = 0;
  for (const domain of domains) cartId = (await buyer.client.post('/api/cartItems', { domain })).body.cartId;
  if (options.promo) expect((await buyer.client.patch(`/api/carts/${cartId}`, { promoCode: options.promo })).status).toBe(200);
  const order = await buyer.client.patch(`/api/carts/${cartId}`, { commit: true });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const detail = await billing.client.get(`/api/admin/orders/${order.body.orderId}`);
  return { ...buyer, email, orderId: order.body.orderId as number, detail: detail.body };
}

const myDomains = async (client: TestClient) => (await client.get('/api/domains')).body.data.map((d: { domain: string }) => d.domain);
type TestClient = Awaited<ReturnType<typeof signedInBuyer>>['client'];

describe('refunding a registration', () => {
  it('cancels it within the add grace period: gone from My Domains and the registry, the order Refunded, a credit note, an email', async () => {
    const domain = `${label('cancel')}.com`;
    const { client, email, orderId, detail, accountId } = await customerOrder([domain]);
    expect(await myDomains(client)).toContain(domain);
    expect(detail.lines[0]).toMatchObject({ refundState: null, graceDaysLeft: 5 });
    const charge = detail.payment.charges[0];
    const domainId = detail.lines[0].domainId;

    const refunded = await billing.client.post(`/api/admin/orders/${orderId}/refunds`, {
      items: [{ transactionId: charge.transactionId, amount: charge.refundable }],
      reason: 'Registered the wrong name by mistake',
      names: [{ domainId, action: 'cancel' }],
      idempotencyKey: key(),
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);
    expect(refunded.body.refund.names).toEqual([{ domainId, domain, action: 'cancel', done: true }]);

    expect(await myDomains(client)).not.toContain(domain);
    expect(await t.deps.providers.registry.info(domain)).toBeNull();
    const after = await billing.client.get(`/api/admin/orders/${orderId}`);
    expect(after.body).toMatchObject({ refundStatus: 'refunded', lines: [{ refundState: 'cancelled' }] });
    const order = await client.get(`/api/orders/${orderId}`);
    expect(order.body).toMatchObject({ refundStatus: 'refunded', refundedToCard: 1028, lines: [{ refundState: 'cancelled' }] });
    // The answers the front ends' document publishes, field for field.
    orderConfirmationSchema.parse(order.body);
    const list = await client.get('/api/orders');
    expect(list.body.data[0]).toMatchObject({ orderId, refundStatus: 'refunded' });
    orderSummarySchema.parse(list.body.data[0]);

    const docs = await t.db.select().from(billingDocuments).where(eq(billingDocuments.orderId, orderId)).orderBy(billingDocuments.documentId);
    expect(docs.map((d) => [d.kind, d.total])).toEqual([
      ['invoice', 1028],
      ['creditNote', -1028],
    ]);
    expect(docs[1].invoiceId).toBe(docs[0].documentId);
    expect(order.body.documents.map((d: { number: string }) => d.number)).toEqual(docs.map((d) => d.number));
    // Issued documents are never edited.
    await expect(t.db.update(billingDocuments).set({ total: 0 }).where(eq(billingDocuments.documentId, docs[0].documentId))).rejects.toThrow();

    await t.runJobs();
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, email), like(outbox.subject, 'Refund%')));
    expect(mail.body).toContain(`We cancelled the registration of ${domain}`);
    expect(mail.body).toContain('$10.28 to the card you paid with');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.refund'), eq(auditLog.targetId, String(orderId))));
    expect(entry.accountId).toBe(accountId);
    expect(entry.after).toMatchObject({ refund: { names: [{ domain, action: 'cancel' }] } });
  });

  it('after the add grace period refuses to cancel, and keeps or deletes the name as billing says', async () => {
    const kept = `${label('keep')}.com`;
    const deleted = `${label('gone')}.net`;
    const { client, orderId, detail } = await customerOrder([kept, deleted]);
    // Registered six days ago: the registry's five days of add grace are over.
    await t.db
      .update(transactions)
      .set({ createDate: subDays(new Date(), 6) })
      .where(eq(transactions.orderId, orderId));
    {
      const [keptCharge, deletedCharge] = detail.payment.charges;
      const [keptLine, deletedLine] = detail.lines;
      const late = await billing.client.post(`/api/admin/orders/${orderId}/refunds`, {
        items: [{ transactionId: keptCharge.transactionId, amount: keptCharge.refundable }],
        reason: 'Customer changed their mind',
        names: [{ domainId: keptLine.domainId, action: 'cancel' }],
        idempotencyKey: key(),
      });
      expect(late.status).toBe(409);
      expect(late.body.message).toContain(`The registry's add grace period for ${kept} ended`);

      const goodwill = await billing.client.post(`/api/admin/orders/${orderId}/refunds`, {
        items: [{ transactionId: keptCharge.transactionId, amount: keptCharge.refundable }],
        reason: 'Customer changed their mind',
        names: [{ domainId: keptLine.domainId, action: 'keep' }],
        idempotencyKey: key(),
      });
      expect(goodwill.status).toBe(201);
      const gone = await billing.client.post(`/api/admin/orders/${orderId}/refunds`, {
        items: [{ transactionId: deletedCharge.transactionId, amount: deletedCharge.refundable }],
        reason: 'Customer changed their mind',
        names: [{ domainId: deletedLine.domainId, action: 'delete' }],
        idempotencyKey: key(),
      });
      expect(gone.status, JSON.stringify(gone.body)).toBe(201);
      const domains = await myDomains(client);
      expect(domains).toContain(kept);
      expect(domains).not.toContain(deleted);
      const after = await billing.client.get(`/api/admin/orders/${orderId}`);
      expect(after.body.refundStatus).toBe('refunded');
      expect(after.body.lines.map((l: { refundState: string }) => l.refundState)).toEqual(['refunded', 'cancelled']);
    }
  });
});

describe('refunding what credit paid', () => {
  it('gives the card part to the card and the credit part back as credit, in one action', async () => {
    const domain = `${label('mixed')}.com`;
    const { accountId, orderId, detail } = await customerOrder([domain], { credit: 500 });
    expect(detail.payment).toMatchObject({ paid: 528, creditPaid: 500, refundable: 1028 });
    expect(await creditBalance(t.db, accountId)).toBe(0);
    const charge = detail.payment.charges[0];
    const refunded = await billing.client.post(`/api/admin/orders/${orderId}/refunds`, {
      items: [{ transactionId: charge.transactionId, amount: 1028 }],
      reason: 'Service failure on our side',
      idempotencyKey: key(),
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);
    expect(refunded.body.refund).toMatchObject({ amount: 528, creditAmount: 500 });
    expect(refunded.body.payment).toMatchObject({ refunded: 528, creditReturned: 500, refundable: 0 });
    expect((await payments().retrieve(detail.paymentIntentId)).amountRefunded).toBe(528);
    expect(await creditBalance(t.db, accountId)).toBe(500);
    // The ledger still reads as the credit the customer has.
    const rows = await t.db.select().from(transactions).where(eq(transactions.accountId, accountId));
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(-500);
  });

  it('gives a refund as account credit instead of to the card when billing chooses', async () => {
    const { accountId, orderId, detail } = await customerOrder([`${label('ascredit')}.com`]);
    const charge = detail.payment.charges[0];
    const refunded = await billing.client.post(`/api/admin/orders/${orderId}/refunds`, {
      items: [{ transactionId: charge.transactionId, amount: 400 }],
      reason: 'Price match, as credit',
      to: 'credit',
      idempotencyKey: key(),
    });
    expect(refunded.body.refund).toMatchObject({ amount: 0, creditAmount: 400 });
    expect((await payments().retrieve(detail.paymentIntentId)).amountRefunded ?? 0).toBe(0);
    expect(await creditBalance(t.db, accountId)).toBe(400);

    const tooMuch = await billing.client.post('/api/admin/credits/revocations', {
      accountId,
      amount: 401,
      note: 'Given by mistake',
      reason: 'Credit given twice',
    });
    expect(tooMuch.status).toBe(409);
    const revoked = await billing.client.post('/api/admin/credits/revocations', {
      accountId,
      amount: 150,
      note: 'Given by mistake',
      reason: 'Credit given twice',
    });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(201);
    expect(revoked.body).toMatchObject({ amount: 150, balance: 250 });
    expect(await creditBalance(t.db, accountId)).toBe(250);
  });
});

describe('receipts and invoices', () => {
  it('shows the promo discount and the credit on the order, adding up to what the card paid, with gap-free invoice numbers', async () => {
    await createPromoCode(t.db, systemActor, promoCodeCreateSchema.parse({ code: 'UNDO20', kind: 'percent', value: 20, years: 'first' }));
    const domain = `${label('receipt')}.com`;
    const { client, email, orderId } = await customerOrder([domain], { credit: 300, promo: 'UNDO20' });
    const order = (await client.get(`/api/orders/${orderId}`)).body;
    expect(order).toMatchObject({ subtotal: 1028, promoCode: 'UNDO20', discount: 206, credit: 300, tax: 0, total: 822, totalCharged: 522 });
    expect(order.total - order.credit).toBe(order.totalCharged);
    const list = (await client.get('/api/orders')).body.data;
    expect(list[0]).toMatchObject({ orderId, total: 822, totalCharged: 522, status: 'completed', refundStatus: 'none' });

    await t.runJobs();
    const [receipt] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, email), like(outbox.subject, '%receipt%')));
    expect(receipt.body).toContain('Subtotal: $10.28');
    expect(receipt.body).toContain('Promo code UNDO20: -$2.06');
    expect(receipt.body).toContain('Account credit used: -$3.00');
    expect(receipt.body).toContain('Total charged: $5.22');

    const numbers = (await t.db.select().from(billingDocuments).where(eq(billingDocuments.kind, 'invoice')).orderBy(billingDocuments.sequence)).map(
      (doc) => doc.sequence,
    );
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });
});

describe('refunds racing', () => {
  it('lets exactly one of ten refunds of one line through, across the order and payment routes and two staff', async () => {
    const { orderId, detail } = await customerOrder([`${label('race')}.com`]);
    const charge = detail.payment.charges[0];
    const attempts = await Promise.all(
      Array.from({ length: 10 }, (_, i) => {
        const staff = i % 2 ? billing : owner;
        const url = i % 3 ? `/api/admin/orders/${orderId}/refunds` : `/api/admin/payments/${detail.paymentIntentId}/refunds`;
        return staff.client.post(url, { items: [{ transactionId: charge.transactionId, amount: 1028 }], reason: 'Two staff at once', idempotencyKey: key() });
      }),
    );
    expect(attempts.filter((a) => a.status === 201)).toHaveLength(1);
    for (const failed of attempts.filter((a) => a.status !== 201)) expect(failed.status).toBe(409);
    expect((await payments().retrieve(detail.paymentIntentId)).amountRefunded).toBe(1028);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(1);
    const refundRows = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.orderId, orderId), eq(transactions.type, 'payment'), like(transactions.description, 'Refund%')));
    expect(refundRows).toHaveLength(1);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.refund'), eq(auditLog.targetId, String(orderId))));
    expect(entries).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(billingDocuments)
        .where(and(eq(billingDocuments.orderId, orderId), eq(billingDocuments.kind, 'creditNote'))),
    ).toHaveLength(1);
  });
});

describe('invoice and credit note PDFs', () => {
  it('lets the buyer download their invoice, and nobody else', async () => {
    const { client, orderId } = await customerOrder([`${label('pdf')}.com`]);
    const order = (await client.get(`/api/orders/${orderId}`)).body;
    const [invoice] = order.documents;
    expect(invoice.number).toMatch(/^INV-\d{4}-\d{6}$/);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await t.app.request(
      `http://localhost/api/orders/documents/${invoice.number}`,
      { headers: { cookie } },
      { requestIP: () => ({ address: client.ip }) },
    );
    expect(response.status).toBe(200);
    const { text } = await readPdfText(new Uint8Array(await response.arrayBuffer()));
    expect(text).toContain(`Invoice ${invoice.number}`);
    expect(text).toContain('Total: $10.28');
    const stranger = await signedInBuyer(t, `${label('stranger')}@example.org`);
    expect((await stranger.client.get(`/api/orders/documents/${invoice.number}`)).status).toBe(404);
  });
});
