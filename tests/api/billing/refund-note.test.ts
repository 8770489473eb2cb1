/**
 * A refund's reason stays with staff: the customer's Account activity shows the note billing chose to write for them
 * (through either refund route), or nothing beside the refund's sentence; a note with a control character is a 400
 * before anything is refunded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { staffClient, type TestStaff } from '../../fixtures/staff.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
let billing: TestStaff;

beforeAll(async () => {
  t = await createTestContext();
  billing = await staffClient(t, 'billing');
});
afterAll(() => t.close());

let counter = 0;
async function customerOrder() {
  const buyer = await signedInBuyer(t, `refund-note-${++counter}@example.org`);
  const cartId = (await buyer.client.post('/api/cartItems', { domain: `qwzxv-refund-note-${counter}.com` })).body.cartId;
  const order = await buyer.client.patch(`/api/carts/${cartId}`, { commit: true });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const detail = await billing.client.get(`/api/admin/orders/${order.body.orderId}`);
  return { ...buyer, orderId: order.body.orderId as number, payment: detail.body.payment };
}

const refundActivity = async (client: Awaited<ReturnType<typeof customerOrder>>['client']) =>
  (await client.get('/api/accountActivity')).body.data.filter((e: { kind: string }) => e.kind.endsWith('.refund'));

describe('the note to the customer', () => {
  it('is what the customer reads beside a refund; the internal reason never reaches them', async () => {
    const buyer = await customerOrder();
    const body = {
      items: [{ transactionId: buyer.payment.charges[0].transactionId, amount: 300 }],
      reason: 'Suspected reseller abuse, refunding to close the account',
      customerNote: 'As agreed on the phone, we refunded part of your order.',
      idempotencyKey: `note-${counter}-a`,
    };
    const refunded = await billing.client.post(`/api/admin/orders/${buyer.orderId}/refunds`, body);
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);
    const [entry] = await refundActivity(buyer.client);
    expect(entry).toMatchObject({ actor: 'Billing team', reason: 'As agreed on the phone, we refunded part of your order.' });
    expect(JSON.stringify((await buyer.client.get('/api/accountActivity')).body)).not.toContain('reseller abuse');
  });

  it('left empty, the customer reads only the sentence, through the payments route too', async () => {
    const buyer = await customerOrder();
    const answer = await billing.client.post(`/api/admin/payments/${buyer.payment.paymentIntentId}/refunds`, {
      items: [{ transactionId: buyer.payment.charges[0].transactionId, amount: 200 }],
      reason: 'Goodwill after the outage on our side',
      customerNote: '   ',
      idempotencyKey: `note-${counter}-b`,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const [entry] = await refundActivity(buyer.client);
    expect(entry.summary).toMatch(/^We refunded \$2\.00 of /);
    expect(entry.reason).toBeNull();
  });

  it('with a control character is a 400 and nothing is refunded', async () => {
    const buyer = await customerOrder();
    const answer = await billing.client.post(`/api/admin/orders/${buyer.orderId}/refunds`, {
      items: [{ transactionId: buyer.payment.charges[0].transactionId, amount: 200 }],
      reason: 'Goodwill after the outage on our side',
      customerNote: 'Sorry\u0000 about that',
      idempotencyKey: `note-${counter}-c`,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('control character');
    expect((await billing.client.get(`/api/admin/orders/${buyer.orderId}`)).body.payment.refunded).toBe(0);
    expect(await refundActivity(buyer.client)).toEqual([]);
  });
});
