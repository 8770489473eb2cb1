/**
 * Escrow deposits as the agent checks them: `npm run admin -- escrow-deposit` writes a deposit whose every file has a
 * detached signature GnuPG verifies with our key, whose data file GnuPG decrypts with the agent's key to every
 * sponsored domain (billing contact included), with a hash file over the encrypted files and a manifest with counts;
 * a name deleted after it is a `delete` record of the next incremental; the restore command rebuilds exactly the
 * database's registration data; the escrow screen's API lists the deposits.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { addDays } from 'date-fns/addDays';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escrowScreenSchema } from '../../../api/contract/compliance/escrow.ts';
import { now } from '../../../api/clock.ts';
import { accounts, auditLog, domains, escrowDeposits } from '../../../api/db/schema/index.ts';
import { makeEscrowDeposit } from '../../../api/services/compliance/escrow/escrow-deposit.ts';
import { readRestoreKeys, restoreEscrow } from '../../../api/services/compliance/escrow/escrow-restore.ts';
import { currentEscrowRecords, escrowColumns } from '../../../api/services/compliance/escrow/escrow-rows.ts';
import { demoContact } from '../../../api/services/platform/seed.ts';
import { agentGpg, type EscrowKeyFiles, writeEscrowKeys } from '../../fixtures/escrow-keys.ts';
import { staffClient } from '../../fixtures/staff.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'escrow-deposits-'));
const deposits = join(dir, 'deposits');
let keys: EscrowKeyFiles;
let gpg: ReturnType<typeof agentGpg>;
let t: TestContext;
let env: Record<string, string>;

beforeAll(async () => {
  keys = await writeEscrowKeys(dir);
  gpg = agentGpg(dir, keys);
  env = {
    ESCROW_DIR: deposits,
    ESCROW_AGENT_KEY_FILE: keys.agentPublic,
    ESCROW_SIGNING_KEY_FILE: keys.signingPrivate,
    ESCROW_SIGNING_KEY_PASSPHRASE: keys.passphrase,
    REGISTRAR_IANA_ID: '4321',
  };
  t = await createTestContext({ env });
  const [account] = await t.db
    .insert(accounts)
    .values({
      registrantContact: { ...demoContact, email: 'holder@escrow.example' },
      whoisTechContact: { ...demoContact, firstName: 'Tech', email: 'tech@escrow.example' },
      whoisBillingContact: { ...demoContact, firstName: 'Bill', email: 'billing@escrow.example' },
      createDate: now(),
      modifyDate: now(),
    })
    .returning();
  const expireDate = addDays(now(), 400);
  const base = { accountId: account.accountId, expireDate, createDate: now(), modifyDate: now() };
  await t.db.insert(domains).values([
    { ...base, domain: 'escrow-open.com', ns: ['NS1.DOTSPOT.EXAMPLE', 'NS2.DOTSPOT.EXAMPLE'], privacyEnabled: false },
    { ...base, domain: 'escrow-private.net', ns: ['ns1.elsewhere.example'], privacyEnabled: true },
    { ...base, domain: 'escrow-leaving.org' },
    { ...base, domain: 'escrow-arriving.org', status: 'transfer' },
    { ...base, domain: 'escrow-gone.com', status: 'deleted' },
  ]);
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const csvOf = (name: string): Record<string, string>[] => parse(gpg.decrypt(join(deposits, name)), { columns: true });

describe('escrow deposits', () => {
  it('npm run admin -- escrow-deposit writes a full deposit the agent verifies with GnuPG and decrypts to every sponsored domain', async () => {
    const { stdout } = await run('bun', ['api/admin-cli.ts', 'escrow-deposit'], { env: { ...process.env, ...env, DATABASE_URL: t.databaseUrl } });
    const day = new Date().toISOString().slice(0, 10);
    const base = `4321_RDE_${day}_full_1`;
    expect(stdout).toContain(`Made the full deposit ${day.replaceAll('-', '')} #1: 3 records (0 deletions)`);
    const names = [`${base}.csv.gpg`, `${base}.hash`, `${base}.manifest.json`];
    expect(readdirSync(deposits).sort()).toEqual(names.flatMap((n) => [n, `${n}.sig`]).sort());
    expect(gpg.verifyAll(deposits)).toEqual([...names].sort());

    const rows = csvOf(`${base}.csv.gpg`);
    expect(rows.map((r) => r.domain_name)).toEqual(['escrow-leaving.org', 'escrow-open.com', 'escrow-private.net']);
    expect(rows[1]).toMatchObject({
      record_action: 'upsert',
      nameservers: 'ns1.dotspot.example ns2.dotspot.example',
      privacy_proxy_service: 'N',
      registrant_email: 'holder@escrow.example',
      admin_email: 'holder@escrow.example',
      tech_name: 'Tech Demo',
      billing_name: 'Bill Demo',
      billing_email: 'billing@escrow.example',
    });
    const encrypted = readFileSync(join(deposits, `${base}.csv.gpg`));
    const sha = createHash('sha256').update(encrypted).digest('hex');
    expect(readFileSync(join(deposits, `${base}.hash`), 'utf8')).toBe(`${sha}  ${base}.csv.gpg\n`);
    const manifest = JSON.parse(readFileSync(join(deposits, `${base}.manifest.json`), 'utf8'));
    expect(manifest).toMatchObject({ ianaId: '4321', kind: 'full', since: null, counts: { records: 3, domains: 3, deletions: 0 } });
    expect(manifest.files).toEqual([{ name: `${base}.csv.gpg`, bytes: encrypted.length, sha256: sha, records: 3 }]);

    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'escrow.deposit'));
    expect(audit).toMatchObject({ targetType: 'escrow-deposit', staffEmail: null });
  });

  it('puts a name deleted since the full deposit, and a change, in the next incremental', async () => {
    await t.db.update(domains).set({ status: 'deleted', modifyDate: now() }).where(eq(domains.domain, 'escrow-leaving.org'));
    await t.db.update(domains).set({ privacyEnabled: false, modifyDate: now() }).where(eq(domains.domain, 'escrow-private.net'));
    const report = await makeEscrowDeposit(t.deps, { trigger: 'manual' });
    expect(report).toMatchObject({ kind: 'inc', sequence: 2, rows: 2, deletions: 1 });
    const { day } = report as { day: string };
    const base = `4321_RDE_${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}_inc_2`;
    gpg.verify(join(deposits, `${base}.csv.gpg`));
    expect(csvOf(`${base}.csv.gpg`).map((r) => [r.record_action, r.domain_name, r.privacy_proxy_service])).toEqual([
      ['upsert', 'escrow-private.net', 'N'],
      ['delete', 'escrow-leaving.org', ''],
    ]);
    expect(JSON.parse(readFileSync(join(deposits, `${base}.manifest.json`), 'utf8')).counts).toEqual({ records: 2, domains: 1, deletions: 1 });
  });

  it('restores from the full deposit and the incremental exactly the registration data in the database', async () => {
    const restored = await restoreEscrow(deposits, await readRestoreKeys(keys.agentPrivate, keys.signingPublic));
    expect(restored.deposits).toHaveLength(2);
    const expected = (await currentEscrowRecords(t.deps)).map((cells) => Object.fromEntries(escrowColumns.map((c, i) => [c, cells[i]])));
    expect(restored.records).toEqual(expected);
    expect(restored.records.map((r) => r.domain_name)).toEqual(['escrow-open.com', 'escrow-private.net']);

    const { stdout } = await run('bun', [
      'api/admin-cli.ts',
      'escrow-restore',
      '--dir',
      deposits,
      '--agent-key',
      keys.agentPrivate,
      '--signer-key',
      keys.signingPublic,
    ]);
    expect((parse(stdout, { columns: true }) as Record<string, string>[]).map((r) => r.domain_name)).toEqual(['escrow-open.com', 'escrow-private.net']);
  });

  it('refuses a deposit whose file was altered', async () => {
    const [full] = readdirSync(deposits).filter((n) => n.endsWith('_full_1.csv.gpg'));
    const tampered = join(dir, 'tampered');
    await run('cp', ['-r', deposits, tampered]);
    const bytes = readFileSync(join(tampered, full));
    bytes[bytes.length - 1] ^= 1;
    await import('node:fs/promises').then((fs) => fs.writeFile(join(tampered, full), bytes));
    await expect(restoreEscrow(tampered, await readRestoreKeys(keys.agentPrivate, keys.signingPublic))).rejects.toThrow(
      `${full}: its signature does not verify`,
    );
  });

  it('lists deposits, the next run and Deposit now on the escrow screen, for compliance only', async () => {
    const compliance = await staffClient(t, 'compliance');
    const list = await compliance.client.get('/api/admin/escrow');
    expect(list.status).toBe(200);
    escrowScreenSchema.parse(list.body);
    expect(list.body.deposits.map((d: { kind: string; sequence: number; status: string }) => [d.kind, d.sequence, d.status])).toEqual([
      ['inc', 2, 'done'],
      ['full', 1, 'done'],
    ]);
    expect(list.body.deposits[1]).toMatchObject({ rows: 3, deletions: 0, trigger: 'manual' });
    expect(list.body.deposits[1].files).toHaveLength(6);
    expect(list.body.deposits[1].bytes).toBeGreaterThan(0);
    expect(list.body.nextRun).toMatch(/T01:30:00.000Z$/);

    const made = await compliance.client.post('/api/admin/escrow/deposits', { kind: 'full', reason: 'checking the agent gets a full one' });
    expect(made.status).toBe(200);
    expect(made.body.deposits[0]).toMatchObject({ kind: 'full', sequence: 3, status: 'done' });
    expect((await t.db.select().from(escrowDeposits)).length).toBe(3);

    const support = await staffClient(t, 'support');
    expect((await support.client.get('/api/admin/escrow')).status).toBe(403);
  });
});
