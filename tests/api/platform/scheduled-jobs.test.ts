/**
 * Scheduled jobs against a moving clock: 45 days of the daily housekeeping run in milliseconds, each day's deletions
 * asserted, plus the catch-up after days with no run.
 */
import { addDays } from 'date-fns/addDays';
import { addHours } from 'date-fns/addHours';
import { addMinutes } from 'date-fns/addMinutes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, now, useClock } from '../../../api/clock.ts';
import {
  accounts,
  carts,
  mfaChallenges,
  mfas,
  outbox,
  rateLimits,
  recoveryTokens,
  sessions,
  spentBotTokens,
  users,
  verificationCodes,
} from '../../../api/db/schema/index.ts';
import { housekeepingJob } from '../../../api/jobs/housekeeping.ts';
import type { HousekeepingReport } from '../../../api/services/platform/housekeeping.ts';
import { scheduledJobRunner } from '../../fixtures/jobs.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
const start = new Date(Date.UTC(2026, 0, 15, 12));
const clock = new ManualClock(start);
let restoreClock: () => void;
const at = (days: number) => addDays(start, days);

beforeAll(async () => {
  t = await createTestContext();
  restoreClock = useClock(clock);
});
afterAll(async () => {
  restoreClock();
  await t.close();
});

const nothing: HousekeepingReport = {
  sessions: 0,
  mfaChallenges: 0,
  webauthnChallenges: 0,
  verificationCodes: 0,
  recoveryTokens: 0,
  spentBotTokens: 0,
  rateLimitWindows: 0,
  outbox: 0,
  staffSessions: 0,
  staffEnrolments: 0,
  staffEmailCodes: 0,
};

let people = 0;
async function person() {
  const [account] = await t.db.insert(accounts).values({}).returning();
  const [user] = await t.db
    .insert(users)
    .values({ accountId: account.accountId, email: `clock${++people}@example.com`, passwordHash: 'not-a-real-hash' })
    .returning();
  const [method] = await t.db.insert(mfas).values({ accountId: account.accountId, type: 'email', data: user.email, status: 'active' }).returning();
  const session = async (values: { state: 'active' | 'mfa'; expireDate: Date; revokeDate?: Date }) =>
    (
      await t.db
        .insert(sessions)
        .values({ userId: user.userId, accountId: account.accountId, tokenHash: `hash-${Math.random()}`, ...values })
        .returning()
    )[0].sessionId;
  return { account, user, method, session };
}

describe('daily housekeeping over 45 days', () => {
  it('runs once a day and deletes each thing on the day it falls due, and nothing else', async () => {
    clock.set(start);
    const ada = await person();
    const signedIn = await ada.session({ state: 'active', expireDate: at(30) });
    const pending = await ada.session({ state: 'mfa', expireDate: addMinutes(at(0), 15) });
    await ada.session({ state: 'active', expireDate: at(30), revokeDate: addHours(at(4), 6) });
    const later = await ada.session({ state: 'active', expireDate: at(50) });
    await t.db.insert(mfaChallenges).values([
      // A pending sign-in's code goes with its session; another's a day after it expired.
      { mfaId: ada.method.mfaId, sessionId: pending, codeHash: 'x', expireDate: addMinutes(at(0), 10) },
      { mfaId: ada.method.mfaId, sessionId: signedIn, codeHash: 'y', expireDate: addMinutes(at(0), 10) },
    ]);
    const [cart] = await t.db.insert(carts).values({}).returning();
    await t.db.insert(verificationCodes).values({ cartId: cart.cartId, phone: '+14155550100', codeHash: 'z', expireDate: addMinutes(at(7), 10) });
    await t.db.insert(recoveryTokens).values({ userId: ada.user.userId, tokenHash: `recovery-${Math.random()}`, expireDate: at(3) });
    await t.db.insert(spentBotTokens).values([
      { signature: 'a1b2c3d4e5f60718', expireDate: addMinutes(at(2), 20) },
      { signature: '0f1e2d3c4b5a6978', expireDate: addMinutes(at(2), 20) },
    ]);
    await t.db.insert(rateLimits).values([
      { key: 'login:ip:192.0.2.9', windowStart: at(10), count: 3 },
      { key: 'whois:192.0.2.9', windowStart: at(40), count: 1 },
    ]);
    await t.db.insert(outbox).values([
      { channel: 'email', to: 'ada@example.com', subject: 'Code', body: 'old', createdAt: at(0) },
      { channel: 'sms', to: '+14155550100', body: 'newer', createdAt: at(14) },
    ]);

    const scheduled = scheduledJobRunner(t.deps, [housekeepingJob]);
    const days: Record<string, unknown>[] = [];
    for (let day = 1; day <= 45; day++) {
      clock.set(at(day));
      days.push(await scheduled.runDue());
    }

    expect(days.every((ran) => Object.keys(ran).join() === 'housekeeping')).toBe(true);
    const deleted = days.map((ran) => ran.housekeeping as HousekeepingReport);
    const expected = Array.from({ length: 45 }, () => ({ ...nothing }));
    const on = (day: number, counts: Partial<HousekeepingReport>) => Object.assign(expected[day - 1], counts);
    on(1, { sessions: 1, mfaChallenges: 1 }); // the pending sign-in (15 minutes) and its code
    on(2, { mfaChallenges: 1 }); // a code, a day after it expired
    on(3, { spentBotTokens: 2 });
    on(4, { recoveryTokens: 1 }); // a day after it expired
    on(5, { sessions: 1 }); // signed out on day 4
    on(9, { verificationCodes: 1 });
    on(12, { rateLimitWindows: 1 }); // two days after its window began
    on(30, { sessions: 1, outbox: 1 }); // the 30-day session; the day-0 message after 30 days
    on(42, { rateLimitWindows: 1 });
    on(44, { outbox: 1 });
    expect(deleted).toEqual(expected);

    const left = await t.db.select({ sessionId: sessions.sessionId }).from(sessions).where(eq(sessions.userId, ada.user.userId));
    expect(left).toEqual([{ sessionId: later }]);
  });

  it('runs once for a day however often the clock is read, and once to catch up after a week without runs', async () => {
    clock.set(at(100));
    const scheduled = scheduledJobRunner(t.deps, [housekeepingJob]);
    clock.set(addHours(at(100), 10)); // 22:00, before the 03:17 run
    expect(await scheduled.runDue()).toEqual({});
    clock.set(addHours(at(101), -6)); // 06:00: the 03:17 run came due
    expect(Object.keys(await scheduled.runDue())).toEqual(['housekeeping']);
    clock.set(addHours(at(101), -1));
    expect(await scheduled.runDue()).toEqual({});

    const ada = await person();
    for (const day of [101, 103, 106]) await ada.session({ state: 'active', expireDate: at(day) });
    clock.set(at(108));
    const ran = await scheduled.runDue();
    expect(ran).toEqual({ housekeeping: { ...nothing, sessions: 3 } });
    expect(now()).toEqual(at(108));
  });
});
