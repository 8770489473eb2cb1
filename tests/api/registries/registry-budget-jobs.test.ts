/**
 * Every registry write spends the registry-change budget, not only PATCH /api/domains: a job past it leaves the rest of
 * its work for later (the contact sync queues itself again, the expiry purge leaves the name pendingDelete for its next
 * run) instead of failing it, and a staff action is counted but never refused, so it works while the budget is used up.
 */
import { subDays } from 'date-fns/subDays';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, useClock } from '../../../api/clock.ts';
import { accounts, domains, registryDomains } from '../../../api/db/schema/index.ts';
import { syncRegistryContacts } from '../../../api/services/domains/registry-contact-sync.ts';
import { advanceExpiry } from '../../../api/services/domains/domain-expiry.ts';
import { demoContact } from '../../../api/services/platform/seed.ts';
import { ownedDomain } from '../../fixtures/held-domains.ts';
import { staffClient } from '../../fixtures/staff.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

// The "everyone" budget counts in one-minute windows: start just after one opens, so each step lands in a known window.
const clock = new ManualClock(Math.floor(Date.now() / 60_000) * 60_000 + 1_000);
let restoreClock: () => void;
let t: TestContext;
const perMinute = 3;

beforeAll(async () => {
  restoreClock = useClock(clock);
  t = await createTestContext({ env: { REGISTRY_CHANGES_PER_MINUTE: String(perMinute) } });
});
afterAll(async () => {
  await t.close();
  restoreClock();
});

/** Two windows on: the sliding estimate has forgotten everything counted before. */
const nextBudget = () => clock.advance(3 * 60_000);

const lastNamesAtRegistry = async (names: string[]) =>
  (await t.db.select().from(registryDomains).where(inArray(registryDomains.domain, names)))
    .sort((a, b) => a.domain.localeCompare(b.domain))
    .map((row) => row.contacts?.registrant?.lastName ?? null);

describe('registry writes made by jobs', () => {
  it('the contact sync sends what the budget allows and queues itself again for the rest', async () => {
    const first = await ownedDomain(t, 'budget-sync-a.com');
    const names = ['budget-sync-a.com', 'budget-sync-b.com', 'budget-sync-c.com', 'budget-sync-d.com', 'budget-sync-e.com'];
    for (const domain of names.slice(1)) {
      await t.deps.providers.registry.register({ domain, years: 1, contact: demoContact, nameservers: [] });
      await t.db.insert(domains).values({ accountId: first.accountId, domain, expireDate: clock.now(), createDate: clock.now() });
    }
    await t.db
      .update(accounts)
      .set({ registrantContact: { ...demoContact, lastName: 'Budgeted' } })
      .where(eq(accounts.accountId, first.accountId));

    const report = await syncRegistryContacts(t.deps, first.accountId);
    expect(report.domains).toBe(perMinute);
    expect(report.deferredSeconds).toBeGreaterThan(0);
    const sent = (await lastNamesAtRegistry(names)).filter((name) => name === 'Budgeted');
    expect(sent).toHaveLength(perMinute);

    // Nothing failed: the job waits for its start time; once the budget has room it brings the rest in line.
    nextBudget();
    const ran = await t.runJobs({ skipBackoff: true });
    expect(ran['registry-contacts']).toBe(1);
    expect(await lastNamesAtRegistry(names)).toEqual(names.map(() => 'Budgeted'));
  });

  it('the expiry purge leaves a name pendingDelete while the budget is spent, and deletes it on a later run', async () => {
    nextBudget();
    const held = await ownedDomain(t, 'budget-purge.com');
    await t.db
      .update(domains)
      .set({ status: 'pendingDelete', redemptionPeriodStartDate: subDays(clock.now(), 40) })
      .where(eq(domains.domainId, held.domainId));
    // Others use the minute's budget up (a staff member's locks count too).
    const owner = await staffClient(t, 'owner');
    for (const n of [1, 2, 3]) {
      const other = await ownedDomain(t, `budget-filler${n}.com`);
      const answer = await owner.client.post(`/api/admin/domains/${other.domainId}/lock`, { locked: false, reason: 'Customer asked by phone' });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    expect((await advanceExpiry(t.deps)).deleted).toBe(0);
    expect((await t.db.select().from(domains).where(eq(domains.domainId, held.domainId)))[0].status).toBe('pendingDelete');
    expect(await t.db.select().from(registryDomains).where(eq(registryDomains.domain, 'budget-purge.com'))).toHaveLength(1);

    nextBudget();
    expect((await advanceExpiry(t.deps)).deleted).toBe(1);
    expect(await t.db.select().from(registryDomains).where(eq(registryDomains.domain, 'budget-purge.com'))).toHaveLength(0);
  });
});

describe('staff actions and the budget', () => {
  it('a staff unlock goes through with the budget used up, while the customer is told to wait', async () => {
    nextBudget();
    const owner = await staffClient(t, 'owner');
    const held = await ownedDomain(t, 'budget-staff.com');
    const others = [await ownedDomain(t, 'budget-staff-x.com', { locked: false }), await ownedDomain(t, 'budget-staff-y.com', { locked: false })];
    for (const other of [...others, held]) {
      const answer = await owner.client.post(`/api/admin/domains/${other.domainId}/lock`, { locked: other !== held, reason: 'Asked by phone' });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    // A fourth staff write in the minute: counted, never refused.
    const relock = await owner.client.post(`/api/admin/domains/${held.domainId}/lock`, { locked: true, reason: 'Customer changed their mind' });
    expect(relock.status, JSON.stringify(relock.body)).toBe(200);
    // The customer's own change now finds the minute's budget spent.
    const mine = await held.client.patch(`/api/domains/${held.domainId}`, { locked: false });
    expect(mine.status).toBe(429);
    expect(mine.body.message).toMatch(/^The registry is receiving a great many changes right now\. Please try again in \d+ (seconds?|minutes?)\.$/);
    expect((await t.db.select().from(registryDomains).where(eq(registryDomains.domain, 'budget-staff.com')))[0].locked).toBe(true);
  });
});
