/**
 * A registrant verifies while the sandbox registry will not release the hold (it set serverUpdateProhibited on the
 * name): the name stays suspended with a reason that says so, the registrant's answer and compliance's email and desk
 * say so, and the verification-restore job tries again with backoff; once the registry lifts its lock the job's
 * retry takes the hold off and the registrant hears the domain works again.
 */
import { addDays } from 'date-fns/addDays';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../../api/clock.ts';
import { accounts, domains, outbox, registryDomains } from '../../../api/db/schema/index.ts';
import { appOperations } from '../../../api/openapi/app-operations.ts';
import { verificationRestoreJob } from '../../../api/jobs/verification-restore.ts';
import { suspendDomain } from '../../../api/services/domains/suspensions.ts';
import { queueRegistrantVerification } from '../../../api/services/compliance/verification/registrant-verification.ts';
import { restoreRetryReason } from '../../../api/services/compliance/verification/verification-restore.ts';
import { demoContact } from '../../../api/services/platform/seed.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { staffClient } from '../../fixtures/staff.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
const ours = ['NS1.DOTSPOT.EXAMPLE', 'NS2.DOTSPOT.EXAMPLE'];

beforeAll(async () => {
  t = await createTestContext({ env: { COMPLIANCE_EMAIL: 'compliance@dotspot.example' } });
});
afterAll(() => t.close());

const mailTo = async (to: string, subject: string) =>
  (
    await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, to), like(outbox.subject, `%${subject}%`)))
      .orderBy(desc(outbox.id))
      .limit(1)
  )[0] ?? null;
const registryStatuses = async (domain: string) => (await t.db.select().from(registryDomains).where(eq(registryDomains.domain, domain)))[0].statuses;

/** Works one job of the restore queue now (its backoff skipped), as a worker would, and answers how it ended. */
async function runRestoreJobOnce(): Promise<{ state: string; retryBackoff: boolean }> {
  const [job] = await t.jobs.boss.fetch<{ accountId: number }>(verificationRestoreJob.name, { ignoreStartAfter: true });
  expect(job).toBeDefined();
  try {
    await t.jobs.boss.complete(verificationRestoreJob.name, job.id, (await verificationRestoreJob.run(t.deps, job.data)) as object);
  } catch (error) {
    await t.jobs.boss.fail(verificationRestoreJob.name, job.id, { message: (error as Error).message });
  }
  const after = await t.jobs.boss.getJobById(verificationRestoreJob.name, job.id);
  return { state: after?.state ?? 'missing', retryBackoff: after?.retryBackoff ?? false };
}

describe('a restore after verification that the registry refuses', () => {
  it('keeps the name on hold with a reason, tells the registrant and compliance, and the job retries until the registry releases it', async () => {
    const email = 'held-owner@example.org';
    const name = 'verifyheld-bean.com';
    const buyer = await signedInBuyer(t, 'login-held@example.org');
    await t.db
      .update(accounts)
      .set({ registrantContact: { ...demoContact, email } })
      .where(eq(accounts.accountId, buyer.accountId));
    const expireDate = addDays(now(), 365);
    const [domain] = await t.db
      .insert(domains)
      .values({ accountId: buyer.accountId, domain: name, expireDate, ns: ours, locked: false, createDate: now(), modifyDate: now() })
      .returning();
    await t.db
      .insert(registryDomains)
      .values({ domain: name, registrarName: 'Dotspot, Inc.', ours: true, authCode: 'x', nameservers: ours, expireDate, locked: false });
    await queueRegistrantVerification(t.jobs, buyer.accountId, 'registration');
    await t.runJobs();
    const token = decodeURIComponent((await mailTo(email, 'Verify your email'))?.body.match(/verify-registrant\?token=(\S+)/)?.[1] ?? '');
    await suspendDomain(t.deps, { domainId: domain.domainId, kind: 'verification', reason: `The registrant email ${email} has not been verified.` });
    expect(await registryStatuses(name)).toContain('clientHold');

    // The registry locks the name against updates: the release at verification is refused.
    await t.db
      .update(registryDomains)
      .set({ statuses: [...(await registryStatuses(name)), 'serverUpdateProhibited'] })
      .where(eq(registryDomains.domain, name));
    const answer = await t.client({ ip: '198.51.100.60' }).post('/api/registrantVerifications/verify', { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ email, restoredDomains: [], heldDomains: [name] });
    expect(answer.body.message).toBe(
      `Thank you: ${email} is verified. The registry has not taken the hold off ${name} yet: we keep asking it, and email you as soon as it works again.`,
    );
    expect(await registryStatuses(name)).toContain('clientHold');
    const shown = (await buyer.client.get(`/api/domains/${domain.domainId}`)).body;
    expect(shown.suspendedAt).not.toBeNull();
    expect(shown.suspensionReason).toBe(restoreRetryReason(email));
    await t.runJobs();
    expect((await mailTo('compliance@dotspot.example', 'still on hold after its registrant verified'))?.body).toContain(`${name}: The registry refused`);
    const compliance = await staffClient(t, 'compliance');
    const desk = await compliance.client.get('/api/admin/verifications?status=verified');
    appOperations['GET /admin/verifications'].response.schema.parse(desk.body);
    const row = desk.body.data.find((r: { accountId: number }) => r.accountId === buyer.accountId);
    expect(row.heldDomains).toEqual([{ domain: name, error: expect.stringContaining('serverUpdateProhibited') }]);

    // The job's first run (a minute later, its wait skipped here) is refused too, and waits to retry, later each time.
    expect(await runRestoreJobOnce()).toEqual({ state: 'retry', retryBackoff: true });
    expect(await registryStatuses(name)).toContain('clientHold');

    // The registry lifts its lock; the next retry takes the hold off and the registrant hears the domain works.
    await t.db
      .update(registryDomains)
      .set({ statuses: (await registryStatuses(name)).filter((status) => status !== 'serverUpdateProhibited') })
      .where(eq(registryDomains.domain, name));
    expect(await runRestoreJobOnce()).toEqual({ state: 'completed', retryBackoff: true });
    expect(await registryStatuses(name)).not.toContain('clientHold');
    expect((await buyer.client.get(`/api/domains/${domain.domainId}`)).body).toMatchObject({ suspendedAt: null, suspensionReason: null });
    await t.runJobs();
    expect(await mailTo(email, `${name} is no longer suspended`)).not.toBeNull();
    const after = await compliance.client.get('/api/admin/verifications?status=verified');
    expect(after.body.data.find((r: { accountId: number }) => r.accountId === buyer.accountId).heldDomains).toEqual([]);
  });
});
