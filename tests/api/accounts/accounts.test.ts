import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, mfas, users } from '../../../api/db/schema/index.ts';
import { hashPassword } from '../../../api/services/kernel/passwords.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
const password = 'account-test-password';
let alice: { client: TestClient; accountId: number; userId: number };
let bob: { client: TestClient; accountId: number; userId: number };

async function signedInAccount(email: string, withMfas = false) {
  const [account] = await t.db.insert(accounts).values({ advancedEnabled: true }).returning();
  const [user] = await t.db
    .insert(users)
    .values({ accountId: account.accountId, email, passwordHash: await hashPassword(password) })
    .returning();
  const client = t.client();
  expect((await client.post('/api/session', { email, password })).status).toBe(200);
  if (withMfas) {
    await t.db.insert(mfas).values([
      { accountId: account.accountId, type: 'totp', data: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', status: 'active' },
      { accountId: account.accountId, type: 'sms', data: '+14155550199', status: 'active' },
      { accountId: account.accountId, type: 'email', data: 'second@example.org', status: 'deleted' },
    ]);
  }
  return { client, accountId: account.accountId, userId: user.userId };
}

beforeAll(async () => {
  t = await createTestContext();
  alice = await signedInAccount('alice@example.com', true);
  bob = await signedInAccount('bob@example.com');
});
afterAll(() => t.close());

describe('GET /api/accounts/0', () => {
  it('answers the caller’s account fields and 403 for another account’s id', async () => {
    const mine = await alice.client.get('/api/accounts/0');
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ accountId: alice.accountId, advancedEnabled: true, $pendingChanges: false, recurringBillAmount: 0 });
    expect(mine.body).toHaveProperty('registrantContact');
    expect(mine.body).toHaveProperty('autoPayDescription');
    expect((await alice.client.get(`/api/accounts/${alice.accountId}`)).status).toBe(200);
    const theirs = await alice.client.get(`/api/accounts/${bob.accountId}`);
    expect(theirs.status).toBe(403);
  });

  it('sends a visitor to log in', async () => {
    const res = await t.client().get('/api/accounts/0');
    expect(res.status).toBe(401);
    expect(res.body.redirect).toBe('/login');
  });
});

describe('GET /api/users/0', () => {
  it('answers the email and never the password hash; another user is 403', async () => {
    const mine = await alice.client.get('/api/users/0');
    expect(mine.body.email).toBe('alice@example.com');
    expect(JSON.stringify(mine.body)).not.toMatch(/argon2|passwordHash/);
    expect((await alice.client.get(`/api/users/${bob.userId}`)).status).toBe(403);
  });

  it('changes the password only with the current one, and the old one stops working', async () => {
    const wrong = await bob.client.patch('/api/users/0', { password: 'new-password-123', currentPassword: 'nope' });
    expect(wrong.status).toBe(400);
    expect((await bob.client.patch(`/api/users/${alice.userId}`, { password: 'new-password-123', currentPassword: password })).status).toBe(403);
    const ok = await bob.client.patch('/api/users/0', { password: 'new-password-123', currentPassword: password });
    expect(ok.status).toBe(200);
    expect((await t.client().post('/api/session', { email: 'bob@example.com', password })).status).toBe(400);
    expect((await t.client().post('/api/session', { email: 'bob@example.com', password: 'new-password-123' })).status).toBe(200);
  });
});

describe('GET /api/mfas?status=active', () => {
  it('lists active methods with descriptions but no secrets', async () => {
    const res = await alice.client.get('/api/mfas?status=active');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.data.map((m: { type: string }) => m.type)).toEqual(['totp', 'sms']);
    expect(JSON.stringify(res.body)).not.toContain('JBSWY3DP');
    expect(JSON.stringify(res.body)).not.toContain('5550199');
    expect(res.body.data[1].description).toContain('0199');
    expect((await bob.client.get('/api/mfas?status=active')).body.total).toBe(0);
    expect((await alice.client.get('/api/mfas?status=sideways')).status).toBe(400);
  });
});
