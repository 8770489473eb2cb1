/**
 * Escrow uploads to a real OpenSSH SFTP server: refused when the server's host key is not the agent's; cut after two
 * files (and a third left half-written as `.part`) and retried, the agent ends with one complete deposit, every file
 * once with the bytes the manifest names and signatures GnuPG verifies, though OpenSSH refuses a rename onto an
 * existing file; and compliance is emailed once about the failure.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays } from 'date-fns/addDays';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../../api/clock.ts';
import { accounts, domains, escrowDepositFiles, escrowDeposits, outbox } from '../../../api/db/schema/index.ts';
import { makeEscrowDeposit } from '../../../api/services/compliance/escrow/escrow-deposit.ts';
import { demoContact } from '../../../api/services/platform/seed.ts';
import { agentGpg, writeEscrowKeys } from '../../fixtures/escrow-keys.ts';
import { type OpenSshSftp, startOpenSshSftp } from '../../fixtures/openssh-sftp.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

const dir = mkdtempSync(join(tmpdir(), 'escrow-sftp-'));
let sftp: OpenSshSftp;
let t: TestContext;
let gpg: ReturnType<typeof agentGpg>;

beforeAll(async () => {
  const keys = await writeEscrowKeys(join(dir, 'keys'));
  gpg = agentGpg(join(dir, 'keys'), keys);
  sftp = await startOpenSshSftp(join(dir, 'sshd'));
  t = await createTestContext({
    env: {
      ESCROW_AGENT_KEY_FILE: keys.agentPublic,
      ESCROW_SIGNING_KEY_FILE: keys.signingPrivate,
      ESCROW_SIGNING_KEY_PASSPHRASE: keys.passphrase,
      ESCROW_SFTP_HOST: '127.0.0.1',
      ESCROW_SFTP_PORT: String(sftp.port),
      ESCROW_SFTP_USERNAME: sftp.username,
      ESCROW_SFTP_KEY_FILE: sftp.clientKeyFile,
      ESCROW_SFTP_PATH: sftp.root,
      ESCROW_SFTP_HOST_KEY: 'SHA256:AAAAnotTheAgentsHostKeyAAAAAAAAAAAAAAAAAAAA',
      REGISTRAR_IANA_ID: '4321',
      COMPLIANCE_EMAIL: 'compliance@dotspot.example',
    },
  });
  const [account] = await t.db.insert(accounts).values({ registrantContact: demoContact, createDate: now(), modifyDate: now() }).returning();
  await t.db.insert(domains).values(
    ['escrow-sftp.com', 'escrow-sftp.net'].map((domain) => ({
      accountId: account.accountId,
      domain,
      expireDate: addDays(now(), 300),
      createDate: now(),
      modifyDate: now(),
    })),
  );
});
afterAll(async () => {
  await t?.close();
  await sftp?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('escrow deposits over SFTP to OpenSSH', () => {
  it('refuses a server whose host key is not the agent’s, and tells compliance once', async () => {
    await expect(makeEscrowDeposit(t.deps)).rejects.toThrow();
    expect(readdirSync(sftp.root)).toEqual([]);
    expect((await t.db.select().from(escrowDeposits))[0]).toMatchObject({ status: 'failed', destination: 'sftp' });
    await t.runJobs();
    const told = await t.db.select().from(outbox).where(like(outbox.subject, 'The escrow deposit of % failed'));
    expect(told.map((m) => m.to)).toEqual(['compliance@dotspot.example']);
  });

  it('finishes an upload cut after two files, leaving one complete deposit', async () => {
    const agentKey = { ...t.deps, config: { ...t.deps.config, ESCROW_SFTP_HOST_KEY: sftp.hostFingerprint } };
    let uploaded = 0;
    await expect(
      makeEscrowDeposit(agentKey, {
        onUploaded: () => {
          uploaded += 1;
          if (uploaded === 2) throw new Error('connection cut');
        },
      }),
    ).rejects.toThrow('connection cut');
    const [deposit] = await t.db.select().from(escrowDeposits);
    expect(deposit.status).toBe('failed');
    expect(readdirSync(sftp.root).sort()).toEqual(deposit.files.slice(0, 2).sort());
    // The third file's transfer was cut halfway.
    const [third] = await t.db.select().from(escrowDepositFiles).where(eq(escrowDepositFiles.position, 2));
    writeFileSync(join(sftp.root, `${deposit.files[2]}.part`), third.content.subarray(0, 10));

    const report = await makeEscrowDeposit(agentKey);
    expect(report).toMatchObject({ kind: 'full', sequence: 1, rows: 2, destination: 'sftp' });
    const onServer = readdirSync(sftp.root).sort();
    expect(onServer).toEqual([...deposit.files].sort());
    expect(onServer).toHaveLength(6);
    expect(gpg.verifyAll(sftp.root)).toHaveLength(3);
    const manifestName = deposit.files.find((f) => f.endsWith('.manifest.json'))!;
    const manifest = JSON.parse(readFileSync(join(sftp.root, manifestName), 'utf8'));
    for (const file of manifest.files) {
      expect(
        createHash('sha256')
          .update(readFileSync(join(sftp.root, file.name)))
          .digest('hex'),
      ).toBe(file.sha256);
    }
    expect(gpg.decrypt(join(sftp.root, manifest.files[0].name))).toContain('escrow-sftp.net');
    expect((await t.db.select().from(escrowDeposits))[0]).toMatchObject({ status: 'done', rowCount: 2 });
  });
});
