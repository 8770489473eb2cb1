/**
 * `npm run admin -- <command>`: what must happen before anyone can sign in to the back office.
 *   create-staff <email> --role owner [--name "Full Name"]   a staff member and their one-time enrolment link
 *   reset-staff <email> --reason "..."                        a new link for someone who lost their second factor
 *   escrow-deposit [--kind full|inc] [--reason "..."]          an escrow deposit now, beside the scheduled one (audited)
 *   escrow-restore --dir D --agent-key F --signer-key F [--passphrase P] [--out F.csv]
 *                                                             checks, decrypts and rebuilds the data from deposits in D
 *   verify-audit                                              checks the audit log's hash chain and says where it breaks
 *   issue-missing-invoices [--issue]                          lists orders delivered before invoices existed; --issue invoices them today
 *   sandbox-registry stop|start|list [NAME]                    stop or start one simulated registry of the sandbox EPP server
 * Works beside a running `npm start` (the same DATA_DIR's embedded PostgreSQL, or DATABASE_URL) or on its own.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { staffEnrolmentHours } from './contract/staff/staff.ts';
import { staffRoles, type StaffRole } from './contract/staff/roles.ts';
import { appUrlFor, createDb, migrateDatabase, runningEmbeddedUrl, startEmbeddedPostgres } from './db/client.ts';
import { AppError } from './errors.ts';
import { verifyAuditChain } from './services/audit/audit-chain.ts';
import { sandboxRegistryStates, setSandboxRegistryDown } from './providers/registry/sandbox-epp/control.ts';
import { systemActor } from './services/audit/audit-log.ts';
import { createStaff, resetStaffFromCommandLine } from './services/staff/staff-members.ts';
import { issueMissingInvoices, ordersWithoutInvoice } from './services/billing/missing-invoices.ts';
import { now } from './clock.ts';
import { runEscrowCommand } from './escrow-cli.ts';

const usage = `Usage:
  npm run admin -- create-staff <email> --role <${staffRoles.join('|')}> [--name "Full Name"]
  npm run admin -- reset-staff <email> --reason "why"
  npm run admin -- escrow-deposit [--kind full|inc] [--reason "why"]
  npm run admin -- escrow-restore --dir <deposits> --agent-key <agent-private.asc> --signer-key <registrar-public.asc> [--passphrase P] [--out data.csv]
  npm run admin -- verify-audit
  npm run admin -- issue-missing-invoices [--issue]
  npm run admin -- sandbox-registry stop|start|list [NAME]`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(1);
}

const { positionals, values } = (() => {
  try {
    return parseArgs({
      args: process.argv.slice(2),
      allowPositionals: true,
      options: {
        role: { type: 'string' },
        name: { type: 'string' },
        reason: { type: 'string' },
        kind: { type: 'string' },
        dir: { type: 'string' },
        'agent-key': { type: 'string' },
        'signer-key': { type: 'string' },
        passphrase: { type: 'string' },
        out: { type: 'string' },
        issue: { type: 'boolean' },
      },
    });
  } catch (error) {
    return fail((error as Error).message);
  }
})();
const [command, email, registryName] = positionals;
if (command === 'escrow-deposit' || command === 'escrow-restore') {
  await runEscrowCommand(command, values);
  process.exit(process.exitCode ?? 0);
}
if (!command || !['create-staff', 'reset-staff', 'verify-audit', 'sandbox-registry', 'issue-missing-invoices'].includes(command))
  fail(command ? `Unknown command: ${command}` : 'Name a command.');
if (command === 'sandbox-registry') {
  if (!['stop', 'start', 'list'].includes(email ?? '')) fail('sandbox-registry takes stop, start or list.');
  if (email !== 'list' && !registryName) fail(`Name the registry to ${email} (npm run admin -- sandbox-registry list).`);
} else if (command !== 'verify-audit' && command !== 'issue-missing-invoices' && (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)))
  fail('Give the staff member’s email address.');

if (command === 'create-staff' && !staffRoles.includes(values.role as StaffRole)) fail(`--role must be one of ${staffRoles.join(', ')}`);
if (command === 'reset-staff' && (values.reason?.trim().length ?? 0) < 5) fail('Give a --reason (it is kept in the audit log).');

const config = loadConfig();
let stopEmbedded: (() => Promise<void>) | null = null;
// The owner migrates; the commands work as the app's login, as the server does.
let ownerUrl = config.DATABASE_OWNER_URL ?? config.DATABASE_URL ?? runningEmbeddedUrl(path.join(path.resolve(config.DATA_DIR), 'postgres'), 'dotspot');
let url = config.DATABASE_URL ?? (ownerUrl ? appUrlFor(ownerUrl) : null);
if (!ownerUrl || !url) {
  const embedded = await startEmbeddedPostgres(path.join(path.resolve(config.DATA_DIR), 'postgres'), 'dotspot');
  stopEmbedded = embedded.stop;
  ownerUrl = embedded.url('dotspot');
  url = embedded.appUrl('dotspot');
}
await migrateDatabase(ownerUrl);
const db = createDb(url, { max: 2 });
try {
  if (command === 'verify-audit') {
    const report = await verifyAuditChain(db);
    if (report.intact) console.log(`The audit log's chain is intact: ${report.rows} entries${report.lastHash ? `, last hash ${report.lastHash}` : ''}.`);
    else {
      const { auditId, at, action, problem } = report.brokenAt;
      console.error(`The audit log's chain breaks at entry ${auditId} (${action}, ${at}): ${problem}. ${report.rows - 1} entries before it are intact.`);
      process.exitCode = 2;
    }
  } else if (command === 'issue-missing-invoices') {
    const waiting = await ordersWithoutInvoice(db);
    if (!values.issue) {
      console.log(`${waiting.length} delivered order${waiting.length === 1 ? ' has' : 's have'} no invoice (sold before invoices were issued).`);
      for (const order of waiting.slice(0, 20)) console.log(`  #${order.orderId}  ${order.orderDate.toISOString().slice(0, 10)}  account ${order.accountId}`);
      if (waiting.length > 0) console.log('Run again with --issue to give each its invoice, numbered and dated today, naming the day of sale (audited).');
    } else {
      const issued = await issueMissingInvoices(db, systemActor, now());
      for (const invoice of issued) console.log(`  order #${invoice.orderId}: ${invoice.number}`);
      console.log(`Issued ${issued.length} invoice${issued.length === 1 ? '' : 's'}.`);
    }
  } else if (command === 'sandbox-registry') {
    if (!config.sandboxMode) throw new AppError(409, 'There is no sandbox registry: a real provider is configured.');
    if (email !== 'list') {
      const known = await sandboxRegistryStates(db);
      if (!known.some((registry) => registry.name === registryName)) {
        throw new AppError(404, `No sandbox registry is named ${registryName}; there are ${known.map((r) => r.name).join(', ')}`);
      }
      await setSandboxRegistryDown(db, registryName, email === 'stop');
      console.log(
        `${registryName} is ${email === 'stop' ? 'stopped: its logins are refused and its sessions dropped' : 'started'} (a running npm start follows within 2 seconds).`,
      );
    }
    for (const registry of await sandboxRegistryStates(db)) {
      const extensions = registry.extensions === '*' ? 'every other extension' : registry.extensions.join(' ');
      console.log(`  ${registry.name}: ${registry.down ? 'STOPPED' : 'up'}  (${extensions})`);
    }
  } else if (command === 'create-staff') {
    const role = values.role as StaffRole;
    const name = values.name?.trim() || email.split('@')[0];
    const { staff, enrolmentUrl } = await createStaff({ db, config }, systemActor, { email, name, role });
    console.log(`Created ${staff.role} ${staff.email}.`);
    console.log(`Enrolment link (works once, for ${staffEnrolmentHours} hours): they set a password and a second factor there.`);
    console.log(`  ${enrolmentUrl}`);
  } else {
    const { staff, enrolmentUrl } = await resetStaffFromCommandLine({ db, config }, systemActor, email, values.reason ?? '');
    console.log(`Reset the password and second factors of ${staff.email}; their sessions are ended.`);
    console.log(`Enrolment link (works once, for ${staffEnrolmentHours} hours):`);
    console.log(`  ${enrolmentUrl}`);
  }
} catch (error) {
  if (error instanceof AppError) {
    console.error(error.message);
    process.exitCode = 1;
  } else throw error;
} finally {
  await db.$end();
  await stopEmbedded?.();
}
