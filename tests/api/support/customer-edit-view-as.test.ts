/**
 * Support at a customer's request: changing their admin contact and login email (the customer emailed at both
 * addresses, the change audited and in their Account activity), and viewing their control panel as they see it,
 * which the server keeps read-only whatever a client sends, with its start and each page audited.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, outbox, users } from '../../../api/db/schema/index.ts';
import { demoContact } from '../../../api/services/platform/seed.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { documented } from '../../fixtures/documented.ts';
import { staffClient, type TestStaff } from '../../fixtures/staff.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
let support: TestStaff;
let owner: TestStaff;
beforeAll(async () => {
  t = await createTestContext();
  support = await staffClient(t, 'support');
  owner = await staffClient(t, 'owner');
});
afterAll(() => t.close());

const mailsTo = async (to: string) => t.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(outbox.id);
const auditOf = async (accountId: number) =>
  (await owner.client.get(`/api/admin/audit?customer=${accountId}&limit=200`)).body.data as { action: string; reason: string | null; targetLabel: string }[];

describe('support edits a customer', () => {
  it('changes the admin contact and the login email, emails the customer at both addresses, and audits the change', async () => {
    const buyer = await signedInBuyer(t, 'edit-me@example.com');
    const admin = { ...demoContact, firstName: 'Ana', lastName: 'Admin', email: 'ana.admin@example.com' };
    const edited = await support.client.patch(`/api/admin/customers/${buyer.accountId}`, {
      email: 'New.Login@Example.com',
      whoisAdminContact: admin,
      reason: 'Customer called from the number on file',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(documented('PATCH /admin/customers/:id', edited.body)).toMatchObject({
      email: 'new.login@example.com',
      message: 'Changed the login email and admin contact; the customer was emailed',
    });
    const [user] = await t.db.select().from(users).where(eq(users.userId, buyer.userId));
    expect(user.email).toBe('new.login@example.com');
    const [account] = await t.db.select().from(accounts).where(eq(accounts.accountId, buyer.accountId));
    expect(account.whoisAdminContact).toMatchObject({ firstName: 'Ana', email: 'ana.admin@example.com' });

    await t.runJobs();
    const [toOld] = await mailsTo('edit-me@example.com');
    const [toNew] = await mailsTo('new.login@example.com');
    expect(toOld.subject).toMatch(/account details were changed/);
    expect(toOld.body).toContain('You now sign in with new.login@example.com (it was edit-me@example.com)');
    expect(toNew.body).toContain('Our support team changed the login email and admin contact');

    const [entry] = (await auditOf(buyer.accountId)).filter((e) => e.action === 'customer.edit');
    expect(entry).toMatchObject({ reason: 'Customer called from the number on file', targetLabel: 'new.login@example.com' });
    const activity = (await buyer.client.get('/api/accountActivity')).body.data as { summary: string }[];
    expect(activity.map((a) => a.summary)).toContain('Our support team changed your login email and admin contact at your request.');
  });

  it('refuses a login email another account has, an edit without a reason, a role without the permission, and no change', async () => {
    const buyer = await signedInBuyer(t, 'edit-two@example.com');
    await signedInBuyer(t, 'taken@example.com');
    const reason = 'Customer asked by email';
    expect((await support.client.patch(`/api/admin/customers/${buyer.accountId}`, { email: 'taken@example.com', reason })).status).toBe(409);
    expect((await support.client.patch(`/api/admin/customers/${buyer.accountId}`, { email: 'x@example.com' })).status).toBe(400);
    expect((await support.client.patch(`/api/admin/customers/${buyer.accountId}`, { email: 'edit-two@example.com', reason })).status).toBe(400);
    expect((await support.client.patch(`/api/admin/customers/${buyer.accountId}`, { email: 'not an email', reason })).status).toBe(400);
    const billing = await staffClient(t, 'billing');
    expect((await billing.client.patch(`/api/admin/customers/${buyer.accountId}`, { email: 'y@example.com', reason })).status).toBe(403);
    expect((await support.client.patch('/api/admin/customers/987654', { email: 'z@example.com', reason })).status).toBe(404);
  });
});

describe('view as customer', () => {
  it('opens the control panel read-only: reads work, every write is refused by the server, each page is audited', async () => {
    const buyer = await signedInBuyer(t, 'viewed@example.com');
    const staff = await staffClient(t, 'support');
    expect((await staff.client.post(`/api/admin/customers/${buyer.accountId}/viewAs`, {})).status).toBe(400);
    const started = await staff.client.post(`/api/admin/customers/${buyer.accountId}/viewAs`, { reason: 'Customer cannot find their renewal' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(documented('POST /admin/customers/:id/viewAs', started.body).redirect).toBe('/account/domains');
    // The same browser now holds a customer session for the account, marked as the staff member's.
    const me = await staff.client.get('/api/users/0');
    expect(me.body).toMatchObject({ accountId: buyer.accountId, email: 'viewed@example.com', $viewAs: { staffEmail: staff.email } });
    expect((await staff.client.get('/api/domains')).status).toBe(200);
    expect((await staff.client.get('/api/accounts/0')).status).toBe(200);

    const writes = [
      staff.client.patch('/api/accounts/0', { advancedEnabled: true }),
      staff.client.patch('/api/users/0', { email: 'hijack@example.com', password: 'another long password' }),
      staff.client.post('/api/dnsRecords', { domainId: 1, type: 'A', host: 'www', data: '192.0.2.1' }),
      staff.client.post('/api/cartItems', { domain: 'qwzxv-view-as.com' }),
      staff.client.delete('/api/paymentMethods/1'),
      staff.client.post('/api/apiTokens', { name: 'sneaky', scopes: ['dns:read'] }),
      staff.client.request('PUT', '/api/domains/1', {}),
    ];
    for (const answer of await Promise.all(writes)) {
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe('You are viewing this account as staff: it is read-only, nothing can be changed here.');
    }
    const [account] = await t.db.select().from(accounts).where(eq(accounts.accountId, buyer.accountId));
    expect(account.advancedEnabled).toBe(false);

    expect((await staff.client.post('/api/viewAs/pageViews', { path: '/account/domains' })).status).toBe(204);
    expect((await staff.client.post('/api/viewAs/pageViews', { path: '/account/summary?view=payment' })).status).toBe(204);
    expect((await staff.client.post('/api/viewAs/pageViews', { path: 'https://evil.example/' })).status).toBe(400);
    // The customer's own session writes as before, and cannot pose as a view to fill the audit log.
    expect((await buyer.client.patch('/api/accounts/0', { advancedEnabled: true })).status).toBe(200);
    expect((await buyer.client.post('/api/viewAs/pageViews', { path: '/account/domains' })).status).toBe(403);

    const audit = await auditOf(buyer.accountId);
    expect(audit.filter((e) => e.action.startsWith('customer.view-as')).map((e) => [e.action, e.targetLabel])).toEqual([
      ['customer.view-as-page', '/account/summary?view=payment'],
      ['customer.view-as-page', '/account/domains'],
      ['customer.view-as', 'viewed@example.com'],
    ]);
    expect(audit.find((e) => e.action === 'customer.view-as')?.reason).toBe('Customer cannot find their renewal');
    const activity = (await buyer.client.get('/api/accountActivity')).body.data as { summary: string }[];
    expect(activity.map((a) => a.summary)).toContain('Our support team viewed your control panel (read-only) to help you.');
  });

  it('is refused to roles without the permission', async () => {
    const buyer = await signedInBuyer(t, 'not-viewed@example.com');
    for (const role of ['billing', 'viewer', 'compliance'] as const) {
      const staff = await staffClient(t, role);
      expect((await staff.client.post(`/api/admin/customers/${buyer.accountId}/viewAs`, { reason: 'Just looking around' })).status).toBe(403);
    }
  });
});
