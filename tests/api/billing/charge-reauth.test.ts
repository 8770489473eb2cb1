/**
 * Charges from the account app over CHARGE_CONFIRM_ABOVE_CENTS (issue #26, default $100) need a sign-in or "confirm
 * it's you" within 15 minutes, as showing an auth code does: renewal orders, Domain Protection, the email service and
 * the Website Builder answer 403 `data.reauthRequired` on an older session and charge nothing; after a confirmation
 * (or under the threshold) they go through. An API token with renewals:write is the owner's standing permission.
 */
import { addYears } from 'date-fns/addYears';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeIntents, domains, renewalOrders, sessions, transactions, users } from '../../../api/db/schema/index.ts';
import { createApiToken } from '../../../api/services/auth/api-tokens/api-tokens.ts';
import { reauthRequiredMessage } from '../../../api/services/auth/recent-auth.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { ownDomain } from '../../fixtures/renewal-domains.ts';
import { ageSession, holderPassword } from '../../fixtures/security-holders.ts';
import { hashPassword } from '../../../api/services/kernel/passwords.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
/** The same app with a threshold of 0: every charge from the account app needs a recent sign-in. */
let strict: TestContext;
let count = 0;

beforeAll(async () => {
  [t, strict] = await Promise.all([createTestContext(), createTestContext({ env: { CHARGE_CONFIRM_ABOVE_CENTS: '0' } })]);
});
afterAll(async () => {
  await Promise.all([t.close(), strict.close()]);
});

/** A customer with a card and a real password whose sign-in is 20 minutes old. */
async function staleCustomer(ctx: TestContext) {
  const buyer = await signedInBuyer(ctx, `stale-${++count}@example.org`);
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(holderPassword) })
    .where(eq(users.userId, buyer.userId));
  const [session] = await ctx.db.select().from(sessions).where(eq(sessions.userId, buyer.userId));
  await ageSession(ctx, session.sessionId);
  const row = await ownDomain(ctx, buyer.accountId, `qwzxv-stale-${count}.com`, { expireDate: addYears(new Date(), 1) });
  return { ...buyer, row };
}

const charges = async (ctx: TestContext, accountId: number) => (await ctx.db.select().from(transactions).where(eq(transactions.accountId, accountId))).length;
const reauth = { status: 403, body: expect.objectContaining({ message: reauthRequiredMessage, data: { reauthRequired: true } }) };

describe('a renewal order over the threshold', () => {
  it('asks an old session to confirm first, charging nothing, then goes through once confirmed', async () => {
    const { client, accountId, row } = await staleCustomer(t);
    const order = { renewalPeriod: 9, domains: [{ domainId: row.domainId }], commit: true, orderKey: `reauth-${count}-order` };
    const preview = await client.post('/api/renewals', { ...order, commit: false });
    expect(preview.body.totalPrice).toBe(9 * 1128);
    expect(preview.body.totalPrice).toBeGreaterThan(t.deps.config.CHARGE_CONFIRM_ABOVE_CENTS);

    const refused = await client.post('/api/renewals', order);
    expect({ status: refused.status, body: refused.body }).toEqual(reauth);
    expect(await charges(t, accountId)).toBe(0);
    expect(await t.db.select().from(renewalOrders).where(eq(renewalOrders.accountId, accountId))).toEqual([]);

    expect((await client.post('/api/session/confirm', { password: holderPassword })).status).toBe(200);
    const placed = await client.post('/api/renewals', order);
    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({ committed: true, totalPrice: 9 * 1128 });
  });

  it('needs no confirmation at or under the threshold', async () => {
    const { client, row } = await staleCustomer(t);
    const placed = await client.post('/api/renewals', {
      renewalPeriod: 1,
      domains: [{ domainId: row.domainId }],
      commit: true,
      orderKey: `small-${count}-order`,
    });
    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({ committed: true, totalPrice: 1128 });
  });

  it('needs none through an API token with renewals:write', async () => {
    const { accountId, userId, row } = await staleCustomer(t);
    const { secret } = await createApiToken(t.db, { accountId, userId }, { name: 'renewer', scopes: ['renewals:write'] });
    const placed = await t
      .client()
      .post(
        '/api/renewals',
        { renewalPeriod: 9, domains: [{ domainId: row.domainId }], commit: true, orderKey: `token-${count}-order` },
        { authorization: `Bearer ${secret}` },
      );
    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({ committed: true, totalPrice: 9 * 1128 });
  });
});

describe('protection, email and the Website Builder over the threshold', () => {
  const cases = [
    { what: 'Domain Protection', patch: { protectionEnabled: true }, on: { protectionEnabled: true } },
    { what: 'the email service', patch: { emailEnabled: true }, on: { emailEnabled: true } },
    { what: 'the Website Builder', patch: { builderEnabled: true }, on: { builderEnabled: true } },
  ];
  for (const { what, patch, on } of cases) {
    it(`asks an old session to confirm before adding ${what}, then adds it`, async () => {
      const { client, accountId, row } = await staleCustomer(strict);
      const refused = await client.patch(`/api/domains/${row.domainId}`, patch);
      expect({ status: refused.status, body: refused.body }).toEqual(reauth);
      const [unchanged] = await strict.db.select().from(domains).where(eq(domains.domainId, row.domainId));
      expect(unchanged).toMatchObject({ protectionEnabled: false, emailEnabled: false, builderEnabled: false, mrc: row.mrc });
      expect(await charges(strict, accountId)).toBe(0);
      // Not even an authorisation was asked for.
      expect(await strict.db.select().from(chargeIntents).where(eq(chargeIntents.accountId, accountId))).toEqual([]);

      expect((await client.post('/api/session/confirm', { password: holderPassword })).status).toBe(200);
      const added = await client.patch(`/api/domains/${row.domainId}`, patch);
      expect(added.status).toBe(200);
      expect(added.body).toMatchObject(on);
    });
  }
});
