/**
 * Staff delete a name with a reason: within the registry's add grace period of a paid registration the registration is
 * refunded (the registry refunds us), after it nothing is; either way the registry no longer holds the name, the
 * owner is emailed, the audit log and the domain's timeline show it, and two clicks at once delete and refund once.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outbox, refunds, registryIntents, transactions } from '../../../api/db/schema/index.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { domainRow, ownedDomain, registryRow } from '../../fixtures/held-domains.ts';
import { documented } from '../../fixtures/documented.ts';
import { staffClient, type TestStaff } from '../../fixtures/staff.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
let support: TestStaff;
let compliance: TestStaff;
beforeAll(async () => {
  t = await createTestContext();
  support = await staffClient(t, 'support');
  compliance = await staffClient(t, 'compliance');
});
afterAll(() => t.close());

const auditRows = (action: string, domainId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(domainId))));
const mailsTo = (to: string) => t.db.select().from(outbox).where(eq(outbox.to, to));
const reason = 'Customer asked by phone, identity checked';

async function boughtToday(domain: string) {
  const email = `grace-${domain}@example.org`;
  const buyer = await signedInBuyer(t, email);
  const cartId = (await buyer.client.post('/api/cartItems', { domain })).body.cartId;
  const order = await buyer.client.patch(`/api/carts/${cartId}`, { commit: true });
  expect(order.status).toBe(200);
  const [charge] = await t.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.accountId, buyer.accountId), eq(transactions.type, 'nrc')));
  return { ...buyer, email, domainId: charge.domainId as number, price: charge.amount };
}

describe('deleting a domain after the add grace period', () => {
  it('says nothing is refunded, deletes it at the registry, emails the owner, and shows in the audit log and the timeline', async () => {
    const held = await ownedDomain(t, 'past-grace-delete.com');
    const terms = await support.client.get(`/api/admin/domains/${held.domainId}/deletion`);
    expect(documented('GET /admin/domains/:id/deletion', terms.body)).toMatchObject({ domain: held.domain, canDelete: true, refund: null });

    const answer = await support.client.post(`/api/admin/domains/${held.domainId}/delete`, { reason });
    expect(answer.status).toBe(200);
    expect(documented('POST /admin/domains/:id/delete', answer.body)).toMatchObject({ refunded: 0, message: expect.stringMatching(/Nothing was refunded/) });
    expect(await registryRow(t, held.domain)).toBeUndefined();
    expect((await domainRow(t, held.domainId)).status).toBe('deleted');
    expect(await auditRows('domain.delete', held.domainId)).toMatchObject([{ reason, staffEmail: support.email }]);
    await t.runJobs();
    expect((await mailsTo(held.email)).map((m) => m.subject)).toContain(`${held.domain} was deleted`);
    expect((await held.client.get('/api/domains')).body.data.map((d: { domain: string }) => d.domain)).not.toContain(held.domain);

    const timeline = documented('GET /admin/domains/:id/timeline', (await support.client.get(`/api/admin/domains/${held.domainId}/timeline`)).body).data;
    expect(timeline).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ source: 'staff', actor: support.email, summary: 'Deleted at the registry', reason }),
        expect.objectContaining({ source: 'registry', summary: 'Deletion: done' }),
      ]),
    );
    const again = await support.client.post(`/api/admin/domains/${held.domainId}/delete`, { reason });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already deleted/);
  });

  it('deletes once when asked twice at once', async () => {
    const held = await ownedDomain(t, 'twice-delete.com');
    const answers = await Promise.all([1, 2].map(() => support.client.post(`/api/admin/domains/${held.domainId}/delete`, { reason })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await auditRows('domain.delete', held.domainId)).toHaveLength(1);
    expect(await t.db.select().from(registryIntents).where(eq(registryIntents.domainId, held.domainId))).toMatchObject([{ kind: 'delete', state: 'done' }]);
  });

  it('puts the name back when the registry refuses, and says so', async () => {
    const held = await ownedDomain(t, 'refused-delete.com');
    const registry = t.deps.providers.registry;
    const original = registry.delete;
    registry.delete = async () => {
      throw new Error('2305 Object association prohibits operation');
    };
    try {
      const answer = await support.client.post(`/api/admin/domains/${held.domainId}/delete`, { reason });
      expect(answer.status).toBe(502);
      expect(answer.body.message).toMatch(/refused.*2305.*Nothing was changed/);
    } finally {
      registry.delete = original;
    }
    expect(await domainRow(t, held.domainId)).toMatchObject({ status: 'active' });
    expect(await registryRow(t, held.domain)).toBeDefined();
  });

  it('asks a reason without control characters, and only of roles that may delete', async () => {
    const held = await ownedDomain(t, 'reasonless-delete.com');
    expect((await support.client.post(`/api/admin/domains/${held.domainId}/delete`, {})).status).toBe(400);
    const nul = await support.client.post(`/api/admin/domains/${held.domainId}/delete`, { reason: 'Asked by\u0000 phone' });
    expect(nul.status).toBe(400);
    expect(nul.body.message).toMatch(/control character/);
    expect((await compliance.client.post(`/api/admin/domains/${held.domainId}/delete`, { reason })).status).toBe(403);
    expect((await domainRow(t, held.domainId)).status).toBe('active');
    expect(await registryRow(t, held.domain)).toBeDefined();
  });
});

describe('deleting a domain within the add grace period', () => {
  it('refunds its registration once, even when asked twice at once, and the registry no longer holds it', async () => {
    const bought = await boughtToday('grace-delete-xq.com');
    const terms = await support.client.get(`/api/admin/domains/${bought.domainId}/deletion`);
    expect(documented('GET /admin/domains/:id/deletion', terms.body)).toMatchObject({ canDelete: true, refund: { amount: bought.price } });

    const answers = await Promise.all([1, 2].map(() => support.client.post(`/api/admin/domains/${bought.domainId}/delete`, { reason })));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    expect(ok[0].body).toMatchObject({ refunded: bought.price, message: expect.stringMatching(/refunded/) });
    const made = await t.db.select().from(refunds).where(eq(refunds.accountId, bought.accountId));
    expect(made).toHaveLength(1);
    expect(made[0].amount + made[0].creditAmount).toBe(bought.price);
    const refundRows = await t.db
      .select({ total: sql<number>`sum(amount)::int` })
      .from(transactions)
      .where(and(eq(transactions.accountId, bought.accountId), eq(transactions.type, 'nrc'), sql`amount < 0`));
    expect(refundRows[0].total).toBe(-bought.price);
    expect(await registryRow(t, 'grace-delete-xq.com')).toBeUndefined();
    expect((await domainRow(t, bought.domainId)).status).toBe('deleted');

    const timeline = (await support.client.get(`/api/admin/domains/${bought.domainId}/timeline`)).body.data;
    expect(timeline).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ source: 'staff', summary: 'Refunded its order', reason }),
        expect.objectContaining({ source: 'staff', summary: 'Deleted at the registry', reason }),
      ]),
    );
    // A search of the audit log for deletions finds it, once, beside its order's refund.
    expect(await auditRows('domain.delete', bought.domainId)).toMatchObject([{ reason, after: { status: 'deleted', withinAddGracePeriod: true } }]);
  });
});
