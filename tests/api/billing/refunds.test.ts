/**
 * Refunds through the payments provider: full and partial refunds of an order's capture and of a single charge (a
 * renewal), adding up to at most what the card paid; the ledger's credit and refund rows; the customer's email; the
 * statement; exactly once under repeats and concurrent requests. And the sandbox provider behaving like Stripe.
 */
import { addYears } from 'date-fns/addYears';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountActivity, auditLog, outbox, refunds, transactions } from '../../../api/db/schema/index.ts';
import { CardError } from '../../../api/providers/payments/index.ts';
import type { SandboxPayments } from '../../../api/providers/payments/sandbox.ts';
import type { StaffActor } from '../../../api/services/audit/audit-log.ts';
import { findOrderDetail, listOrders } from '../../../api/services/billing/order-history.ts';
import { findPayment, listAccountRefunds, refundPayment } from '../../../api/services/billing/refunds.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { readPdfText } from '../../fixtures/pdf-text.ts';
import { ownDomain } from '../../fixtures/renewal-domains.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
/** The next refund goes through at the provider, but its answer is lost on the way back (a timeout). */
let loseNextRefundAnswer = false;
beforeAll(async () => {
  t = await createTestContext({
    providers: (defaults) => ({
      payments: {
        ...defaults.payments,
        refund: async (...args) => {
          const answer = await defaults.payments.refund(...args);
          if (loseNextRefundAnswer) {
            loseNextRefundAnswer = false;
            throw new Error('socket hang up');
          }
          return answer;
        },
      },
    }),
  });
});
afterAll(() => t.close());

const payments = () => t.deps.providers.payments as SandboxPayments;
let counter = 0;
const label = (what: string) => `qwzxv-${what}-${++counter}-${Math.random().toString(36).slice(2, 7)}`;
/** Who refunds in these tests (a staff member of the billing team, as the back office passes). */
const billingActor: StaffActor = { staffId: null, email: 'billing@staff.example', role: 'billing', ip: '192.0.2.50' };
let keys = 0;
const key = () => `refund-test-${++keys}-${Math.random().toString(36).slice(2)}`;

/** A signed-in customer who bought `domains` (a year each) at checkout; answers the order's payment. */
async function customerWithOrder(domains: string[]) {
  const email = `${label('refund')}@example.org`;
  const buyer = await signedInBuyer(t, email);
  let cartId = 0;
  for (const domain of domains) cartId = (await buyer.client.post('/api/cartItems', { domain })).body.cartId;
  const order = await buyer.client.patch(`/api/carts/${cartId}`, { commit: true });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const detail = await findOrderDetail(t.db, order.body.orderId);
  return { ...buyer, email, orderId: order.body.orderId as number, paymentIntentId: detail.paymentIntentId as string, detail };
}

async function ledger(accountId: number) {
  return t.db.select().from(transactions).where(eq(transactions.accountId, accountId)).orderBy(transactions.transactionId);
}

async function statementText(client: TestClient): Promise<string> {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const month = new Date().toISOString().slice(0, 7).replace('-', '');
  const response = await t.app.request(
    `http://localhost/api/transactions?$pdf=true&yyyymm=${month}`,
    { headers: { cookie } },
    { requestIP: () => ({ address: client.ip }) },
  );
  return (await readPdfText(new Uint8Array(await response.arrayBuffer()))).text;
}

describe('refunding an order', () => {
  it('gives a whole order back: one provider refund, a credit beside each charge, a refund row, an email, and the statement shows it', async () => {
    const a = `${label('full')}.com`;
    const b = `${label('full')}.net`;
    const { accountId, client, email, orderId, paymentIntentId } = await customerWithOrder([a, b]);
    const payment = await findPayment(t.db, paymentIntentId);
    expect(payment).toMatchObject({ accountId, orderId, paid: 1028 + 1198, refunded: 0, refundable: 1028 + 1198 });
    expect(payment.charges.map((c) => [c.description, c.amount, c.refundable])).toEqual([
      [`Registration of ${a} (1 year)`, 1028, 1028],
      [`Registration of ${b} (1 year)`, 1198, 1198],
    ]);

    const {
      refund,
      payment: after,
      replayed,
    } = await refundPayment(t.deps, {
      paymentIntentId,
      items: payment.charges.map((c) => ({ transactionId: c.transactionId, amount: c.refundable })),
      reason: 'Customer bought the wrong names by mistake',
      actor: billingActor,
      idempotencyKey: key(),
    });
    expect(replayed).toBe(false);
    expect(refund).toMatchObject({ amount: 2226, status: 'succeeded', orderId, reason: 'Customer bought the wrong names by mistake' });
    expect(after).toMatchObject({ paid: 2226, refunded: 2226, refundable: 0 });
    expect(after.charges.every((c) => c.refundable === 0)).toBe(true);
    expect(await payments().retrieve(paymentIntentId)).toMatchObject({ amountReceived: 2226, amountRefunded: 2226 });

    const rows = (await ledger(accountId)).map((row) => [row.type, row.description, row.amount]);
    expect(rows.slice(-3)).toEqual([
      ['nrc', `Refund: Registration of ${a} (1 year)`, -1028],
      ['nrc', `Refund: Registration of ${b} (1 year)`, -1198],
      ['payment', 'Refund to Visa ending in 4242', 2226],
    ]);
    expect(rows.reduce((sum, row) => sum + (row[2] as number), 0)).toBe(0);

    await t.runJobs();
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, email), like(outbox.subject, 'Refund%')));
    expect(mail.subject).toBe(`Refund of $22.26 for order ${orderId}`);
    expect(mail.body).toContain(`Registration of ${a} (1 year): $10.28`);
    // The reason is for staff; the customer is not sent it.
    expect(mail.body).not.toContain('wrong names');

    const text = await statementText(client);
    expect(text).toContain(`Refund: Registration of ${a} (1 year)`);
    expect(text).toContain('Refund to Visa ending in 4242');
    expect(text).toContain('$22.26');

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.refund'), eq(auditLog.targetId, String(orderId))));
    expect(entry).toMatchObject({
      staffEmail: 'billing@staff.example',
      staffRole: 'billing',
      clientIp: '192.0.2.50',
      accountId,
      reason: 'Customer bought the wrong names by mistake',
    });
    expect(entry.after).toMatchObject({ refunded: 2226, refund: { amount: 2226 } });
    const [activity] = await t.db.select().from(accountActivity).where(eq(accountActivity.auditId, entry.auditId));
    expect(activity).toMatchObject({ summary: `We refunded $22.26 of order #${orderId} to your Visa ending in 4242.`, actor: 'Billing team' });

    const listed = await listOrders(t.db, { accountId });
    expect(listed.data[0]).toMatchObject({ orderId, refunded: 2226, domains: [a, b] });
    expect((await listAccountRefunds(t.db, accountId))[0].items.map((i) => i.description)).toEqual([
      `Registration of ${a} (1 year)`,
      `Registration of ${b} (1 year)`,
    ]);
  });

  it('adds partial refunds up and refuses one more than is left of a charge or of what the card paid', async () => {
    const domain = `${label('part')}.com`;
    const { paymentIntentId } = await customerWithOrder([domain]);
    const [charge] = (await findPayment(t.db, paymentIntentId)).charges;
    const refundOf = (amount: number, idempotencyKey = key()) =>
      refundPayment(t.deps, {
        paymentIntentId,
        items: [{ transactionId: charge.transactionId, amount }],
        reason: 'Partial goodwill',
        actor: billingActor,
        idempotencyKey,
      });

    await refundOf(300);
    const second = await refundOf(500);
    expect(second.payment).toMatchObject({ refunded: 800, refundable: 228 });
    expect(second.payment.charges[0].refundable).toBe(228);
    await expect(refundOf(229)).rejects.toMatchObject({ code: 409, message: `At most $2.28 of "Registration of ${domain} (1 year)" can be refunded` });
    expect((await payments().retrieve(paymentIntentId)).amountRefunded).toBe(800);
    const last = await refundOf(228);
    expect(last.payment).toMatchObject({ refunded: 1028, refundable: 0 });
    expect(last.payment.refunds.map((r) => r.amount)).toEqual([228, 500, 300]);
  });

  it('refunds once when the same request comes twice, and refuses the key for a different amount', async () => {
    const { accountId, paymentIntentId } = await customerWithOrder([`${label('twice')}.com`]);
    const [charge] = (await findPayment(t.db, paymentIntentId)).charges;
    const input = {
      paymentIntentId,
      items: [{ transactionId: charge.transactionId, amount: 400 }],
      reason: 'Double click',
      actor: billingActor,
      idempotencyKey: key(),
    };
    const [one, two] = await Promise.all([refundPayment(t.deps, input), refundPayment(t.deps, input)]);
    expect(one.refund.refundId).toBe(two.refund.refundId);
    expect([one.replayed, two.replayed].sort()).toEqual([false, true]);
    expect((await payments().retrieve(paymentIntentId)).amountRefunded).toBe(400);
    expect((await ledger(accountId)).filter((row) => row.description.startsWith('Refund'))).toHaveLength(2);
    await expect(refundPayment(t.deps, { ...input, items: [{ transactionId: charge.transactionId, amount: 401 }] })).rejects.toMatchObject({ code: 409 });
  });

  it('keeps a refund whose answer was lost on hold, refuses to refund it again meanwhile, and finishes it when the request is repeated', async () => {
    const { accountId, paymentIntentId } = await customerWithOrder([`${label('lost')}.com`]);
    const [charge] = (await findPayment(t.db, paymentIntentId)).charges;
    const input = {
      paymentIntentId,
      items: [{ transactionId: charge.transactionId, amount: 1028 }],
      reason: 'Lost answer',
      actor: billingActor,
      idempotencyKey: key(),
    };
    loseNextRefundAnswer = true;
    await expect(refundPayment(t.deps, input)).rejects.toMatchObject({ code: 502 });
    expect((await payments().retrieve(paymentIntentId)).amountRefunded).toBe(1028);
    // Another request cannot take the same money while the first is unsettled.
    await expect(refundPayment(t.deps, { ...input, idempotencyKey: key() })).rejects.toMatchObject({ code: 409 });
    const finished = await refundPayment(t.deps, input);
    expect(finished.refund).toMatchObject({ amount: 1028, status: 'succeeded' });
    expect(finished.payment).toMatchObject({ refunded: 1028, refundable: 0 });
    expect((await payments().retrieve(paymentIntentId)).amountRefunded).toBe(1028);
    expect((await ledger(accountId)).filter((row) => row.description.startsWith('Refund'))).toHaveLength(2);
  });

  it('lets only one of five concurrent full refunds (different requests) through', async () => {
    const { paymentIntentId } = await customerWithOrder([`${label('race')}.com`]);
    const [charge] = (await findPayment(t.db, paymentIntentId)).charges;
    const attempts = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        refundPayment(t.deps, {
          paymentIntentId,
          items: [{ transactionId: charge.transactionId, amount: 1028 }],
          reason: 'Two staff at once',
          actor: billingActor,
          idempotencyKey: key(),
        }),
      ),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    for (const attempt of attempts.filter((a) => a.status === 'rejected')) expect((attempt as PromiseRejectedResult).reason).toMatchObject({ code: 409 });
    expect((await payments().retrieve(paymentIntentId)).amountRefunded).toBe(1028);
    expect(await t.db.select().from(refunds).where(eq(refunds.paymentIntentId, paymentIntentId))).toHaveLength(1);
  });

  it('refuses what is not part of the payment, empty reasons and amounts that are not positive cents', async () => {
    const first = await customerWithOrder([`${label('own')}.com`]);
    const second = await customerWithOrder([`${label('other')}.com`]);
    const [foreign] = (await findPayment(t.db, second.paymentIntentId)).charges;
    const base = { paymentIntentId: first.paymentIntentId, reason: 'Because', actor: billingActor, idempotencyKey: key() };
    await expect(refundPayment(t.deps, { ...base, items: [{ transactionId: foreign.transactionId, amount: 100 }] })).rejects.toMatchObject({
      code: 400,
      message: `Charge ${foreign.transactionId} is not part of this payment`,
    });
    await expect(refundPayment(t.deps, { ...base, reason: '  ', items: [{ transactionId: foreign.transactionId, amount: 100 }] })).rejects.toMatchObject({
      code: 400,
      message: 'Give a reason (at least 5 characters): it is kept in the audit log',
    });
    await expect(refundPayment(t.deps, { ...base, items: [{ transactionId: foreign.transactionId, amount: 10.5 }] })).rejects.toMatchObject({ code: 400 });
    await expect(refundPayment(t.deps, { ...base, items: [] })).rejects.toMatchObject({ code: 400, message: 'Choose what to refund' });
    await expect(findPayment(t.db, 'pi_sandbox_nothing')).rejects.toMatchObject({ code: 404 });
  });
});

describe('refunding a single charge', () => {
  it('gives back the Domain Protection of a renewal and leaves the renewal itself charged', async () => {
    const { accountId, client } = await signedInBuyer(t, `${label('renewal')}@example.org`);
    const domain = await ownDomain(t, accountId, `${label('renew')}.com`, { expireDate: addYears(new Date(), 1) });
    const renewed = await client.post('/api/renewals', {
      renewalPeriod: 1,
      domains: [{ domainId: domain.domainId, protectionEnabled: true }],
      commit: true,
      orderKey: key(),
    });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    const [paymentRow] = (await ledger(accountId)).filter((row) => row.type === 'payment');
    const payment = await findPayment(t.db, paymentRow.paymentReference ?? '');
    expect(payment.orderId).toBeNull();
    const protection = payment.charges.find((c) => c.description.startsWith('Domain Protection')) ?? payment.charges[1];
    expect(payment.charges).toHaveLength(2);
    const { payment: after } = await refundPayment(t.deps, {
      paymentIntentId: payment.paymentIntentId,
      items: [{ transactionId: protection.transactionId, amount: protection.amount }],
      reason: 'Protection added by mistake',
      actor: billingActor,
      idempotencyKey: key(),
    });
    expect(after.refunded).toBe(500);
    expect(after.charges.map((c) => c.refundable)).toEqual(payment.charges.map((c) => (c.transactionId === protection.transactionId ? 0 : c.amount)));
    expect((await ledger(accountId)).at(-1)).toMatchObject({ type: 'payment', description: 'Refund to Visa ending in 4242', amount: 500 });
  });
});

describe('the sandbox payments provider refunds like Stripe', () => {
  async function captured(amount: number) {
    const intent = await payments().authorize({
      customerId: 'cus',
      paymentMethodId: 'pm_sandbox_x_visa_4242',
      amount,
      idempotencyKey: key(),
      description: 'test',
    });
    await payments().capture(intent.id, key());
    return intent.id;
  }

  it('adds partial refunds up to what was captured and refuses more', async () => {
    const id = await captured(1000);
    await payments().refund(id, 600, key());
    await payments().refund(id, 400, key());
    await expect(payments().refund(id, 1, key())).rejects.toBeInstanceOf(CardError);
    expect(await payments().retrieve(id)).toMatchObject({ amountReceived: 1000, amountRefunded: 1000 });
  });

  it('answers a repeated key with the first refund, and refuses the key with other parameters', async () => {
    const id = await captured(1000);
    const once = key();
    const first = await payments().refund(id, 300, once);
    expect(await payments().refund(id, 300, once)).toEqual(first);
    await expect(payments().refund(id, 400, once)).rejects.toMatchObject({ declineCode: 'idempotency_error' });
    expect((await payments().retrieve(id)).amountRefunded).toBe(300);
  });

  it('refuses to refund an authorisation that was never captured', async () => {
    const intent = await payments().authorize({
      customerId: 'cus',
      paymentMethodId: 'pm_sandbox_x_visa_4242',
      amount: 500,
      idempotencyKey: key(),
      description: 'test',
    });
    await expect(payments().refund(intent.id, 100, key())).rejects.toMatchObject({ message: 'Only a captured payment can be refunded' });
  });
});
