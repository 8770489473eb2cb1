/**
 * Sellers' payouts: a market sale's seller share is owed to the seller (their Earnings show it), the back office pays
 * it through the payouts sandbox or by bank transfer with a reference (audited, once), and the dashboard's revenue
 * counts only our share.
 */
import { addDays } from 'date-fns/addDays';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutResultsSchema, payoutsScreenSchema, sellerEarningsSchema } from '../../../api/contract/selling/payouts.ts';
import { now } from '../../../api/clock.ts';
import { auditLog } from '../../../api/db/schema/index.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { ownDomain } from '../../fixtures/renewal-domains.ts';
import { staffClient, type TestStaff } from '../../fixtures/staff.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
let billing: TestStaff;
beforeAll(async () => {
  t = await createTestContext({ env: { BOT_CHECK_DIFFICULTY: '1' } });
  billing = await staffClient(t, 'billing');
});
afterAll(() => t.close());

let people = 0;
const person = (label: string) => signedInBuyer(t, `${label}-${++people}@example.org`);

async function sell(name: string, listPrice: number) {
  const seller = await person('seller');
  const row = await ownDomain(t, seller.accountId, name, { expireDate: addDays(now(), 200), status: 'active' });
  expect((await seller.client.patch(`/api/domains/${row.domainId}`, { forSale: true, floorPrice: 9900, listPrice })).status).toBe(200);
  const buyer = await person('buyer');
  const added = await buyer.client.post('/api/cartItems', [{ type: 'domain', domain: name, domainType: 'market' }]);
  expect(added.status).toBe(201);
  const done = await buyer.client.patch(`/api/carts/${added.body[0].cartId}`, { commit: true });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return seller;
}

describe('seller payouts', () => {
  it('shows the share in the seller’s Earnings, pays it through the payouts sandbox once, and counts only our share as revenue', async () => {
    const before = (await billing.client.get('/api/admin/dashboard')).body.revenue.today;
    const seller = await sell('qwzxv-payout-one.com', 180_000);
    const after = (await billing.client.get('/api/admin/dashboard')).body.revenue.today;
    expect(after - before).toBe(180_000 - 144_000);

    const earnings = sellerEarningsSchema.parse((await seller.client.get('/api/earnings')).body);
    expect(earnings).toMatchObject({
      share: 144_000,
      paidOut: 0,
      balance: 144_000,
      sales: [{ domain: 'qwzxv-payout-one.com', price: 180_000, share: 144_000 }],
    });
    const owed = payoutsScreenSchema.parse((await billing.client.get('/api/admin/payouts')).body).sellers;
    expect(owed).toContainEqual(expect.objectContaining({ accountId: seller.accountId, balance: 144_000 }));

    const body = { accountIds: [seller.accountId], method: 'provider', idempotencyKey: `payout-${Math.random().toString(36).slice(2)}` };
    const paid = await billing.client.post('/api/admin/payouts', body);
    payoutResultsSchema.parse(paid.body);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.results[0].payout).toMatchObject({ amount: 144_000, status: 'paid', reference: expect.stringMatching(/^tr_sandbox_/) });
    const again = await billing.client.post('/api/admin/payouts', body);
    expect(again.body.results[0]).toMatchObject({ replayed: true, payout: { sellerPayoutId: paid.body.results[0].payout.sellerPayoutId } });
    expect((await seller.client.get('/api/earnings')).body).toMatchObject({ share: 144_000, paidOut: 144_000, balance: 0 });
    const none = await billing.client.post('/api/admin/payouts', { ...body, idempotencyKey: `payout-${Math.random().toString(36).slice(2)}` });
    expect(none.status).toBe(409);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'seller.payout'), eq(auditLog.accountId, seller.accountId)));
    expect(entries).toHaveLength(1);
  });

  it('records a manual bank payout with its reference, and refuses one without', async () => {
    const seller = await sell('qwzxv-payout-two.com', 50_000);
    const key = `payout-${Math.random().toString(36).slice(2)}`;
    const missing = await billing.client.post('/api/admin/payouts', { accountIds: [seller.accountId], method: 'manual', idempotencyKey: key });
    expect(missing.status).toBe(400);
    const paid = await billing.client.post('/api/admin/payouts', {
      accountIds: [seller.accountId],
      method: 'manual',
      reference: 'BANK-REF-7781',
      idempotencyKey: key,
    });
    expect(paid.body.results[0].payout).toMatchObject({ amount: 40_000, method: 'manual', reference: 'BANK-REF-7781', status: 'paid' });
    expect((await seller.client.get('/api/earnings')).body.balance).toBe(0);
  });
});
