/** PATCH /api/domains/:id before any feature sees the request, and the recent-authentication rule. */
import { addDays } from 'date-fns/addDays';
import { addMinutes } from 'date-fns/addMinutes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, useClock } from '../../../api/clock.ts';
import { domains, sessions } from '../../../api/db/schema/index.ts';
import { hasRecentAuth, markConfirmed, requireRecentAuth } from '../../../api/services/auth/recent-auth.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

const clock = new ManualClock(new Date('2026-03-02T10:00:00Z'));
let restoreClock: () => void;
let t: TestContext;
let owner: TestClient;
let stranger: TestClient;
let domainId: number;

beforeAll(async () => {
  restoreClock = useClock(clock);
  t = await createTestContext();
  const buyer = await signedInBuyer(t, 'owner@example.com');
  owner = buyer.client;
  stranger = (await signedInBuyer(t, 'stranger@example.com')).client;
  const [row] = await t.db
    .insert(domains)
    .values({ accountId: buyer.accountId, domain: 'patchme.com', expireDate: addDays(clock.now(), 200) })
    .returning();
  domainId = row.domainId;
});
afterAll(async () => {
  await t.close();
  restoreClock();
});

describe('PATCH /api/domains/:id', () => {
  it('asks a signed-out caller to log in', async () => {
    const res = await t.client().patch(`/api/domains/${domainId}`, { privacyEnabled: false });
    expect(res.status).toBe(401);
  });

  it('refuses another account’s domain before any change is tried', async () => {
    const res = await stranger.patch(`/api/domains/${domainId}`, { privacyEnabled: false });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You do not have access to this domain');
  });

  it('answers 404 for a domain that does not exist', async () => {
    const res = await owner.patch('/api/domains/999999', { privacyEnabled: false });
    expect(res.status).toBe(404);
  });

  it('names a field it does not know, and says when there is nothing to change', async () => {
    const unknown = await owner.patch(`/api/domains/${domainId}`, { accountId: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('accountId');
    const empty = await owner.patch(`/api/domains/${domainId}`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Nothing to change');
  });

  it('refuses a field of the wrong type with a 400, not a 500', async () => {
    const res = await owner.patch(`/api/domains/${domainId}`, { autoRenewEnabled: 'yes' });
    expect(res.status).toBe(400);
  });
});

describe('recent authentication', () => {
  it('holds for 15 minutes after sign-in, then until the holder confirms again', async () => {
    const [session] = await t.db
      .insert(sessions)
      .values({ tokenHash: 'recent-auth-test', state: 'active', createDate: clock.now(), expireDate: addDays(clock.now(), 30) })
      .returning();
    expect(await hasRecentAuth(t.db, session.sessionId)).toBe(true);
    clock.set(addMinutes(clock.now(), 16));
    await expect(requireRecentAuth(t.db, session.sessionId)).rejects.toMatchObject({ code: 403, data: { reauthRequired: true } });
    await markConfirmed(t.db, session.sessionId);
    expect(await hasRecentAuth(t.db, session.sessionId)).toBe(true);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.sessionId, session.sessionId));
    expect(row.confirmedAt?.toISOString()).toBe(clock.now().toISOString());
  });
});
