/**
 * Editing a promo code in the back office: every term until a customer first redeems it; after that only its end date
 * and caps (the discount customers were given stays), each edit audited with before and after.
 */
import { describe, expect, it } from 'vitest';
import { useFileTestContext } from '../../fixtures/file-test-context.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { documented } from '../../fixtures/documented.ts';
import { staffClient } from '../../fixtures/staff.ts';

const {
  t,
  staff: { billing },
} = useFileTestContext({ staff: ['billing'] });

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function newCode(code: string) {
  const created = await billing.client.post('/api/admin/promoCodes', {
    code,
    kind: 'percent',
    value: 20,
    years: 'first',
    endDate: inDays(30),
    reason: 'Test campaign',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(documented('POST /admin/promoCodes', created.body).hasBeenUsed).toBe(false);
  return created.body.promoCodeId as number;
}

async function redeem(code: string) {
  const buyer = await signedInBuyer(t, `promo-edit-${Math.random().toString(36).slice(2, 8)}@example.org`);
  const added = await buyer.client.post('/api/cartItems', { domain: `qwzxv-promo-edit-${Math.random().toString(36).slice(2, 8)}.com` });
  expect((await buyer.client.patch(`/api/carts/${added.body.cartId}`, { promoCode: code })).status).toBe(200);
  const committed = await buyer.client.patch(`/api/carts/${added.body.cartId}`, { commit: true });
  expect(committed.status, JSON.stringify(committed.body)).toBe(200);
}

describe('editing a promo code', () => {
  it('changes any term before first use: discount, extensions, years, dates and caps', async () => {
    const id = await newCode('EDITFREELY');
    const edited = await billing.client.patch(`/api/admin/promoCodes/${id}`, {
      kind: 'amount',
      value: 300,
      tlds: ['.com', 'net'],
      years: 'every',
      endDate: inDays(60),
      maxRedemptions: 100,
      maxPerCustomer: 1,
      reason: 'Partner asked for a fixed amount',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(documented('PATCH /admin/promoCodes/:id', edited.body)).toMatchObject({
      kind: 'amount',
      value: 300,
      tlds: ['com', 'net'],
      years: 'every',
      maxRedemptions: 100,
      maxPerCustomer: 1,
    });
    expect(new Date(edited.body.endDate).getTime()).toBeGreaterThan(Date.now() + 50 * 86_400_000);
    const owner = await staffClient(t, 'owner');
    const audit = await owner.client.get(`/api/admin/audit?action=promo.edit&q=EDITFREELY`);
    expect(audit.body.data[0]).toMatchObject({ action: 'promo.edit', targetLabel: 'EDITFREELY', reason: 'Partner asked for a fixed amount' });
    expect(audit.body.data[0].before).toMatchObject({ kind: 'percent', value: 20 });
    expect(audit.body.data[0].after).toMatchObject({ kind: 'amount', value: 300 });
  });

  it('after first use changes only the end date and caps; the discount is locked', async () => {
    const id = await newCode('LOCKEDAFTER');
    await redeem('LOCKEDAFTER');
    const listed = documented('GET /admin/promoCodes', (await billing.client.get('/api/admin/promoCodes')).body).data.find(
      (p: { promoCodeId: number }) => p.promoCodeId === id,
    );
    expect(listed).toMatchObject({ hasBeenUsed: true, redemptions: 1 });

    const discount = await billing.client.patch(`/api/admin/promoCodes/${id}`, { value: 50 });
    expect(discount.status).toBe(409);
    expect(discount.body.message).toMatch(/LOCKEDAFTER has been used, so its discount can no longer change/);
    expect((await billing.client.patch(`/api/admin/promoCodes/${id}`, { tlds: ['net'] })).status).toBe(409);
    expect((await billing.client.patch(`/api/admin/promoCodes/${id}`, { kind: 'amount' })).status).toBe(409);
    // Sending the same discount back with a new end date (a whole form) is not a change of the discount.
    const later = await billing.client.patch(`/api/admin/promoCodes/${id}`, { value: 20, endDate: inDays(90), maxRedemptions: 10 });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    expect(later.body).toMatchObject({ value: 20, kind: 'percent', maxRedemptions: 10 });
    expect(new Date(later.body.endDate).getTime()).toBeGreaterThan(Date.now() + 80 * 86_400_000);

    const belowUse = await billing.client.patch(`/api/admin/promoCodes/${id}`, { maxRedemptions: 1 });
    expect(belowUse.status).toBe(200);
    expect(belowUse.body.status).toBe('usedUp');
    expect((await billing.client.patch(`/api/admin/promoCodes/${id}`, { endDate: inDays(-1) })).status).toBe(400);
  });

  it('is for billing and owners only, and answers bad input with a 4xx', async () => {
    const id = await newCode('ONLYBILLING');
    const support = await staffClient(t, 'support');
    expect((await support.client.patch(`/api/admin/promoCodes/${id}`, { maxRedemptions: 5 })).status).toBe(403);
    expect((await billing.client.patch(`/api/admin/promoCodes/${id}`, {})).status).toBe(400);
    expect((await billing.client.patch(`/api/admin/promoCodes/${id}`, { kind: 'percent', value: 150 })).status).toBe(400);
    expect((await billing.client.patch(`/api/admin/promoCodes/${id}`, { tlds: ['nosuchtld'] })).status).toBe(400);
    expect((await billing.client.patch('/api/admin/promoCodes/999999', { maxRedemptions: 5 })).status).toBe(404);
  });

  it('ends a code now: it answers as ended', async () => {
    const id = await newCode('ENDSTODAY');
    const ended = await billing.client.post(`/api/admin/promoCodes/${id}/expire`, { reason: 'Campaign withdrawn' });
    expect(ended.status).toBe(200);
    expect(documented('POST /admin/promoCodes/:id/expire', ended.body)).toMatchObject({ code: 'ENDSTODAY', status: 'expired' });
  });
});
