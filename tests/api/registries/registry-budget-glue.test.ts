/**
 * Custom nameservers (glue hosts) spend the same registry-change budget as PATCH /api/domains: the review job defers a
 * host past its domain's budget (still pending, made active once the window has room) rather than refusing it, and a
 * customer's removal past the budget answers 429 saying when to try again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, useClock } from '../../../api/clock.ts';
import { registryHosts } from '../../../api/db/schema/index.ts';
import { reviewDueNameservers } from '../../../api/services/journal/nameserver-changes.ts';
import { ownNameserverDomain } from '../../fixtures/nameserver-domain.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

// The budget counts in fixed 10-minute windows: start just after one opens, so each step lands in a known window.
const clock = new ManualClock(Math.floor(Date.now() / 600_000) * 600_000 + 1_000);
let restoreClock: () => void;
let t: TestContext;
let owner: TestClient;
let domainId: number;
const zone = 'glue-budget.com';

beforeAll(async () => {
  restoreClock = useClock(clock);
  t = await createTestContext({ env: { REGISTRY_CHANGES_PER_DOMAIN: '2', GLUE_REVIEW_MINUTES: '0' } });
  ({ client: owner, domainId } = await ownNameserverDomain(t, 'glue-budget@example.com', zone));
});
afterAll(async () => {
  await t.close();
  restoreClock();
});

const statuses = async () =>
  (await owner.get(`/api/registeredNameservers?domainId=${domainId}`)).body.data.map((n: { hostname: string; status: string }) => [n.hostname, n.status]);
const hostsAtRegistry = async () => (await t.db.select().from(registryHosts)).map((h) => h.host).sort();

describe('custom nameservers and the registry-change budget', () => {
  it('defers the hosts past the domain budget to a later review instead of refusing them, and limits removals', async () => {
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      const created = await owner.post('/api/registeredNameservers', { domainId, hostname: `ns${n}.${zone}`, ipAddress: `203.0.113.${50 + n}` });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      ids.push(created.body.registeredNameserverId);
    }
    clock.advance(1_000);
    expect(await reviewDueNameservers(t.deps)).toEqual({ approved: 2, failed: 0, deferred: 1 });
    expect(await statuses()).toEqual([
      [`ns1.${zone}`, 'active'],
      [`ns2.${zone}`, 'active'],
      [`ns3.${zone}`, 'pending'],
    ]);
    expect(await hostsAtRegistry()).toEqual([`ns1.${zone}`, `ns2.${zone}`]);
    // Not due again within the window: a second run leaves it alone.
    expect(await reviewDueNameservers(t.deps)).toEqual({ approved: 0, failed: 0, deferred: 0 });

    const removal = await owner.delete(`/api/registeredNameservers/${ids[0]}`);
    expect(removal.status).toBe(429);
    expect(removal.body.message).toMatch(
      new RegExp(`^Too many changes to ${zone.replace('.', '\\.')} were sent to the registry recently\\. Please try again in \\d+ minutes?\\.$`),
    );
    expect(removal.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await hostsAtRegistry()).toEqual([`ns1.${zone}`, `ns2.${zone}`]);

    // Two windows on, the budget has room again: the deferred host goes out, then the removal.
    clock.advance(20 * 60_000);
    expect(await reviewDueNameservers(t.deps)).toEqual({ approved: 1, failed: 0, deferred: 0 });
    expect((await owner.delete(`/api/registeredNameservers/${ids[0]}`)).status).toBe(200);
    expect(await statuses()).toEqual([
      [`ns2.${zone}`, 'active'],
      [`ns3.${zone}`, 'active'],
    ]);
    expect(await hostsAtRegistry()).toEqual([`ns2.${zone}`, `ns3.${zone}`]);
  });
});
