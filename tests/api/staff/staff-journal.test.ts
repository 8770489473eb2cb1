/**
 * Staff actions as journal entries: input is checked before anything happens (a reason with a NUL byte is a 400 and
 * nothing changes at the registry or here); the change, its audit row and the registry intent commit together; the
 * registry is called after commit with no row lock held; a refusal is undone with an audit row saying so; a lost
 * answer is settled by the order-reconcile job from what the registry says.
 */
import { addMinutes } from 'date-fns/addMinutes';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, useClock } from '../../../api/clock.ts';
import { auditLog, domains, registryIntents, transactions } from '../../../api/db/schema/index.ts';
import { orderReconcileJob } from '../../../api/jobs/order-reconcile.ts';
import { RegistryOutcomeUnknownError } from '../../../api/providers/registry/index.ts';
import { domainRow, ownedDomain, registryRow } from '../../fixtures/held-domains.ts';
import { staffClient, type TestStaff } from '../../fixtures/staff.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

const clock = new ManualClock(new Date());
let restoreClock: () => void;
let t: TestContext;
let owner: TestStaff;

beforeAll(async () => {
  restoreClock = useClock(clock);
  t = await createTestContext();
  owner = await staffClient(t, 'owner');
});
afterAll(async () => {
  await t.close();
  restoreClock();
});

const auditCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0].n;
const intentsOf = (domainId: number) => t.db.select().from(registryIntents).where(eq(registryIntents.domainId, domainId));

describe('a reason with a control character', () => {
  it('is a 400 before anything happens, for every staff action on a domain, and nothing changes at the registry or here', async () => {
    const held = await ownedDomain(t, 'nul-reason.com');
    const registryBefore = await registryRow(t, held.domain);
    const rowBefore = await domainRow(t, held.domainId);
    const auditsBefore = await auditCount();
    const attempts: [string, Record<string, unknown>][] = [
      ['courtesyRenew', { years: 4, reason: 'Outage on our side\u0000' }],
      ['lock', { locked: false, reason: 'Customer asked\u0000 nicely' }],
      ['suspend', { reason: 'Phishing\u0000 kit' }],
      ['unsuspend', { reason: 'Cleaned up\u0007 now' }],
      ['restore', { reason: 'Registrant error\u001b[31m' }],
    ];
    for (const [action, body] of attempts) {
      const answer = await owner.client.post(`/api/admin/domains/${held.domainId}/${action}`, body);
      expect(answer.status, action).toBe(400);
      expect(answer.body.message).toMatch(/control character/);
    }
    expect(await registryRow(t, held.domain)).toEqual(registryBefore);
    expect(await domainRow(t, held.domainId)).toEqual(rowBefore);
    expect(await auditCount()).toBe(auditsBefore);
    expect(await intentsOf(held.domainId)).toEqual([]);
    expect(await t.db.select().from(transactions).where(eq(transactions.domainId, held.domainId))).toEqual([]);
  });

  it('is refused in any free text a back-office or customer request carries', async () => {
    const answer = await owner.client.post('/api/admin/promos', { code: 'NUL\u0000CODE' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/"code" contains a control character \(U\+0000\)/);
    const held = await ownedDomain(t, 'nul-customer.com');
    expect((await held.client.patch(`/api/domains/${held.domainId}`, { ns: ['ns1.example.net\u0000', 'ns2.example.net'] })).status).toBe(400);
  });
});

describe('a staff action on a domain', () => {
  it('calls the registry after its change, audit row and intent committed, with no lock held on the domain', async () => {
    const held = await ownedDomain(t, 'no-lock-held.com');
    const registry = t.deps.providers.registry;
    const original = registry.setLock;
    const seen: { committed: boolean; rowFree: boolean }[] = [];
    registry.setLock = async (domain, locked) => {
      // Another connection: it sees only what committed, and would wait (here: fail at once) on a held row lock.
      const audit = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'domain.unlock'), eq(auditLog.targetId, String(held.domainId))));
      const rowFree = await t.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1 from domains where domain_id = ${held.domainId} for update nowait`);
          return true;
        })
        .catch(() => false);
      seen.push({ committed: audit.length === 1, rowFree });
      return original.call(registry, domain, locked);
    };
    try {
      const answer = await owner.client.post(`/api/admin/domains/${held.domainId}/lock`, { locked: false, reason: 'Customer asked by phone' });
      expect(answer.status).toBe(200);
    } finally {
      registry.setLock = original;
    }
    expect(seen).toEqual([{ committed: true, rowFree: true }]);
    expect((await registryRow(t, held.domain)).locked).toBe(false);
    expect(await intentsOf(held.domainId)).toMatchObject([{ kind: 'unlock', state: 'done' }]);
    expect((await domainRow(t, held.domainId)).authCode).toMatch(/^v1\./);
  });

  it('is undone when the registry refuses it, with an audit row saying so', async () => {
    const held = await ownedDomain(t, 'refused-unlock.com');
    const registry = t.deps.providers.registry;
    const original = registry.setLock;
    registry.setLock = async () => {
      throw new Error('2304 Object status prohibits operation');
    };
    try {
      const answer = await owner.client.post(`/api/admin/domains/${held.domainId}/lock`, { locked: false, reason: 'Customer asked by phone' });
      expect(answer.status).toBe(502);
      expect(answer.body.message).toMatch(/refused.*2304/);
    } finally {
      registry.setLock = original;
    }
    expect(await domainRow(t, held.domainId)).toMatchObject({ locked: true, authCode: null });
    expect((await registryRow(t, held.domain)).locked).toBe(true);
    expect(await intentsOf(held.domainId)).toMatchObject([{ kind: 'unlock', state: 'failed', outcome: '2304 Object status prohibits operation' }]);
    const actions = (
      await t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, String(held.domainId)))
        .orderBy(auditLog.auditId)
    ).map((a) => a.action);
    expect(actions).toEqual(['domain.unlock', 'registry.refused']);
  });

  it('a courtesy renewal whose answer was lost is settled by the reconciling job from the registry, charged as a credit once', async () => {
    const held = await ownedDomain(t, 'lost-answer.com');
    const expireBefore = (await registryRow(t, held.domain)).expireDate;
    const registry = t.deps.providers.registry;
    const original = registry.renew;
    registry.renew = async (input) => {
      await original.call(registry, input);
      throw new RegistryOutcomeUnknownError('the connection dropped before the answer');
    };
    try {
      const answer = await owner.client.post(`/api/admin/domains/${held.domainId}/courtesyRenew`, { years: 2, reason: 'Outage on our side' });
      expect(answer.status).toBe(502);
      expect(answer.body.message).toMatch(/did not answer/);
    } finally {
      registry.renew = original;
    }
    expect(await intentsOf(held.domainId)).toMatchObject([{ kind: 'courtesy-renew', state: 'pending' }]);
    // Another action waits for it rather than crossing it at the registry.
    expect((await owner.client.post(`/api/admin/domains/${held.domainId}/lock`, { locked: false, reason: 'Customer asked' })).status).toBe(409);
    clock.set(addMinutes(clock.now(), 2));
    await orderReconcileJob.run(t.deps, {} as never);
    const [intent] = await intentsOf(held.domainId);
    expect(intent.state).toBe('done');
    const registryAfter = (await registryRow(t, held.domain)).expireDate;
    expect(registryAfter.getUTCFullYear() - expireBefore.getUTCFullYear()).toBe(2);
    expect((await domainRow(t, held.domainId)).expireDate.toISOString()).toBe(registryAfter.toISOString());
    const ledger = await t.db.select().from(transactions).where(eq(transactions.domainId, held.domainId));
    expect(ledger.map((l) => l.type).sort()).toEqual(['credit', 'nrc']);
    expect(ledger.reduce((sum, l) => sum + l.amount, 0)).toBe(0);
    const activity = (await held.client.get('/api/accountActivity')).body.data.map((e: { summary: string }) => e.summary);
    expect(activity).toContain('We renewed lost-answer.com for 2 years at no charge.');
  });

  it('a suspension whose registry hold never happened is made again by the reconciling job', async () => {
    const held = await ownedDomain(t, 'hold-lost.com');
    const registry = t.deps.providers.registry;
    const original = registry.setClientHold;
    registry.setClientHold = async () => {
      throw new RegistryOutcomeUnknownError('timed out');
    };
    try {
      expect((await owner.client.post(`/api/admin/domains/${held.domainId}/suspend`, { reason: 'Phishing kit reported' })).status).toBe(502);
    } finally {
      registry.setClientHold = original;
    }
    expect((await domainRow(t, held.domainId)).suspendedAt).not.toBeNull();
    expect((await registryRow(t, held.domain)).statuses).not.toContain('clientHold');
    clock.set(addMinutes(clock.now(), 2));
    await orderReconcileJob.run(t.deps, {} as never);
    expect((await registryRow(t, held.domain)).statuses).toContain('clientHold');
    expect(await intentsOf(held.domainId)).toMatchObject([{ kind: 'hold', state: 'done' }]);
    expect(await t.db.select().from(domains).where(eq(domains.domainId, held.domainId))).toMatchObject([{ suspensionReason: 'Phishing kit reported' }]);
  });
});
