/**
 * `npm run admin -- <command>`: what must happen before anyone can sign in to the back office.
 *   create-staff <email> --role owner [--name "Full Name"]   a staff member and their one-time enrolment link
 *   reset-staff <email> --reason "..."                        a new link for someone who lost their second factor
 *   sandbox-registry stop|start|list [NAME]                    stop or start one simulated registry of the sandbox EPP server
 * Works beside a running `npm start` (the same DATA_DIR's embedded PostgreSQL, or DATABASE_URL) or on its own.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { staffEnrolmentHours } from './contract/staff/staff.ts';
import { staffRoles, type StaffRole } from './contract/staff/roles.ts';
import { createDb, migrateDatabase, runningEmbeddedUrl, startEmbeddedPostgres } from './db/client.ts';
import { AppError } from './errors.ts';
import { sandboxRegistryStates, setSandboxRegistryDown } from './providers/registry/sandbox-epp/control.ts';
import { systemActor } from './services/audit/audit-log.ts';
import { createStaff, resetStaffFromCommandLine } from './services/staff/staff-members.ts';

const usage = `Usage:
  npm run admin -- create-staff <email> --role <${staffRoles.join('|')}> [--name "Full Name"]
  npm run admin -- reset-staff <email> --reason "why"
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
      options: { role: { type: 'string' }, name: { type: 'string' }, reason: { type: 'string' } },
    });
  } catch (error) {
    return fail((error as Error).message);
  }
})();
const [command, email, registryName] = positionals;
if (!command || !['create-staff', 'reset-staff', 'sandbox-registry'].includes(command)) fail(command ? `Unknown command: ${command}` : 'Name a command.');
if (command === 'sandbox-registry') {
  if (!['stop', 'start', 'list'].includes(email ?? '')) fail('sandbox-registry takes stop, start or list.');
  if (email !== 'list' && !registryName) fail(`Name the registry to ${email} (npm run admin -- sandbox-registry list).`);
} else if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail('Give the staff member’s email address.');

if (command === 'create-staff' && !staffRoles.includes(values.role as StaffRole)) fail(`--role must be one of ${staffRoles.join(', ')}`);
if (command === 'reset-staff' && (values.reason?.trim().length ?? 0) < 5) fail('Give a --reason (it is kept in the audit log).');

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
  if (command === 'sandbox-registry') {
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
