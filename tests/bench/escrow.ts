/**
 * Escrow deposit benchmark: a full deposit of 100,000 sponsored domains (10 per account) built as CSV, hashed,
 * encrypted to the agent's OpenPGP key, signed with ours and written to a directory. Seeding and key generation are
 * untimed. Run alone: `bun tests/bench/escrow.ts` (BENCH_ESCROW changes the count).
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addYears } from 'date-fns/addYears';
import * as openpgp from 'openpgp';
import { loadConfig } from '../../api/config.ts';
import { createDb, migrateDatabase, startEmbeddedPostgres } from '../../api/db/client.ts';
import { accounts, domains } from '../../api/db/schema/index.ts';
import { makeEscrowDeposit } from '../../api/services/compliance/escrow/escrow-deposit.ts';
import { demoContact } from '../../api/services/platform/seed.ts';

export async function benchEscrow(total: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'dotspot-bench-escrow-'));
  const server = await startEmbeddedPostgres(dir, 'bench', { durable: false });
  const url = server.url('bench');
  await migrateDatabase(url);
  const db = createDb(url, { max: 5 });
  try {
    const agent = await openpgp.generateKey({ type: 'curve25519', userIDs: [{ name: 'Agent', email: 'agent@example.com' }], format: 'armored' });
    const ours = await openpgp.generateKey({ type: 'curve25519', userIDs: [{ name: 'Registrar', email: 'registrar@example.com' }], format: 'armored' });
    writeFileSync(path.join(dir, 'agent.asc'), agent.publicKey);
    writeFileSync(path.join(dir, 'ours.asc'), ours.privateKey);
    const expiry = addYears(new Date(), 1);
    for (let start = 0; start < total; start += 1000) {
      const made = await db
        .insert(accounts)
        .values(Array.from({ length: 100 }, (_, i) => ({ registrantContact: { ...demoContact, email: `escrow-bench-${start + i}@example.org` } })))
        .returning({ accountId: accounts.accountId });
      await db.insert(domains).values(
        made
          .flatMap(({ accountId }, a) =>
            Array.from({ length: 10 }, (_, d) => ({
              accountId,
              domain: `escrow-bench-${start + a * 10 + d}.com`,
              expireDate: expiry,
              ns: ['ns1.dotspot.example', 'ns2.dotspot.example'],
            })),
          )
          .slice(0, total - start),
      );
    }
    const config = loadConfig({
      NODE_ENV: 'production',
      ESCROW_DIR: path.join(dir, 'out'),
      ESCROW_AGENT_KEY_FILE: path.join(dir, 'agent.asc'),
      ESCROW_SIGNING_KEY_FILE: path.join(dir, 'ours.asc'),
    });
    const started = performance.now();
    const report = await makeEscrowDeposit({ db, config });
    const seconds = (performance.now() - started) / 1000;
    if (!('files' in report)) throw new Error(`no deposit: ${report.skipped}`);
    const bytes = statSync(path.join(dir, 'out', report.files[0])).size;
    return { rows: report.rows, seconds: Math.round(seconds * 10) / 10, megabytes: Math.round((bytes / 1024 / 1024) * 10) / 10 };
  } finally {
    await db.$end();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runEscrowBench() {
  const result = await benchEscrow(Number(process.env.BENCH_ESCROW ?? 100_000));
  console.log(
    `escrow full deposit: ${result.rows} domains built, sealed (OpenPGP) and written in ${result.seconds} s; the encrypted CSV is ${result.megabytes} MB`,
  );
  return result;
}

if (import.meta.main) await runEscrowBench();
