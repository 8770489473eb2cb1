/**
 * Staff close a customer's account: refused in a plain sentence while it holds domains; otherwise the login stops
 * working (a correct password is told the account is closed), sessions and API tokens end, saved cards are removed,
 * the customer is emailed and the audit log keeps the reason; closing twice at once closes once.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens, auditLog, outbox, paymentMethods, users } from '../../../api/db/schema/index.ts';
import { hashPassword } from '../../../api/services/kernel/passwords.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { ownedDomain } from '../../fixtures/held-domains.ts';
import { documented } from '../../fixtures/documented.ts';
import { staffClient, type TestStaff } from '../../fixtures/staff.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
let support: TestStaff;
let billing: TestStaff;
beforeAll(async () => {
  t = await createTestContext();
  support = await staffClient(t, 'support');
  billing = await staffClient(t, 'billing');
});
afterAll(() => t.close());

const reason = 'Customer asked by email from their login address';
const closeAudits = (accountId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'customer.close'), eq(auditLog.accountId, accountId)));

async function customerWithoutDomains(email: string) {
  const buyer = await signedInBuyer(t, email);
  await t.db
    .update(users)
    .set({ passwordHash: await hashPassword('a long enough password') })
    .where(eq(users.userId, buyer.userId));
  await t.db.insert(apiTokens).values({
    accountId: buyer.accountId,
    userId: buyer.userId,
    name: 'deploy script',
    tokenHash: `hash-${email}`,
    displayPrefix: 'dsp_test',
    scopes: ['domains:read'],
  });
  return buyer;
}

describe('closing an account', () => {
  it('is refused in a plain sentence while the account holds a domain, and nothing changes', async () => {
    const held = await ownedDomain(t, 'still-held-close.com');
    const answer = await support.client.post(`/api/admin/customers/${held.accountId}/close`, { reason });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(
      'This account still holds 1 domain (still-held-close.com): each must be transferred out, deleted or moved to another account before the account can be closed',
    );
    expect((await held.client.get('/api/accounts/0')).status).toBe(200);
    expect(await closeAudits(held.accountId)).toEqual([]);
  });

  it('ends the login, sessions and API tokens, removes the cards, emails the customer and keeps the reason', async () => {
    const email = 'closing-customer@example.org';
    const buyer = await customerWithoutDomains(email);
    expect((await buyer.client.get('/api/accounts/0')).status).toBe(200);

    const answer = await support.client.post(`/api/admin/customers/${buyer.accountId}/close`, { reason });
    expect(answer.status).toBe(200);
    expect(documented('POST /admin/customers/:id/close', answer.body).message).toMatch(/closed/);

    expect((await buyer.client.get('/api/accounts/0')).status).toBe(401);
    const signIn = await t.client().post('/api/session', { email, password: 'a long enough password' });
    expect(signIn.status).toBe(400);
    expect(signIn.body.message).toMatch(/This account is closed/);
    expect(
      await t.db
        .select()
        .from(apiTokens)
        .where(and(eq(apiTokens.accountId, buyer.accountId), isNull(apiTokens.revokeDate))),
    ).toEqual([]);
    expect((await t.db.select().from(paymentMethods).where(eq(paymentMethods.accountId, buyer.accountId))).map((m) => m.status)).toEqual(['deleted']);
    expect(await closeAudits(buyer.accountId)).toMatchObject([
      { reason, staffEmail: support.email, after: { closed: true, apiTokensRevoked: 1, cardsRemoved: 1 } },
    ]);
    await t.runJobs();
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, email));
    expect(mails.map((m) => m.subject)).toContain('Your Dotspot account is closed');
    expect(documented('GET /admin/customers/:id', (await support.client.get(`/api/admin/customers/${buyer.accountId}`)).body).closedAt).toEqual(
      expect.any(String),
    );
  });

  it('closes once when asked twice at once', async () => {
    const buyer = await customerWithoutDomains('closed-twice@example.org');
    const answers = await Promise.all([1, 2].map(() => support.client.post(`/api/admin/customers/${buyer.accountId}/close`, { reason })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.message).toMatch(/already closed/);
    expect(await closeAudits(buyer.accountId)).toHaveLength(1);
  });

  it('needs a reason without control characters, and a role that may close accounts', async () => {
    const buyer = await customerWithoutDomains('not-closed@example.org');
    expect((await support.client.post(`/api/admin/customers/${buyer.accountId}/close`, {})).status).toBe(400);
    const nul = await support.client.post(`/api/admin/customers/${buyer.accountId}/close`, { reason: 'They asked\u0000 us' });
    expect(nul.status).toBe(400);
    expect(nul.body.message).toMatch(/control character/);
    expect((await billing.client.post(`/api/admin/customers/${buyer.accountId}/close`, { reason })).status).toBe(403);
    expect((await buyer.client.get('/api/accounts/0')).status).toBe(200);
  });
});
