/**
 * Transfers away and the auth code (control-panel spec §4): unlocking shows a code kept encrypted, which expires after
 * 14 days (the domain locks itself again); another registrar's request emails an approval link and, unanswered,
 * completes after 5 days (the domain leaves the account) unless cancelled; a new inbound code restarts a transfer in.
 */
import { addDays } from 'date-fns/addDays';
import { addMinutes } from 'date-fns/addMinutes';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, useClock } from '../../../api/clock.ts';
import { authCodeRejectedMessage } from '../../../api/contract/transfers/transfer-away.ts';
import { domains, outbox, registryDomains, sessions, transactions } from '../../../api/db/schema/index.ts';
import { demoContact } from '../../../api/services/platform/seed.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { scheduledJobRunner } from '../../fixtures/jobs.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
const clock = new ManualClock(new Date());
let restoreClock: () => void;

beforeAll(async () => {
  restoreClock = useClock(clock);
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
  restoreClock();
});

let buyers = 0;
/** A fresh customer (signed in now) owning `name`, registered with us at the sandbox registry. */
async function ownerOf(name: string): Promise<{ client: TestClient; accountId: number; domainId: number }> {
  const { client, accountId } = await signedInBuyer(t, `transfer-away-${++buyers}@example.org`);
  await t.deps.providers.registry.register({ domain: name, years: 1, contact: demoContact, nameservers: [] });
  const [row] = await t.db
    .insert(domains)
    .values({ accountId, domain: name, expireDate: addDays(clock.now(), 300), createDate: clock.now() })
    .returning();
  // Sessions are stamped with the database's time, not the test clock: confirm it "now" on the moved clock.
  await t.db.update(sessions).set({ confirmedAt: clock.now() }).where(eq(sessions.accountId, accountId));
  return { client, accountId, domainId: row.domainId };
}

const rowOf = async (domainId: number) => (await t.db.select().from(domains).where(eq(domains.domainId, domainId)))[0];
const registryRow = async (name: string) => (await t.db.select().from(registryDomains).where(eq(registryDomains.domain, name)))[0];
const mailTo = async (email: string) => (await t.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(asc(outbox.id))).map((m) => m.body);

/** Plays the other registrar: asks for the name with `authCode` and delivers the approval email. */
async function requestTransferAway(name: string, authCode: string) {
  const answer = await t.client().post('/api/dev/outboundTransfers', { domain: name, authCode, gainingRegistrar: 'GoHost Registrar Inc.' });
  await t.runJobs();
  return answer;
}

describe('unlocking and the auth code', () => {
  it('unlocks at the registry and shows a strong code, stored encrypted, never in a plain GET', async () => {
    const name = 'qwzxv-unlock-one.com';
    const { client, domainId } = await ownerOf(name);
    const answer = await client.patch(`/api/domains/${domainId}`, { locked: false });
    expect(answer.status).toBe(200);
    const code: string = answer.body.authCode;
    expect(code).toMatch(/^.{16}$/);
    expect(code).toMatch(/[A-Z]/);
    expect(code).toMatch(/[a-z]/);
    expect(code).toMatch(/[0-9]/);
    expect(answer.body.locked).toBe(false);
    expect(new Date(answer.body.authCodeExpireDate).getTime()).toBe(addDays(clock.now(), 14).getTime());

    const row = await rowOf(domainId);
    expect(row.authCode).not.toContain(code);
    expect(row.authCode).toMatch(/^v1\./);
    expect(await registryRow(name)).toMatchObject({ locked: false, authCode: code });
    expect((await client.get(`/api/domains/${domainId}`)).body.authCode).toBeNull();
    // Asked again while valid: the same code.
    expect((await client.patch(`/api/domains/${domainId}`, { locked: false })).body.authCode).toBe(code);
  });

  it('replaces the code on request and expires it after 14 days, locking the domain again', async () => {
    const name = 'qwzxv-expire-one.com';
    const { client, domainId } = await ownerOf(name);
    const first = (await client.patch(`/api/domains/${domainId}`, { locked: false })).body.authCode;
    const second = (await client.patch(`/api/domains/${domainId}`, { $generateNewAuthCode: true })).body.authCode;
    expect(second).not.toBe(first);
    expect((await registryRow(name)).authCode).toBe(second);

    const scheduled = scheduledJobRunner(t.deps);
    clock.set(addDays(clock.now(), 13));
    await scheduled.runDue();
    expect(await rowOf(domainId)).toMatchObject({ locked: false });
    clock.set(addDays(clock.now(), 1));
    clock.advance(60 * 60 * 1000);
    await scheduled.runDue();
    expect(await rowOf(domainId)).toMatchObject({ locked: true, authCode: null, authCodeExpireDate: null });
    const atRegistry = await registryRow(name);
    expect(atRegistry.locked).toBe(true);
    expect(atRegistry.authCode).not.toBe(second);
    // The old code no longer moves the name.
    expect((await requestTransferAway(name, second)).status).toBe(400);
  });

  it('refuses the code without a recent sign-in, and under a transfer hold', async () => {
    const { client, domainId, accountId } = await ownerOf('qwzxv-reauth-one.com');
    await t.db.update(sessions).set({ confirmedAt: null, createDate: clock.now() }).where(eq(sessions.accountId, accountId));
    clock.set(addMinutes(clock.now(), 16));
    const stale = await client.patch(`/api/domains/${domainId}`, { locked: false });
    expect(stale.status).toBe(403);
    expect(stale.body.data).toEqual({ reauthRequired: true });
    expect(await rowOf(domainId)).toMatchObject({ locked: true });

    const held = await ownerOf('qwzxv-hold-one.com');
    await t.db
      .update(domains)
      .set({ tdrpHoldDate: addDays(clock.now(), 30) })
      .where(eq(domains.domainId, held.domainId));
    const refused = await held.client.patch(`/api/domains/${held.domainId}`, { locked: false });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/transfer hold .* cannot be unlocked until/);
    expect(await registryRow('qwzxv-hold-one.com')).toMatchObject({ locked: true });
  });

  it("answers 403 for another account's domain", async () => {
    const { domainId } = await ownerOf('qwzxv-theirs-one.com');
    const { client: stranger } = await signedInBuyer(t, 'transfer-away-stranger@example.org');
    expect((await stranger.patch(`/api/domains/${domainId}`, { locked: false })).status).toBe(403);
    expect((await stranger.patch(`/api/domains/${domainId}`, { $rejectOutboundTransfer: true })).status).toBe(403);
  });
});

describe('a transfer away', () => {
  it('emails working approve/cancel links; unanswered, completes after 5 days and the domain leaves the account', async () => {
    const name = 'qwzxv-leaves-one.com';
    const { client, domainId } = await ownerOf(name);
    const code = (await client.patch(`/api/domains/${domainId}`, { locked: false })).body.authCode;
    expect((await requestTransferAway(name, 'not-the-code')).status).toBe(400);
    const requested = await requestTransferAway(name, code);
    expect(requested.body.message ?? requested.status).toBe(200);
    expect(await rowOf(domainId)).toMatchObject({ outboundTransferStatus: 'pending', status: 'active' });
    const [email] = (await mailTo(demoContact.email)).filter((body) => body.includes(name));
    expect(email).toContain(`GoHost Registrar Inc. has asked to transfer ${name}`);
    const token = /token=([\w-]+)/.exec(email)?.[1] ?? '';
    expect((await t.client().get(`/api/outboundTransfers/${token}`)).body).toMatchObject({ domain: name, status: 'pending' });

    const scheduled = scheduledJobRunner(t.deps);
    clock.set(addDays(clock.now(), 4));
    await scheduled.runDue();
    expect(await rowOf(domainId)).toMatchObject({ status: 'active', outboundTransferStatus: 'pending' });
    clock.set(addDays(clock.now(), 1));
    clock.advance(20 * 60 * 1000);
    await scheduled.runDue();
    expect(await rowOf(domainId)).toMatchObject({ status: 'deleted', outboundTransferStatus: null });
    expect(await registryRow(name)).toMatchObject({ ours: false, registrarName: 'GoHost Registrar Inc.' });
    const list = await client.get('/api/domains?status=active');
    expect(list.body.data.map((d: { domain: string }) => d.domain)).not.toContain(name);
  });

  it('stays with us once cancelled from My Domains, locked with a new code', async () => {
    const name = 'qwzxv-stays-one.com';
    const { client, domainId } = await ownerOf(name);
    const code = (await client.patch(`/api/domains/${domainId}`, { locked: false })).body.authCode;
    await requestTransferAway(name, code);
    const cancelled = await client.patch(`/api/domains/${domainId}`, { $rejectOutboundTransfer: true });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ outboundTransferStatus: null, locked: true });
    const scheduled = scheduledJobRunner(t.deps);
    clock.set(addDays(clock.now(), 8));
    await scheduled.runDue();
    expect(await rowOf(domainId)).toMatchObject({ status: 'active', outboundTransferStatus: null, locked: true });
    expect(await registryRow(name)).toMatchObject({ ours: true, locked: true });
  });

  it('goes at once when approved through the emailed link; a resend is rate-limited', async () => {
    const name = 'qwzxv-approved-one.com';
    const { client, domainId } = await ownerOf(name);
    const code = (await client.patch(`/api/domains/${domainId}`, { locked: false })).body.authCode;
    await requestTransferAway(name, code);
    const resends = [];
    for (let i = 0; i < 4; i++) resends.push((await client.patch(`/api/domains/${domainId}`, { $resendOutboundTransferApprovalEmail: true })).status);
    expect(resends).toEqual([200, 200, 200, 429]);
    await t.runJobs();
    const emails = (await mailTo(demoContact.email)).filter((body) => body.includes(name));
    expect(emails).toHaveLength(4);
    // Only the newest link works (the queue may deliver the emails in any order).
    const tokens = emails.map((body) => /token=([\w-]+)/.exec(body)?.[1] ?? '');
    const answers: number[] = [];
    for (const token of tokens) answers.push((await t.client().get(`/api/outboundTransfers/${token}`)).status);
    expect([...answers].sort()).toEqual([200, 404, 404, 404]);
    const stale = tokens[answers.indexOf(404)] ?? '';
    expect((await t.client().post(`/api/outboundTransfers/${stale}`, { action: 'approve' })).status).toBe(404);
    const approved = await t.client().post(`/api/outboundTransfers/${tokens[answers.indexOf(200)]}`, { action: 'approve' });
    expect(approved.status).toBe(200);
    expect(await rowOf(domainId)).toMatchObject({ status: 'deleted' });
  });
});

describe('a new auth code for a transfer in', () => {
  it('rejects a wrong code without charging, then charges the pending price once the registry takes a good one', async () => {
    const { client, accountId } = await signedInBuyer(t, 'transfer-in-restart@example.org');
    const [row] = await t.db
      .insert(domains)
      .values({
        accountId,
        domain: 'badcode-qwzxv-restart.com',
        status: 'transfer',
        inboundTransferStatus: 'auth-code-rejected',
        pendingCharge: 1599,
        expireDate: addDays(clock.now(), 100),
        createDate: clock.now(),
      })
      .returning();
    const wrong = await client.patch(`/api/domains/${row.domainId}`, { $restartInboundTransfer: 'wrong-code' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(authCodeRejectedMessage);
    expect(await t.db.select().from(transactions).where(eq(transactions.accountId, accountId))).toHaveLength(0);

    const good = await client.patch(`/api/domains/${row.domainId}`, { $restartInboundTransfer: 'Tr4nsfer#Code9' });
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({ inboundTransferStatus: 'pending', pendingCharge: null });
    const ledger = await t.db.select().from(transactions).where(eq(transactions.accountId, accountId));
    expect(ledger.map((r) => [r.type, r.amount]).sort()).toEqual([
      ['payment', -1599],
      ['transfer', 1599],
    ]);
    // No longer waiting for a code: a second try is refused, nothing charged again.
    expect((await client.patch(`/api/domains/${row.domainId}`, { $restartInboundTransfer: 'Tr4nsfer#Code9' })).status).toBe(400);
  });
});
