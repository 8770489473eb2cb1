/**
 * A card removed here is detached at the payment provider, so it can never be charged again: at once when its owner
 * deletes it or staff close the account, and by the reconcile job when the provider did not answer then.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderReconcileJob } from '../../../api/jobs/order-reconcile.ts';
import { paymentMethods } from '../../../api/db/schema/index.ts';
import { detachedCardMessage } from '../../../api/providers/payments/sandbox.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { staffClient } from '../../fixtures/staff.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

let charges = 0;
/** What the provider answers to a $1.00 authorisation on the card: its status, or the refusal's message. */
async function chargeAnswer(providerPaymentMethodId: string): Promise<string> {
  try {
    const intent = await t.deps.providers.payments.authorize({
      customerId: 'cus_sandbox_demo',
      paymentMethodId: providerPaymentMethodId,
      amount: 100,
      idempotencyKey: `detach-test-${++charges}`,
      description: 'test charge',
    });
    return intent.status;
  } catch (error) {
    return (error as Error).message;
  }
}

async function cardOf(accountId: number) {
  const [card] = await t.db.select().from(paymentMethods).where(eq(paymentMethods.accountId, accountId));
  return card;
}

describe('a removed card', () => {
  it('is detached when its owner deletes it: the provider refuses to charge it afterwards', async () => {
    const buyer = await signedInBuyer(t, 'deletes-card@example.org');
    const card = await cardOf(buyer.accountId);
    expect(await chargeAnswer(card.providerPaymentMethodId)).toBe('requires_capture');

    expect((await buyer.client.delete(`/api/paymentMethods/${card.paymentMethodId}`)).status).toBe(200);
    expect(await cardOf(buyer.accountId)).toMatchObject({ status: 'deleted', detachedAt: expect.any(Date) });
    expect(await chargeAnswer(card.providerPaymentMethodId)).toBe(detachedCardMessage);
  });

  it('is removed at once when the provider does not answer, and detached by the reconcile job later', async () => {
    const buyer = await signedInBuyer(t, 'provider-down@example.org');
    const card = await cardOf(buyer.accountId);
    const { payments } = t.deps.providers;
    const detachCard = payments.detachCard;
    payments.detachCard = () => Promise.reject(new Error('connect ECONNREFUSED api.stripe.com'));
    try {
      const answer = await buyer.client.delete(`/api/paymentMethods/${card.paymentMethodId}`);
      expect(answer.status).toBe(200);
      expect((await buyer.client.get('/api/paymentMethods')).body.data).toEqual([]);
      expect(await cardOf(buyer.accountId)).toMatchObject({ status: 'deleted', detachedAt: null });
      // Still down at the job's first run: nothing is lost, the card waits for the next.
      expect(await orderReconcileJob.run(t.deps, {})).toMatchObject({ cards: { failed: 1 } });
    } finally {
      payments.detachCard = detachCard;
    }
    expect(await orderReconcileJob.run(t.deps, {})).toMatchObject({ cards: { detached: 1, failed: 0 } });
    expect(await cardOf(buyer.accountId)).toMatchObject({ detachedAt: expect.any(Date) });
    expect(await chargeAnswer(card.providerPaymentMethodId)).toBe(detachedCardMessage);
  });

  it('is detached when staff close the account', async () => {
    const support = await staffClient(t, 'support');
    const buyer = await signedInBuyer(t, 'closes-account@example.org');
    const card = await cardOf(buyer.accountId);
    const closed = await support.client.post(`/api/admin/customers/${buyer.accountId}/close`, { reason: 'Customer asked by phone, verified' });
    expect(closed.status).toBe(200);
    expect(await cardOf(buyer.accountId)).toMatchObject({ status: 'deleted', detachedAt: expect.any(Date) });
    expect(await chargeAnswer(card.providerPaymentMethodId)).toBe(detachedCardMessage);
  });

  it('is removed and detached once when its owner deletes it ten times at once: no 500, the provider asked at least once', async () => {
    const buyer = await signedInBuyer(t, 'deletes-card-ten-times@example.org');
    const card = await cardOf(buyer.accountId);
    const { payments } = t.deps.providers;
    const detachCard = payments.detachCard;
    let detachCalls = 0;
    payments.detachCard = (id) => {
      detachCalls++;
      return detachCard.call(payments, id);
    };
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => buyer.client.delete(`/api/paymentMethods/${card.paymentMethodId}`)));
      const statuses = answers.map((answer) => answer.status);
      // The first delete wins; the others find the card gone (404) or already removed (200): never an error.
      expect(statuses.every((status) => status === 200 || status === 404)).toBe(true);
      expect(statuses).toContain(200);
    } finally {
      payments.detachCard = detachCard;
    }
    expect(detachCalls).toBeGreaterThanOrEqual(1);
    expect((await buyer.client.get('/api/paymentMethods')).body.data).toEqual([]);
    expect(await cardOf(buyer.accountId)).toMatchObject({ status: 'deleted', detachedAt: expect.any(Date) });
    expect(await chargeAnswer(card.providerPaymentMethodId)).toBe(detachedCardMessage);
  });
});
