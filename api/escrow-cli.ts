/**
 * The escrow commands of `npm run admin`: `escrow-deposit` makes a deposit now (audited, like "Deposit now" in the
 * back office), `escrow-restore` checks and decrypts deposits and writes the registration data they rebuild.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { loadConfig } from './config.ts';
import { createDb, migrateDatabase, runningEmbeddedUrl, startEmbeddedPostgres } from './db/client.ts';
import { systemActor } from './services/audit/audit-log.ts';
import { makeEscrowDeposit } from './services/compliance/escrow/escrow-deposit.ts';
import { readRestoreKeys, restoreEscrow, restoredCsv } from './services/compliance/escrow/escrow-restore.ts';

type Values = { kind?: string; reason?: string; dir?: string; 'agent-key'?: string; 'signer-key'?: string; passphrase?: string; out?: string };

export async function runEscrowCommand(command: 'escrow-deposit' | 'escrow-restore', values: Values): Promise<void> {
  try {
    if (command === 'escrow-restore') await restore(values);
    else await deposit(values);
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}

async function restore(values: Values): Promise<void> {
  if (!values.dir || !values['agent-key'] || !values['signer-key']) throw new Error('escrow-restore needs --dir, --agent-key and --signer-key');
  const keys = await readRestoreKeys(values['agent-key'], values['signer-key'], values.passphrase);
  const { deposits, records } = await restoreEscrow(values.dir, keys);
  const csv = stringify(restoredCsv(records), { record_delimiter: '\r\n' });
  if (values.out) await writeFile(values.out, csv);
  else process.stdout.write(csv);
  console.error(`Rebuilt ${records.length} domains from ${deposits.join(', ')}: every signature and hash checked.`);
}

async function deposit(values: Values): Promise<void> {
  if (values.kind && values.kind !== 'full' && values.kind !== 'inc') throw new Error('--kind must be full or inc');
  const config = loadConfig();
  let stopEmbedded: (() => Promise<void>) | null = null;
  let url = config.DATABASE_URL ?? runningEmbeddedUrl(path.join(path.resolve(config.DATA_DIR), 'postgres'), 'dotspot');
  if (!url) {
    const embedded = await startEmbeddedPostgres(path.join(path.resolve(config.DATA_DIR), 'postgres'), 'dotspot');
    stopEmbedded = embedded.stop;
    url = embedded.url('dotspot');
  }
  await migrateDatabase(url);
  const db = createDb(url, { max: 2 });
  try {
    const report = await makeEscrowDeposit(
      { db, config },
      {
        trigger: 'manual',
        kind: values.kind as 'full' | 'inc' | undefined,
        actor: systemActor,
        reason: values.reason ?? 'made on demand from the command line',
      },
    );
    if ('skipped' in report) throw new Error(report.skipped);
    const where = report.destination === 'sftp' ? `uploaded to ${config.ESCROW_SFTP_HOST}` : `written to ${path.resolve(config.ESCROW_DIR)}`;
    console.log(`Made the ${report.kind} deposit ${report.day} #${report.sequence}: ${report.rows} records (${report.deletions} deletions), ${where}:`);
    for (const file of report.files) console.log(`  ${file}`);
  } finally {
    await db.$end();
    await stopEmbedded?.();
  }
}
