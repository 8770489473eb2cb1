/** The job queue: messages that leave through it, retries, a real worker, and a shutdown that lets running jobs finish. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accounts, outbox, users } from '../../../api/db/schema/index.ts';
import { jobKinds } from '../../../api/jobs/kinds.ts';
import type { JobKind } from '../../../api/jobs/job-kind.ts';
import { createJobQueue } from '../../../api/jobs/queue.ts';
import { sendMessageQueue } from '../../../api/services/platform/messages.ts';
import { hashPassword } from '../../../api/services/kernel/passwords.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
/** The mail server refuses this many more sends. */
let mailRefusals = 0;

beforeAll(async () => {
  t = await createTestContext({
    providers: (defaults) => ({
      mail: {
        name: 'sandbox',
        async send(message) {
          if (mailRefusals > 0) {
            mailRefusals--;
            throw new Error('421 mail server busy');
          }
          await defaults.mail.send(message);
        },
        relay: (message) => defaults.mail.relay(message),
      },
    }),
  });
});
afterAll(() => t.close());
beforeEach(() => {
  mailRefusals = 0;
});

let people = 0;
async function person(): Promise<string> {
  const email = `jobs${++people}@example.com`;
  const [account] = await t.db.insert(accounts).values({}).returning();
  await t.db.insert(users).values({ accountId: account.accountId, email, passwordHash: await hashPassword('jobs-test-password') });
  return email;
}

async function requestReset(email: string) {
  const client = t.client();
  const answer = await client.post('/api/session', { type: 'recovery', email, recaptchaToken: await client.botToken() });
  expect(answer.status).toBe(200);
}

const mailTo = (email: string) =>
  t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.channel, 'email')));

const jobsTo = async (email: string) => (await t.jobs.boss.findJobs<{ to: string }>(sendMessageQueue)).filter((job) => job.data.to === email);

describe('messages through the queue', () => {
  it('queues a recovery email, which reaches the outbox once a worker runs it', async () => {
    const email = await person();
    await requestReset(email);
    expect(await mailTo(email)).toHaveLength(0);
    const [job] = await jobsTo(email);
    expect(job.state).toBe('created');
    expect(await t.runJobs()).toMatchObject({ [sendMessageQueue]: 1 });
    const [mail] = await mailTo(email);
    expect(mail.subject).toBe('Reset your Dotspot password');
    expect(mail.body).toMatch(/\/login\?recovery=/);
  });

  it('retries a refused email after a backoff and delivers it when the server recovers', async () => {
    const email = await person();
    mailRefusals = 2;
    await requestReset(email);
    await t.runJobs();
    const [waiting] = await jobsTo(email);
    expect(waiting.state).toBe('retry');
    // The first retry waits 15-30 s (backoff from 15 s); nothing runs it before then.
    const waitSeconds = (waiting.startAfter.getTime() - Date.now()) / 1000;
    expect(waitSeconds).toBeGreaterThan(10);
    expect(waitSeconds).toBeLessThan(35);
    expect(await t.runJobs()).toEqual({});
    expect(await mailTo(email)).toHaveLength(0);

    await t.runJobs({ skipBackoff: true });
    const [delivered] = await jobsTo(email);
    expect(delivered.state).toBe('completed');
    expect(await mailTo(email)).toHaveLength(1);
  });

  it('gives up after seven attempts instead of retrying forever', async () => {
    const email = await person();
    mailRefusals = 100;
    await requestReset(email);
    expect(await t.runJobs({ skipBackoff: true })).toEqual({ [sendMessageQueue]: 7 });
    const [job] = await jobsTo(email);
    expect(job.state).toBe('failed');
    expect(job.output).toMatchObject({ message: '421 mail server busy' });
  });
});

describe('workers', () => {
  it('a worker delivers a queued message within seconds', async () => {
    const worker = createJobQueue({ url: t.databaseUrl, role: 'worker', kinds: jobKinds, max: 3 });
    await worker.start();
    await worker.startWorkers(t.deps);
    try {
      const email = await person();
      await requestReset(email);
      await expect.poll(async () => (await mailTo(email)).length, { timeout: 5000, interval: 50 }).toBe(1);
    } finally {
      await worker.stop();
    }
  });

  it('stop() lets a running job finish before it returns', async () => {
    let finished = false;
    let markRunning = () => {};
    const running = new Promise<void>((resolve) => {
      markRunning = resolve;
    });
    const slow: JobKind = {
      name: 'slow-probe',
      queue: {},
      async run() {
        markRunning();
        await new Promise((resolve) => setTimeout(resolve, 1500));
        finished = true;
        return { finished };
      },
    };
    const worker = createJobQueue({ url: t.databaseUrl, role: 'worker', kinds: [slow], max: 3 });
    await worker.start();
    await worker.startWorkers(t.deps);
    await worker.send('slow-probe', {});
    await running;
    await worker.stop();
    expect(finished).toBe(true);
    const [job] = await t.jobs.boss.findJobs('slow-probe');
    expect(job.state).toBe('completed');
  });

  it('describes every kind for the start-up summary', () => {
    expect(t.jobs.describe()).toEqual([
      'send-message: on demand, 6 retries, backoff from 15 s',
      'housekeeping: scheduled "17 3 * * *" UTC, 3 retries',
      'order-reconcile: scheduled "*/5 * * * *" UTC, 0 retries',
      'transfer-poll: scheduled "*/15 * * * *" UTC, 0 retries',
      'transfer-away: scheduled "7,22,37,52 * * * *" UTC, 0 retries',
      'recurring-billing: scheduled "20 * * * *" UTC, 0 retries',
      'registry-contacts: on demand, 8 retries, backoff from 60 s',
      'tdrp-expire: scheduled "*/15 * * * *" UTC, 2 retries',
      'domain-calendar: scheduled "41 * * * *" UTC, 0 retries',
      'glue-review: scheduled "*/5 * * * *" UTC, 0 retries',
      'dns-publish: on demand, 60 retries, backoff from 5 s',
      'dns-reconcile: scheduled "* * * * *" UTC, 0 retries',
      'domain-cleanup: on demand, 30 retries, backoff from 60 s',
      'for-sale-offers: scheduled "*/15 * * * *" UTC, 4 retries, backoff from 60 s',
      'abuse-acknowledge: on demand, 10 retries, backoff from 30 s',
      'abuse-clocks: scheduled "5 8 * * *" UTC, 3 retries',
      'abuse-mailbox: scheduled "* * * * *" UTC, 0 retries',
      'registrant-verification: on demand, 6 retries, backoff from 30 s',
      'verification-deadline: scheduled "23 * * * *" UTC, 2 retries',
      'verification-restore: on demand, 20 retries, backoff from 60 s',
      'wdrp-reminders: scheduled "11 9 * * *" UTC, 3 retries',
      'escrow-deposit: scheduled "30 1 * * *" UTC, 4 retries, backoff from 900 s',
      'order-follow-up: scheduled "* * * * *" UTC, 2 retries',
      'price-sync: scheduled "15 4 * * *" UTC, 3 retries, backoff from 600 s',
    ]);
  });
});
