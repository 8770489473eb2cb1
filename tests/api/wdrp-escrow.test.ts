/**
 * Yearly and daily duties on a moving clock: the WDRP reminder goes to each account once a year however often the job
 * runs, and the escrow deposit, encrypted to the agent's key and signed with ours, decrypts with the agent's key to one
 * row per sponsored domain matching the database (privacy flag included), with a hash file that matches; the next
 * day's incremental deposit holds only what changed.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays } from 'date-fns';
import { parse } from 'csv-parse/sync';
import { eq, like } from 'drizzle-orm';
import * as openpgp from 'openpgp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, now, useClock } from '../../api/clock.ts';
import { accounts, domains, escrowDeposits, outbox } from '../../api/db/schema/index.ts';
import { escrowDepositJob } from '../../api/jobs/escrow-deposit.ts';
import { makeEscrowDeposit } from '../../api/services/compliance/escrow/escrow-deposit.ts';
import { wdrpRemindersJob } from '../../api/jobs/wdrp-reminders.ts';
import { demoContact } from '../../api/services/platform/seed.ts';
import { scheduledJobRunner } from '../fixtures/jobs.ts';
import { startSftpServer } from '../fixtures/sftp-server.ts';
import { createTestContext, type TestContext } from '../fixtures/test-app.ts';

// A Saturday morning: the first deposit is full (none was made yet), Sunday's is full, Monday's incremental.
const clock = new ManualClock(Date.UTC(2026, 4, 2, 0, 5));
let restoreClock: () => void;
let t: TestContext;
const dir = mkdtempSync(join(tmpdir(), 'escrow-test-'));
let agentPrivate: openpgp.PrivateKey;
let ourPublic: openpgp.PublicKey;
let accountId: number;

async function keyPair(name: string, passphrase?: string) {
  return openpgp.generateKey({
    type: 'curve25519',
    userIDs: [{ name, email: `${name.toLowerCase().replace(/\W+/g, '-')}@example.com` }],
    passphrase,
    format: 'armored',
  });
}

async function openDeposit(file: string): Promise<{ text: string; name: string }> {
  const message = await openpgp.readMessage({ binaryMessage: readFileSync(file.startsWith('/') ? file : join(dir, file)) });
  const { data, signatures, filename } = await openpgp.decrypt({
    message,
    decryptionKeys: agentPrivate,
    verificationKeys: ourPublic,
    expectSigned: true,
    format: 'binary',
  });
  await signatures[0].verified;
  return { text: new TextDecoder().decode(data as Uint8Array), name: filename };
}

beforeAll(async () => {
  restoreClock = useClock(clock);
  const agent = await keyPair('Escrow Agent');
  const ours = await keyPair('Dotspot Registrar', 'escrow-signing-pass');
  agentPrivate = await openpgp.readPrivateKey({ armoredKey: agent.privateKey });
  ourPublic = await openpgp.readKey({ armoredKey: ours.publicKey });
  writeFileSync(join(dir, 'agent.asc'), agent.publicKey);
  writeFileSync(join(dir, 'signing.asc'), ours.privateKey);
  t = await createTestContext({
    env: {
      ESCROW_DIR: join(dir, 'deposits'),
      ESCROW_AGENT_KEY_FILE: join(dir, 'agent.asc'),
      ESCROW_SIGNING_KEY_FILE: join(dir, 'signing.asc'),
      ESCROW_SIGNING_KEY_PASSPHRASE: 'escrow-signing-pass',
      REGISTRAR_IANA_ID: '4321',
    },
  });
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
  rmSync(dir, { recursive: true, force: true });
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

describe('escrow deposits', () => {
  it('writes a full deposit that decrypts with the agent key to one row per sponsored domain, signed by us, with a matching hash', async () => {
    clock.set(new Date(Date.UTC(2027, 4, 8, 1, 0))); // a Saturday
    const scheduled = scheduledJobRunner(t.deps, [escrowDepositJob]);
    clock.advance(3600_000);
    const report = (await scheduled.runDue())['escrow-deposit'];
    expect(report).toEqual({
      kind: 'full',
      day: '20270508',
      rows: 2,
      files: ['4321_20270508_full_1.csv.gpg', '4321_20270508_full_1.hash.gpg'],
      destination: 'directory',
    });
    expect(readdirSync(join(dir, 'deposits')).sort()).toEqual(['4321_20270508_full_1.csv.gpg', '4321_20270508_full_1.hash.gpg']);

    const csv = await openDeposit('deposits/4321_20270508_full_1.csv.gpg');
    expect(csv.name).toBe('4321_20270508_full_1.csv');
    const rows: Record<string, string>[] = parse(csv.text, { columns: true });
    const held = await t.db.select().from(domains).where(eq(domains.accountId, accountId));
    const sponsored = held.filter((d) => d.status === 'active').sort((a, b) => a.domain.localeCompare(b.domain));
    expect(rows.map((r) => r.domain_name)).toEqual(sponsored.map((d) => d.domain));
    for (const [i, domain] of sponsored.entries()) {
      expect(rows[i]).toMatchObject({
        expiration_date: domain.expireDate.toISOString(),
        creation_date: domain.createDate.toISOString(),
        privacy_proxy_service: domain.privacyEnabled ? 'Y' : 'N',
        nameservers: domain.ns.map((n) => n.toLowerCase()).join(' '),
        registrant_name: 'Dana Demo',
        registrant_email: 'holder@wdrp.example',
        registrant_country_code: 'US',
        admin_email: 'holder@wdrp.example',
        tech_name: 'Tech Demo',
        tech_email: 'tech@wdrp.example',
      });
    }
    expect(rows.find((r) => r.domain_name === 'escrow-private.net')?.registrant_phone).toBe('+14155550123');

    const hash = await openDeposit('deposits/4321_20270508_full_1.hash.gpg');
    expect(hash.text).toBe(`${createHash('sha256').update(csv.text).digest('hex')}  4321_20270508_full_1.csv\n`);

    // The same day again: nothing new.
    expect(await escrowDepositJob.run(t.deps, {})).toEqual({ skipped: 'the deposit of 20270508 is made or being made' });
  });

  it('makes a full deposit on Sunday and an incremental one on Monday with only what changed', async () => {
    const scheduled = scheduledJobRunner(t.deps, [escrowDepositJob]);
    clock.advance(86400_000);
    expect((await scheduled.runDue())['escrow-deposit']).toMatchObject({ kind: 'full', day: '20270509', rows: 2 });
    clock.advance(12 * 3600_000);
    await t.db.update(domains).set({ privacyEnabled: false, modifyDate: now() }).where(eq(domains.domain, 'escrow-private.net'));
    clock.advance(12 * 3600_000);
    expect((await scheduled.runDue())['escrow-deposit']).toMatchObject({ kind: 'inc', day: '20270510', rows: 1 });
    const rows: Record<string, string>[] = parse((await openDeposit('deposits/4321_20270510_inc_1.csv.gpg')).text, { columns: true });
    expect(rows.map((r) => [r.domain_name, r.privacy_proxy_service])).toEqual([['escrow-private.net', 'N']]);
    const recorded = await t.db.select().from(escrowDeposits);
    expect(recorded.map((d) => [d.kind, d.depositDay, d.status, d.rowCount])).toEqual([
      ['full', '20270508', 'done', 2],
      ['full', '20270509', 'done', 2],
      ['inc', '20270510', 'done', 1],
    ]);
  });
});

describe('escrow deposits over SFTP', () => {
  it('uploads to the agent only when its host key matches, and a failed deposit is made by the next run', async () => {
    const sftp = await startSftpServer(join(dir, 'sftp-root'), 'registrar4321');
    writeFileSync(join(dir, 'sftp-key'), sftp.clientPrivateKey);
    const uploading = await createTestContext({
      env: {
        ESCROW_AGENT_KEY_FILE: join(dir, 'agent.asc'),
        ESCROW_SIGNING_KEY_FILE: join(dir, 'signing.asc'),
        ESCROW_SIGNING_KEY_PASSPHRASE: 'escrow-signing-pass',
        ESCROW_SFTP_HOST: '127.0.0.1',
        ESCROW_SFTP_PORT: String(sftp.port),
        ESCROW_SFTP_USERNAME: 'registrar4321',
        ESCROW_SFTP_KEY_FILE: join(dir, 'sftp-key'),
        ESCROW_SFTP_PATH: '/',
        ESCROW_SFTP_HOST_KEY: 'SHA256:AAAAnotTheAgentsHostKeyAAAAAAAAAAAAAAAAAAAA',
        REGISTRAR_IANA_ID: '4321',
      },
    });
    try {
      const [account] = await uploading.db.insert(accounts).values({ registrantContact: demoContact, createDate: now(), modifyDate: now() }).returning();
      await uploading.db
        .insert(domains)
        .values({ accountId: account.accountId, domain: 'escrow-sftp.com', expireDate: addDays(now(), 300), createDate: now(), modifyDate: now() });
      await expect(makeEscrowDeposit(uploading.deps)).rejects.toThrow();
      expect(readdirSync(sftp.root)).toEqual([]);
      expect((await uploading.db.select().from(escrowDeposits))[0]).toMatchObject({ status: 'failed', destination: 'sftp' });

      const fixed = { ...uploading.deps, config: { ...uploading.deps.config, ESCROW_SFTP_HOST_KEY: sftp.hostFingerprint } };
      const report = await makeEscrowDeposit(fixed);
      expect(report).toMatchObject({ kind: 'full', rows: 1, destination: 'sftp' });
      const day = (report as { day: string }).day;
      expect(readdirSync(sftp.root).sort()).toEqual([`4321_${day}_full_1.csv.gpg`, `4321_${day}_full_1.hash.gpg`]);
      const rows: Record<string, string>[] = parse((await openDeposit(join(sftp.root, `4321_${day}_full_1.csv.gpg`))).text, { columns: true });
      expect(rows.map((r) => r.domain_name)).toEqual(['escrow-sftp.com']);
      expect((await uploading.db.select().from(escrowDeposits))[0]).toMatchObject({ status: 'done', rowCount: 1 });
    } finally {
      await uploading.close();
      await sftp.close();
    }
  });
});
