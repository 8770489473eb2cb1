/**
 * The yearly WDRP reminder on a moving clock: it goes to each account once a year however often the job runs. (Escrow
 * deposits, once here too, are in escrow-deposits.test.ts and escrow-sftp.test.ts.)
 */
import { addDays } from 'date-fns/addDays';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, now, useClock } from '../../../api/clock.ts';
import { accounts, domains, outbox } from '../../../api/db/schema/index.ts';
import { wdrpRemindersJob } from '../../../api/jobs/wdrp-reminders.ts';
import { demoContact } from '../../../api/services/platform/seed.ts';
import { scheduledJobRunner } from '../../fixtures/jobs.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

const clock = new ManualClock(Date.UTC(2026, 4, 2, 0, 5));
let restoreClock: () => void;
let t: TestContext;
let accountId: number;

beforeAll(async () => {
  restoreClock = useClock(clock);
  t = await createTestContext();
  const [account] = await t.db
    .insert(accounts)
    .values({
      registrantContact: { ...demoContact, email: 'holder@wdrp.example' },
      whoisTechContact: { ...demoContact, firstName: 'Tech', email: 'tech@wdrp.example' },
      createDate: now(),
      modifyDate: now(),
    })
    .returning();
  accountId = account.accountId;
  const expireDate = addDays(now(), 400);
  await t.db.insert(domains).values([
    {
      accountId,
      domain: 'escrow-open.com',
      expireDate,
      ns: ['NS1.DOTSPOT.EXAMPLE', 'NS2.DOTSPOT.EXAMPLE'],
      privacyEnabled: false,
      createDate: now(),
      modifyDate: now(),
    },
    { accountId, domain: 'escrow-private.net', expireDate, ns: ['ns1.elsewhere.example'], privacyEnabled: true, createDate: now(), modifyDate: now() },
    { accountId, domain: 'escrow-arriving.org', status: 'transfer', expireDate, createDate: now(), modifyDate: now() },
    { accountId, domain: 'escrow-gone.com', status: 'deleted', expireDate, createDate: now(), modifyDate: now() },
  ]);
});
afterAll(async () => {
  await t.close();
  restoreClock();
});

describe('WDRP', () => {
  it('reminds each account once a year, listing its domains and the data we hold', async () => {
    const scheduled = scheduledJobRunner(t.deps, [wdrpRemindersJob]);
    const reminders = async () => t.db.select().from(outbox).where(like(outbox.subject, 'Please check the contact details%'));
    clock.advance(200 * 86400_000);
    await scheduled.runDue();
    await t.runJobs();
    expect(await reminders()).toEqual([]);

    clock.set(addDays(clock.now(), 170));
    await scheduled.runDue();
    // A second worker, or a second run the same day, sends nothing more.
    await wdrpRemindersJob.run(t.deps, {});
    await t.runJobs();
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0].to).toBe('holder@wdrp.example');
    expect(sent[0].body).toContain('escrow-open.com (expires');
    expect(sent[0].body).toContain('escrow-private.net (expires');
    expect(sent[0].body).toContain('WHOIS privacy on');
    expect(sent[0].body).not.toContain('escrow-gone.com');
    expect(sent[0].body).toContain('Technical contact:\n  Tech Demo, Bright Bean Coffee');

    for (let day = 0; day < 30; day++) {
      clock.advance(86400_000);
      await scheduled.runDue();
    }
    await t.runJobs();
    expect(await reminders()).toHaveLength(1);
    clock.set(addDays(clock.now(), 340));
    await scheduled.runDue();
    await t.runJobs();
    expect(await reminders()).toHaveLength(2);
  });
});
