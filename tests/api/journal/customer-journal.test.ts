/**
 * A customer's registry changes (PATCH /api/domains/:id: unlock, lock, nameservers) are journal entries like staff
 * actions: our record, an audit row naming the customer and the intent commit together; the registry is asked after
 * commit; a refusal is undone (the record as before, an audit row saying so); a lost answer leaves the intent pending
 * for the reconciling job, which settles it from what the registry says.
 */
import { addMinutes } from 'date-fns/addMinutes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, useClock } from '../../../api/clock.ts';
import { auditLog, registryIntents } from '../../../api/db/schema/index.ts';
import { orderReconcileJob } from '../../../api/jobs/order-reconcile.ts';
import { RegistryOutcomeUnknownError } from '../../../api/providers/registry/index.ts';
import { domainRow, ownedDomain, registryRow } from '../../fixtures/held-domains.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

const clock = new ManualClock(new Date());
let restoreClock: () => void;
let t: TestContext;

beforeAll(async () => {
  restoreClock = useClock(clock);
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
  restoreClock();
});

const intentsOf = (domainId: number) => t.db.select().from(registryIntents).where(eq(registryIntents.domainId, domainId));
const auditOf = async (domainId: number) =>
  (
    await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(domainId)))
      .orderBy(auditLog.auditId)
  ).map((a) => ({
    action: a.action,
    staffId: a.staffId,
    staffEmail: a.staffEmail,
  }));
const otherNameservers = ['ns1.elsewhere-dns.net', 'ns2.elsewhere-dns.net'];

describe("a customer's registry change", () => {
  it('an unlock answers with the code the registry was given, with an audit row naming the customer and a settled intent', async () => {
    const held = await ownedDomain(t, 'journal-unlock.com');
    const answer = await held.client.patch(`/api/domains/${held.domainId}`, { locked: false });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const atRegistry = await registryRow(t, held.domain);
    expect(atRegistry.locked).toBe(false);
    expect(answer.body.authCode).toBe(atRegistry.authCode);
    expect(await intentsOf(held.domainId)).toMatchObject([{ kind: 'unlock', state: 'done' }]);
    expect(await auditOf(held.domainId)).toEqual([{ action: 'customer.domain.unlock', staffId: null, staffEmail: held.email }]);
    // Locked again: a second entry, and the code the customer saw no longer works.
    expect((await held.client.patch(`/api/domains/${held.domainId}`, { locked: true })).status).toBe(200);
    expect((await registryRow(t, held.domain)).locked).toBe(true);
    expect((await registryRow(t, held.domain)).authCode).not.toBe(atRegistry.authCode);
    expect((await auditOf(held.domainId)).map((a) => a.action)).toEqual(['customer.domain.unlock', 'customer.domain.lock']);
  });

  it('nameservers the registry refuses are put back, with an audit row saying so', async () => {
    const held = await ownedDomain(t, 'journal-refused.com');
    const nsBefore = (await domainRow(t, held.domainId)).ns;
    const registry = t.deps.providers.registry;
    const original = registry.setNameservers;
    registry.setNameservers = async () => {
      throw new Error('2306 Parameter value policy error');
    };
    try {
      const answer = await held.client.patch(`/api/domains/${held.domainId}`, { ns: otherNameservers });
      expect(answer.status).toBe(502);
      expect(answer.body.message).toBe('The registry refused the change of journal-refused.com: 2306 Parameter value policy error. Nothing was changed.');
    } finally {
      registry.setNameservers = original;
    }
    expect((await domainRow(t, held.domainId)).ns).toEqual(nsBefore);
    expect((await held.client.get(`/api/domains/${held.domainId}`)).body.ns).toEqual(nsBefore);
    expect(await intentsOf(held.domainId)).toMatchObject([{ kind: 'nameservers', state: 'failed', outcome: '2306 Parameter value policy error' }]);
    expect((await auditOf(held.domainId)).map((a) => a.action)).toEqual(['customer.domain.nameservers', 'registry.refused']);
  });

  it('a nameserver change whose answer was lost is settled by the reconciling job, and nothing else crosses it meanwhile', async () => {
    const held = await ownedDomain(t, 'journal-lost.com');
    const registry = t.deps.providers.registry;
    const original = registry.setNameservers;
    registry.setNameservers = async (domain, ns) => {
      await original.call(registry, domain, ns);
      throw new RegistryOutcomeUnknownError('the connection dropped before the answer');
    };
    try {
      const answer = await held.client.patch(`/api/domains/${held.domainId}`, { ns: otherNameservers });
      expect(answer.status).toBe(502);
      expect(answer.body.message).toMatch(/did not answer about journal-lost\.com/);
    } finally {
      registry.setNameservers = original;
    }
    expect(await intentsOf(held.domainId)).toMatchObject([{ kind: 'nameservers', state: 'pending' }]);
    // Our record already says what was asked; another change waits for the first to be settled.
    expect((await domainRow(t, held.domainId)).ns.map((n) => n.toLowerCase())).toEqual(otherNameservers);
    const second = await held.client.patch(`/api/domains/${held.domainId}`, { locked: false });
    expect(second.status).toBe(409);
    expect((await registryRow(t, held.domain)).locked).toBe(true);

    clock.set(addMinutes(clock.now(), 2));
    await orderReconcileJob.run(t.deps, {} as never);
    expect(await intentsOf(held.domainId)).toMatchObject([{ kind: 'nameservers', state: 'done' }]);
    expect((await registryRow(t, held.domain)).nameservers.map((n) => n.toLowerCase())).toEqual(otherNameservers);
    expect((await domainRow(t, held.domainId)).ns.map((n) => n.toLowerCase())).toEqual(otherNameservers);
  });
});
