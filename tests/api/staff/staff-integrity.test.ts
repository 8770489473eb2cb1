/**
 * Staff accounts and reads: two owners demoting each other at once leave an owner; a signed-in staff member cannot
 * replace their authenticator without a code from the current one (and is emailed when they do); every staff read of
 * a customer's email (order search, order page, domain page) adds an audit row.
 */
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, carts, orders, outbox, staffMembers } from '../../../api/db/schema/index.ts';
import { ownedDomain } from '../../fixtures/held-domains.ts';
import { staffClient, type TestStaff } from '../../fixtures/staff.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const readsBy = (staff: TestStaff, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.staffId, staff.staffId), eq(auditLog.action, action)));

describe('owners', () => {
  it('demoting each other at once leave at least one owner', async () => {
    const [a, b] = await Promise.all([staffClient(t, 'owner'), staffClient(t, 'owner')]);
    // Only these two are owners: the others from this file are other roles.
    const others = await t.db.select().from(staffMembers).where(eq(staffMembers.role, 'owner'));
    for (const other of others.filter((o) => o.staffId !== a.staffId && o.staffId !== b.staffId)) {
      await t.db.update(staffMembers).set({ role: 'viewer' }).where(eq(staffMembers.staffId, other.staffId));
    }
    const answers = await Promise.all([
      a.client.patch(`/api/admin/staff/${b.staffId}`, { role: 'support', reason: 'Moving to the help desk' }),
      b.client.patch(`/api/admin/staff/${a.staffId}`, { role: 'support', reason: 'Moving to the help desk' }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, expect.any(Number)]);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    const owners = await t.db
      .select()
      .from(staffMembers)
      .where(and(eq(staffMembers.role, 'owner'), eq(staffMembers.status, 'active')));
    expect(owners.length).toBeGreaterThanOrEqual(1);
  });
});

describe('replacing the authenticator app', () => {
  it('needs a code from the current app, and emails the staff member', async () => {
    const staff = await staffClient(t, 'support');
    const setup = await staff.client.post('/api/admin/session/totp');
    expect(setup.status).toBe(200);
    const next = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(setup.body.secret) });
    const without = await staff.client.post('/api/admin/session/totp/confirm', { code: next.generate() });
    expect(without.status).toBe(403);
    expect(without.body.message).toMatch(/code from your current authenticator/);
    const wrong = await staff.client.post('/api/admin/session/totp/confirm', { code: next.generate(), currentCode: '000000' });
    expect(wrong.status).toBe(400);
    const [kept] = await t.db.select().from(staffMembers).where(eq(staffMembers.staffId, staff.staffId));
    expect(kept.totpSecret).toBe(staff.totpSecret);
    const replaced = await staff.client.post('/api/admin/session/totp/confirm', { code: next.generate(), currentCode: staff.totp.generate() });
    expect(replaced.status).toBe(200);
    await t.runJobs();
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, staff.email));
    expect(mail?.subject).toMatch(/authenticator app was replaced/);
  });
});

describe('staff reads of a customer’s email', () => {
  it('each add an audit row: order search by email, order page, domain page', async () => {
    const support = await staffClient(t, 'support');
    const held = await ownedDomain(t, 'read-logged.com');
    const [cart] = await t.db
      .insert(carts)
      .values({ accountId: held.accountId } as never)
      .returning();
    const [order] = await t.db
      .insert(orders)
      .values({ cartId: cart.cartId, accountId: held.accountId, status: 'completed', totalPrice: 0, createDate: new Date() } as never)
      .returning();
    const search = await support.client.get(`/api/admin/orders?q=${encodeURIComponent(held.email)}`);
    expect(search.status).toBe(200);
    expect(await readsBy(support, 'order.search')).toMatchObject([{ after: { query: expect.objectContaining({ q: held.email }) } }]);
    expect((await support.client.get(`/api/admin/orders/${order.orderId}`)).status).toBe(200);
    expect(await readsBy(support, 'order.view')).toMatchObject([{ targetId: String(order.orderId), accountId: held.accountId }]);
    expect((await support.client.get(`/api/admin/domains/${held.domainId}`)).status).toBe(200);
    expect(await readsBy(support, 'domain.view')).toMatchObject([
      { targetId: String(held.domainId), accountId: held.accountId, targetLabel: expect.stringContaining(held.email) },
    ]);
    expect((await support.client.get(`/api/admin/credits?accountId=${held.accountId}`)).status).toBe(200);
    expect(await readsBy(support, 'credit.view')).toHaveLength(1);
  });
});
