/**
 * A payment authorisation pays for the purchase it was made for (issue #26): the intent id a client sends back after
 * 3-D Secure is accepted only for the account, purpose (the renewal order, the domain's protection term ...) and
 * amount it was created with; the sandbox refuses a second capture as Stripe does; and the email service stays off
 * when its capture fails.
 */
import { addYears } from 'date-fns/addYears';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains, sandboxMailDomains, transactions } from '../../../api/db/schema/index.ts';
import { CardError } from '../../../api/providers/payments/index.ts';
import type { SandboxPayments } from '../../../api/providers/payments/sandbox.ts';
import { paymentForAnotherPurchaseMessage } from '../../../api/services/billing/account-charges.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { ownDomain, useCard } from '../../fixtures/renewal-domains.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
/** Capture answers that fail, as a provider outage or an expired authorisation would. */
let failingCaptures = 0;

beforeAll(async () => {
  t = await createTestContext({
    providers: (defaults) => ({
      payments: {
        ...defaults.payments,
        capture: async (...args: Parameters<typeof defaults.payments.capture>) => {
          if (failingCaptures > 0) {
            failingCaptures -= 1;
            throw new CardError('The capture could not be completed. Try again later.', 'processing_error');
          }
          return defaults.payments.capture(...args);
        },
      },
    }),
  });
});
afterAll(() => t.close());

let count = 0;
const nextBuyer = () => signedInBuyer(t, `binding-${++count}@example.org`);
const payments = () => t.deps.providers.payments as SandboxPayments;
const intentOf = async (id: string) => (await payments().ledger()).find((p) => p.id === id);
const ledgerOf = (accountId: number) => t.db.select().from(transactions).where(eq(transactions.accountId, accountId));
const rowOf = async (domainId: number) => (await t.db.select().from(domains).where(eq(domains.domainId, domainId)))[0];

/** A renewal order that stopped for 3-D Secure, its intent then authenticated: ready to be sent back. */
async function authenticatedRenewal() {
  const buyer = await nextBuyer();
  await useCard(t, buyer.accountId, '3184');
  const row = await ownDomain(t, buyer.accountId, `qwzxv-bound-${count}.com`, { expireDate: addYears(new Date(), 1) });
  const body = { domains: [{ domainId: row.domainId }], commit: true, orderKey: `bound-${count}-a` };
  const first = await buyer.client.post('/api/renewals', body);
  expect(first.body).toMatchObject({ requiresAction: true, committed: false });
  await payments().authenticate(first.body.paymentIntentId, 'complete');
  return { ...buyer, row, body, intentId: first.body.paymentIntentId as string };
}

describe('an authenticated intent sent back by the client', () => {
  it('is refused for a new order key, even with the same amount, and still pays for its own order once', async () => {
    const { client, accountId, row, body, intentId } = await authenticatedRenewal();
    const other = await client.post('/api/renewals', { ...body, orderKey: 'a-new-order-key', paymentIntentId: intentId });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe(paymentForAnotherPurchaseMessage);
    expect((await rowOf(row.domainId)).expireDate).toEqual(row.expireDate);
    expect((await intentOf(intentId))?.status).toBe('requires_capture');

    const own = await client.post('/api/renewals', { ...body, paymentIntentId: intentId });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ committed: true, totalPrice: 1128 });
    expect((await intentOf(intentId))?.amountReceived).toBe(1128);
    expect((await ledgerOf(accountId)).filter((r) => r.type === 'payment').map((r) => r.amount)).toEqual([-1128]);
  });

  it('is refused from another account, and for another purchase of the same account (protection)', async () => {
    const victim = await authenticatedRenewal();
    const thief = await nextBuyer();
    const theirs = await ownDomain(t, thief.accountId, `qwzxv-thief-${count}.com`, { expireDate: addYears(new Date(), 1) });
    const stolen = await thief.client.post('/api/renewals', {
      domains: [{ domainId: theirs.domainId }],
      commit: true,
      orderKey: 'thief-order-1',
      paymentIntentId: victim.intentId,
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe(paymentForAnotherPurchaseMessage);

    const protection = await victim.client.patch(`/api/domains/${victim.row.domainId}`, { protectionEnabled: true, $paymentIntentId: victim.intentId });
    expect(protection.status).toBe(400);
    expect(protection.body.message).toBe(paymentForAnotherPurchaseMessage);
    expect((await rowOf(victim.row.domainId)).protectionEnabled).toBe(false);
    expect((await intentOf(victim.intentId))?.status).toBe('requires_capture');
  });

  it('is refused for an id we never created', async () => {
    const buyer = await nextBuyer();
    const row = await ownDomain(t, buyer.accountId, `qwzxv-made-up-${count}.com`, { expireDate: addYears(new Date(), 1) });
    const answer = await buyer.client.post('/api/renewals', {
      domains: [{ domainId: row.domainId }],
      commit: true,
      orderKey: 'made-up-order',
      paymentIntentId: 'pi_sandbox_made_up',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(paymentForAnotherPurchaseMessage);
  });
});

describe('the sandbox capture, like Stripe', () => {
  it('refuses a second capture of a captured intent, and answers a retry with the same idempotency key as before', async () => {
    const intent = await payments().authorize({
      customerId: 'cus_x',
      paymentMethodId: 'pm_sandbox_cap_visa_4242',
      amount: 2500,
      idempotencyKey: 'capture-twice',
      description: 'test',
    });
    const first = await payments().capture(intent.id, 'capture-key-1');
    expect(first).toMatchObject({ status: 'succeeded', amountReceived: 2500 });
    expect(await payments().capture(intent.id, 'capture-key-1')).toEqual(first);
    await expect(payments().capture(intent.id, 'capture-key-2')).rejects.toMatchObject({
      name: 'CardError',
      declineCode: 'payment_intent_unexpected_state',
      message: 'This PaymentIntent could not be captured because it has a status of succeeded.',
    });
    expect((await intentOf(intent.id))?.amountReceived).toBe(2500);
  });
});

describe('the email service', () => {
  it('stays off, off the mail host and uncharged when its capture fails; a later try turns it on and charges once', async () => {
    const { client, accountId } = await nextBuyer();
    const row = await ownDomain(t, accountId, `qwzxv-mailfail-${count}.com`, { expireDate: addYears(new Date(), 1) });
    const before = (await payments().ledger()).length;
    failingCaptures = 1;
    const failed = await client.patch(`/api/domains/${row.domainId}`, { emailEnabled: true });
    expect(failed.status).toBe(402);
    expect(failed.body.message).toBe('The capture could not be completed. Try again later.');
    expect(await rowOf(row.domainId)).toMatchObject({ emailEnabled: false, mrc: row.mrc });
    expect((await client.get(`/api/domains/${row.domainId}`)).body.emailEnabled).toBe(false);
    expect(await t.db.select().from(sandboxMailDomains).where(eq(sandboxMailDomains.domain, row.domain))).toEqual([]);
    expect(await ledgerOf(accountId)).toEqual([]);
    expect((await payments().ledger()).slice(before).map((p) => p.status)).toEqual(['canceled']);

    const again = await client.patch(`/api/domains/${row.domainId}`, { emailEnabled: true });
    expect(again.status).toBe(200);
    expect(again.body.emailEnabled).toBe(true);
    expect((await ledgerOf(accountId)).filter((r) => r.type === 'payment').map((r) => r.amount)).toEqual([-500]);
  });
});
