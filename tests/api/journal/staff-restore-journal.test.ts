/**
 * A staff restore from redemption is a journal entry: the intent and its audit row commit first, the registry's
 * restore runs after commit, our record follows the registry's answer. A refusal changes nothing (an audit row says
 * so); an answer lost on the way back is settled by the reconciling job from the registry's record, never by asking
 * for a second restore.
 */
import { addDays } from 'date-fns/addDays';
import { addMinutes } from 'date-fns/addMinutes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, useClock } from '../../../api/clock.ts';
import { auditLog, domains, outbox, registryDomains, registryIntents } from '../../../api/db/schema/index.ts';
import { orderReconcileJob } from '../../../api/jobs/order-reconcile.ts';
import { RegistryOutcomeUnknownError } from '../../../api/providers/registry/index.ts';
import { domainRow, ownedDomain, registryRow } from '../../fixtures/held-domains.ts';
import { staffClient, type TestStaff } from '../../fixtures/staff.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

const clock = new ManualClock(new Date());
let restoreClock: () => void;
let t: TestContext;
let support: TestStaff;

beforeAll(async () => {
  restoreClock = useClock(clock);
  t = await createTestContext();
  support = await staffClient(t, 'support');
});
afterAll(async () => {
  await t.close();
  restoreClock();
});

const intentsOf = (domainId: number) => t.db.select().from(registryIntents).where(eq(registryIntents.domainId, domainId));
const actionsOn = async (domainId: number) =>
  (
    await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'domain'), eq(auditLog.targetId, String(domainId))))
      .orderBy(auditLog.auditId)
  ).map((a) => a.action);

/** A customer's name deleted five days ago, in its redemption period here and at the registry. */
async function inRedemption(name: string) {
  const held = await ownedDomain(t, name);
  await t.db
    .update(domains)
    .set({ status: 'redemption', redemptionPeriodStartDate: addDays(clock.now(), -5) })
    .where(eq(domains.domainId, held.domainId));
  await t.db
    .update(registryDomains)
    .set({ statuses: ['pendingDelete', 'redemptionPeriod'] })
    .where(eq(registryDomains.domain, name));
  return held;
}

const restore = (domainId: number) => support.client.post(`/api/admin/domains/${domainId}/restore`, { reason: 'Registrant missed the renewal emails' });

describe('a staff restore from redemption', () => {
  it('refused by the registry, changes nothing and says so in the audit log', async () => {
    const held = await inRedemption('journal-restore-refused.com');
    const registry = t.deps.providers.registry;
    const original = registry.restore;
    registry.restore = async () => {
      throw new Error('2105 Object is not eligible for restore');
    };
    try {
      const answer = await restore(held.domainId);
      expect(answer.status).toBe(502);
      expect(answer.body.message).toBe(
        'The registry refused the change of journal-restore-refused.com: 2105 Object is not eligible for restore. Nothing was changed.',
      );
    } finally {
      registry.restore = original;
    }
    expect((await domainRow(t, held.domainId)).status).toBe('redemption');
    expect(await intentsOf(held.domainId)).toMatchObject([{ kind: 'restore', state: 'failed' }]);
    expect(await actionsOn(held.domainId)).toEqual(['domain.restore', 'registry.refused']);
  });

  it('whose answer was lost is settled by the reconciling job from the registry, and the owner is emailed once', async () => {
    const held = await inRedemption('journal-restore-lost.com');
    const registry = t.deps.providers.registry;
    const original = registry.restore;
    let calls = 0;
    registry.restore = async (input) => {
      calls += 1;
      await original.call(registry, input);
      throw new RegistryOutcomeUnknownError('the connection dropped before the answer');
    };
    try {
      const answer = await restore(held.domainId);
      expect(answer.status).toBe(502);
      expect(answer.body.message).toMatch(/did not answer about journal-restore-lost\.com/);
      expect((await domainRow(t, held.domainId)).status).toBe('redemption');
      expect(await intentsOf(held.domainId)).toMatchObject([{ kind: 'restore', state: 'pending' }]);
      // Another restore waits for the first to be settled.
      expect((await restore(held.domainId)).status).toBe(409);

      clock.set(addMinutes(clock.now(), 2));
      await orderReconcileJob.run(t.deps, {} as never);
    } finally {
      registry.restore = original;
    }
    expect(calls).toBe(1);
    expect(await intentsOf(held.domainId)).toMatchObject([{ kind: 'restore', state: 'done' }]);
    expect((await registryRow(t, held.domain)).statuses).not.toContain('redemptionPeriod');
    expect(await domainRow(t, held.domainId)).toMatchObject({ status: 'active', redemptionPeriodStartDate: null });
    expect((await held.client.get(`/api/domains/${held.domainId}`)).body.status).toBe('active');
    await t.runJobs();
    const mails = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, held.email), eq(outbox.subject, 'journal-restore-lost.com is restored')));
    expect(mails).toHaveLength(1);
  });
});
