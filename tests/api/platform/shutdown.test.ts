/**
 * `bun api/start.ts` (ROLE=all) on its own embedded PostgreSQL, stopped while a job runs (SIGTERM from a supervisor,
 * or Ctrl-C in a terminal, which signals the whole foreground process group): the job finishes against a database
 * that is still up, then the process exits 0 and leaves no PostgreSQL behind.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PgBoss } from 'pg-boss';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../../api/db/client.ts';
import { freePort } from '../../../api/free-port.ts';
import { sendMessageQueue } from '../../../api/services/platform/messages.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const dirs: string[] = [];
const servers: ChildProcess[] = [];

afterAll(() => {
  for (const server of servers) if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Alive as far as the kernel knows (a zombie reaped by its parent is gone). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The sandbox registry's own process, a child of the server (api/providers/registry/sandbox-epp/child.ts). */
function sandboxRegistryPid(serverPid: number): number {
  const children = readFileSync(`/proc/${serverPid}/task/${serverPid}/children`, 'utf8').trim().split(/\s+/).map(Number);
  const pid = children.find((child) => readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('sandbox-epp/child.ts'));
  if (!pid) throw new Error('the server started no sandbox registry process');
  return pid;
}

/** `bun api/start.ts` on a fresh DATA_DIR with its embedded PostgreSQL, once it says it is running. */
async function startServer(options: { ownProcessGroup?: boolean } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'dotspot-shutdown-'));
  dirs.push(dir);
  // Run as root, the cluster's `postgres` user must reach it, or the cluster moves to /var/tmp (api/db/client.ts).
  chmodSync(dir, 0o755);
  const port = await freePort();
  const { DATABASE_URL: _none, ...env } = process.env;
  const child = spawn('bun', ['api/start.ts'], {
    cwd: root,
    env: { ...env, ROLE: 'all', DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'test', SKIP_BUILD: '1', BOT_CHECK_DIFFICULTY: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // As a shell starts a foreground job: a process group of its own, which a terminal's Ctrl-C signals as a whole.
    detached: options.ownProcessGroup ?? false,
  });
  servers.push(child);
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const banner = await new Promise<string>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output.push(String(chunk));
      const text = output.join('');
      if (/Dotspot is running at/.test(text)) resolve(text);
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    void exited.then((code) => reject(new Error(`the server exited with ${code}:\n${output.join('')}`)));
  });
  const clusterDir = /embedded PostgreSQL in (\S+)/.exec(banner)?.[1] ?? '';
  const [postmasterPid, , , pgPort] = readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
  const password = readFileSync(`${clusterDir}.password`, 'utf8').trim();
  return {
    dir,
    port,
    child,
    exited,
    output,
    clusterDir,
    postmasterPid: Number(postmasterPid),
    registryPid: sandboxRegistryPid(child.pid ?? 0),
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/dotspot`,
  };
}

/**
 * Starts the server, runs a job that waits on a table lock this test holds, stops the server with `stop` and lets the
 * job go a second later; answers what happened, read back from the cluster started again.
 */
async function stopWhileAJobRuns(stop: (child: ChildProcess) => void, options: { ownProcessGroup?: boolean } = {}) {
  const { dir, port, child, exited, output, clusterDir, postmasterPid, registryPid, url } = await startServer(options);

  // A job that takes a while: its email waits for the outbox table, which this test holds locked.
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const lock = await sql.reserve();
  await lock`begin`;
  await lock`lock table outbox in exclusive mode`;
  const boss = new PgBoss({ connectionString: url, schedule: false, supervise: false, migrate: false, max: 1 });
  await boss.start();
  const to = 'drain@example.org';
  const jobId = (await boss.send(sendMessageQueue, { channel: 'email', to, subject: 'Still here', text: 'Sent while stopping' })) ?? '';
  await expect.poll(async () => (await boss.getJobById(sendMessageQueue, jobId))?.state, { timeout: 15_000, interval: 100 }).toBe('active');
  await boss.stop();

  stop(child);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  // Draining: no longer serving, not gone, its database still up for the job.
  const draining = {
    running: child.exitCode === null,
    serving: await fetch(`http://127.0.0.1:${port}/api/health`).then(
      () => true,
      () => false,
    ),
    databaseUp: isRunning(postmasterPid),
    registryUp: isRunning(registryPid),
  };
  await lock`commit`.catch(() => {});
  lock.release();
  await sql.end({ timeout: 5 });

  const exitCode = await exited;
  const left = {
    postmaster: isRunning(postmasterPid),
    pidFile: existsSync(path.join(clusterDir, 'postmaster.pid')),
    sandboxRegistry: isRunning(registryPid),
  };
  // Started again, the cluster tells how the job ended and whether its email was delivered.
  const again = await startEmbeddedPostgres(path.join(dir, 'postgres'), 'dotspot', { durable: false });
  const check = postgres(again.url('dotspot'), { max: 1, onnotice: () => {} });
  try {
    const [job] = await check`select state from pgboss.job where id = ${jobId}`;
    const mail = await check`select subject from outbox where "to" = ${to}`;
    return { draining, exitCode, left, output: output.join(''), jobState: job?.state, delivered: mail.map((row) => row.subject) };
  } finally {
    await check.end({ timeout: 5 });
    await again.stop();
  }
}

describe('stopping the server while a job runs', () => {
  it('on SIGTERM lets the job finish before the database stops, exits 0 and leaves no PostgreSQL running', async () => {
    const stopped = await stopWhileAJobRuns((child) => child.kill('SIGTERM'));
    expect(stopped.draining).toEqual({ running: true, serving: false, databaseUp: true, registryUp: true });
    expect(stopped.exitCode).toBe(0);
    expect(stopped.output).toContain('SIGTERM: stopping the server, letting running jobs finish, then stopping the database...');
    expect(stopped.left).toEqual({ postmaster: false, pidFile: false, sandboxRegistry: false });
    expect(stopped).toMatchObject({ jobState: 'completed', delivered: ['Still here'] });
  }, 90_000);

  it('does the same on Ctrl-C in a terminal, though the whole process group gets the SIGINT', async () => {
    const stopped = await stopWhileAJobRuns((child) => process.kill(-(child.pid ?? 0), 'SIGINT'), { ownProcessGroup: true });
    expect(stopped.draining).toEqual({ running: true, serving: false, databaseUp: true, registryUp: true });
    expect(stopped.exitCode).toBe(0);
    expect(stopped.output).toContain('SIGINT: stopping the server');
    expect(stopped.left).toEqual({ postmaster: false, pidFile: false, sandboxRegistry: false });
    expect(stopped).toMatchObject({ jobState: 'completed', delivered: ['Still here'] });
  }, 90_000);
});

describe('stopping the server as soon as it is up', () => {
  it('lets the zone publishing it started finish first: no query fails on a closed database', async () => {
    // The benchmark's cold start did this: SIGINT right after the banner, while every zone was still being published.
    const { child, exited, output } = await startServer();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output.join('')).not.toMatch(/Publishing DNS zones failed|CONNECTION_ENDED|Failed query/);
  }, 60_000);
});

describe('the start-up banner', () => {
  it('says the sandbox registry is reached over EPP, and through how many connections', async () => {
    const { child, exited, output } = await startServer();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output.join('')).toMatch(/Providers: .*registry=sandbox \(over EPP, 4 connections\)/);
  }, 60_000);
});

describe('a server killed outright', () => {
  it('takes its embedded PostgreSQL and its sandbox registry with it', async () => {
    const { child, exited, clusterDir, postmasterPid, registryPid } = await startServer();
    expect(isRunning(postmasterPid)).toBe(true);
    expect(isRunning(registryPid)).toBe(true);
    child.kill('SIGKILL');
    await exited;
    await expect.poll(() => isRunning(postmasterPid), { timeout: 10_000, interval: 100 }).toBe(false);
    await expect.poll(() => isRunning(registryPid), { timeout: 10_000, interval: 100 }).toBe(false);
    expect(existsSync(path.join(clusterDir, 'postmaster.pid'))).toBe(false);
  }, 60_000);
});
