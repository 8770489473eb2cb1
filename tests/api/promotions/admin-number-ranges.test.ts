/**
 * Numbers staff send for promo codes and account credit are range-checked before anything is stored: a number that does
 * not fit (past a database integer, negative, fractional cents) answers 400 saying which field and why, never a 500.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountCredits, promoCodes } from '../../../api/db/schema/index.ts';
import { useFileTestContext } from '../../fixtures/file-test-context.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';

const {
  t,
  staff: { billing },
} = useFileTestContext({ staff: ['billing'] });

const tooBig = 2 ** 31;
let counter = 0;
const label = (what: string) => `qwzxv-${what}-${++counter}-${Math.random().toString(36).slice(2, 7)}`;

describe('promo code numbers', () => {
  const code = () => `RANGE-${++counter}-${Math.random().toString(36).slice(2, 6)}`;
  const body = () => ({ code: code(), kind: 'amount', value: 500, years: 'first' });

  it('refuses a discount, cap or id that does not fit with a 400 naming the field, storing nothing', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ value: tooBig }, /^value: The discount is at most 100 percent, or \$10,000\.00 off a year$/],
      [{ value: 1_000_001 }, /^value: The discount is at most 100 percent, or \$10,000\.00 off a year$/],
      [{ kind: 'percent', value: tooBig }, /^value: The discount is at most 100 percent, or \$10,000\.00 off a year$/],
      [{ kind: 'percent', value: 101 }, /^value: A percent discount is at most 100$/],
      [{ value: 12.5 }, /^value: Whole percent or cents only$/],
      [{ value: -100 }, /^value: The discount must be more than 0$/],
      [{ value: 1e20 }, /^value: The discount is at most 100 percent, or \$10,000\.00 off a year$/],
      [{ value: '500' }, /^value: Enter how much the code takes off$/],
      [{ maxRedemptions: tooBig }, /^maxRedemptions: The total cap is at most 2,147,483,647$/],
      [{ maxRedemptions: 1e20 }, /^maxRedemptions: The total cap is at most 2,147,483,647$/],
      [{ maxRedemptions: 2.5 }, /^maxRedemptions: The total cap must be a whole number$/],
      [{ maxPerCustomer: tooBig }, /^maxPerCustomer: The per-customer cap is at most 2,147,483,647$/],
      [{ maxPerCustomer: -1 }, /^maxPerCustomer: The per-customer cap must be at least 1$/],
    ];
    for (const [change, message] of cases) {
      const sent = { ...body(), ...change };
      const answer = await billing.client.post('/api/admin/promoCodes', sent);
      expect(answer.status, `${JSON.stringify(change)}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body.message).toMatch(message);
      expect(await t.db.select().from(promoCodes).where(eq(promoCodes.code, sent.code))).toEqual([]);
    }
  });

  it('accepts the largest values that fit', async () => {
    const created = await billing.client.post('/api/admin/promoCodes', { ...body(), value: 1_000_000, maxRedemptions: tooBig - 1, maxPerCustomer: tooBig - 1 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ value: 1_000_000, maxRedemptions: tooBig - 1, maxPerCustomer: tooBig - 1 });
  });

  it('refuses the same on an edit, and an id past the largest there can be', async () => {
    const created = await billing.client.post('/api/admin/promoCodes', body());
    expect(created.status).toBe(201);
    const id = created.body.promoCodeId as number;
    for (const change of [{ value: tooBig }, { maxRedemptions: tooBig }, { maxPerCustomer: tooBig }, { value: 0.5 }]) {
      const answer = await billing.client.patch(`/api/admin/promoCodes/${id}`, change);
      expect(answer.status, `${JSON.stringify(change)}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body.message).toMatch(new RegExp(`^${Object.keys(change)[0]}: `));
    }
    const [stored] = await t.db.select().from(promoCodes).where(eq(promoCodes.promoCodeId, id));
    expect(stored).toMatchObject({ value: 500, maxRedemptions: null, maxPerCustomer: null });

    for (const path of [`/api/admin/promoCodes/${tooBig}`, '/api/admin/promoCodes/99999999999999999999']) {
      const edit = await billing.client.patch(path, { maxRedemptions: 5 });
      expect(edit.status, JSON.stringify(edit.body)).toBe(400);
      expect(edit.body.message).toBe('The id is too large: there is no such record');
      expect((await billing.client.post(`${path}/expire`, {})).status).toBe(400);
    }
  });
});

describe('account credit numbers', () => {
  const grant = (accountId: number, amount: unknown) => ({ accountId, amount, note: 'Sorry about the outage', reason: 'DNS outage on the 3rd' });

  it('refuses an amount or account that does not fit with a 400, granting nothing', async () => {
    const buyer = await signedInBuyer(t, `${label('ranges')}@example.org`);
    const cases: [Record<string, unknown>, string][] = [
      [grant(buyer.accountId, tooBig), 'amount: A credit is at most $1,000.00 at a time'],
      [grant(buyer.accountId, 99.5), 'amount: Whole cents only'],
      [grant(buyer.accountId, -700), 'amount: The credit must be more than $0.00'],
      [grant(buyer.accountId, '700'), 'amount: Enter an amount'],
      [grant(tooBig, 700), 'accountId: There is no account with that number'],
      [grant(-1, 700), 'accountId: Give an account number'],
      [grant(1.5, 700), 'accountId: Give an account number'],
    ];
    for (const [sent, message] of cases) {
      const answer = await billing.client.post('/api/admin/credits', sent);
      expect(answer.status, `${JSON.stringify(sent)}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    expect(await t.db.select().from(accountCredits).where(eq(accountCredits.accountId, buyer.accountId))).toEqual([]);
  });

  it('refuses a revocation or a look-up that does not fit', async () => {
    const buyer = await signedInBuyer(t, `${label('ranges')}@example.org`);
    expect((await billing.client.post('/api/admin/credits', grant(buyer.accountId, 400))).status).toBe(201);
    const revoke = (accountId: number, amount: unknown) =>
      billing.client.post('/api/admin/credits/revocations', { ...grant(accountId, amount), note: 'Given by mistake' });
    const cases: [Promise<{ status: number; body: { message: string } }>, string][] = [
      [revoke(buyer.accountId, tooBig), 'amount: Take back at most $100,000.00 at a time'],
      [revoke(buyer.accountId, 0.01), 'amount: Whole cents only'],
      [revoke(buyer.accountId, -400), 'amount: Take back more than $0.00'],
      [revoke(tooBig, 100), 'accountId: There is no account with that number'],
      [billing.client.get(`/api/admin/credits?accountId=${tooBig}`), 'accountId: There is no account with that number'],
      [billing.client.get('/api/admin/credits?accountId=1e30'), 'accountId: There is no account with that number'],
      [billing.client.get('/api/admin/credits?accountId=-3'), 'accountId: Give an account number'],
    ];
    for (const [pending, message] of cases) {
      const answer = await pending;
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    expect((await billing.client.get(`/api/admin/credits?accountId=${buyer.accountId}`)).body.balance).toBe(400);
  });
});
