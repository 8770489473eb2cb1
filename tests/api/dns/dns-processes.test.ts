/**
 * DNS in its own processes (`ROLE=dns`, as docker-compose runs it): two of them side by side on one database, each
 * with its zones in memory, both answering a change made by someone else once it commits; each answers only the two
 * probes over HTTP, and /api/ready waits for the zones.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../../api/db/client.ts';
import { freePort } from '../../../api/free-port.ts';
import { accounts, dnsRecords, domains } from '../../../api/db/schema/index.ts';
import { demoContact } from '../../../api/services/platform/seed.ts';
import { dig, digSections } from '../../fixtures/dns-client.ts';
import { createTestDatabase } from '../../fixtures/test-app.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const zone = 'two-processes.com';
type DnsProcess = { http: string; dnsPort: number; child: ChildProcess; output: string[] };
const processes: DnsProcess[] = [];
let dir = '';
let db: Db;
let dropDatabase: (() => Promise<void>) | undefined;
let domainId: number;

async function startDnsProcess(databaseUrl: string, name: string): Promise<DnsProcess> {
  const [port, dnsPort] = [await freePort(), await freePort()];
  const child = spawn('bun', ['api/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ROLE: 'dns',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      DNS_PORT: String(dnsPort),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, name),
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const started: DnsProcess = { http: `http://127.0.0.1:${port}`, dnsPort, child, output: [] };
  processes.push(started);
  return new Promise((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      started.output.push(String(chunk));
      if (/Dotspot DNS is running/.test(started.output.join(''))) resolve(started);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.on('exit', (code) => reject(new Error(`${name} exited with ${code}:\n${started.output.join('')}`)));
  });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'dotspot-dns-processes-'));
  const database = await createTestDatabase();
  dropDatabase = database.drop;
  db = createDb(database.url, { max: 2 });
  const [account] = await db.insert(accounts).values({ registrantContact: demoContact }).returning();
  const [row] = await db
    .insert(domains)
    .values({
      accountId: account.accountId,
      domain: zone,
      expireDate: new Date(Date.now() + 300 * 86400000),
      ns: ['NS1.DOTSPOT.EXAMPLE', 'NS2.DOTSPOT.EXAMPLE'],
    })
    .returning();
  domainId = row.domainId;
  await Promise.all([startDnsProcess(database.url, 'a'), startDnsProcess(database.url, 'b')]);
}, 60_000);

afterAll(async () => {
  await Promise.all(
    processes.map(async ({ child }) => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }),
  );
  await db?.$end();
  await dropDatabase?.();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 30_000);

describe('ROLE=dns processes', () => {
  it('answer only /api/health and /api/ready, ready once their zones are loaded', async () => {
    for (const { http, output } of processes) {
      expect(output.join('')).toMatch(/built-in authoritative server on port \d+ \(UDP and TCP\), \d+ zones loaded in \d+ ms/);
      expect(await (await fetch(`${http}/api/health`)).json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${http}/api/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', dns: 'ok' }, missing: [] });
      const other = await fetch(`${http}/api/tlds`);
      expect(other.status).toBe(404);
      expect((await other.json()).message).toBe('This process runs the DNS server only (ROLE=dns)');
    }
  });

  it('each answer for the zones in the database, and both follow a change made by another process', async () => {
    for (const { dnsPort } of processes) expect(digSections(await dig(dnsPort, [zone, 'A'])).answer).toEqual([expect.stringMatching(/IN\s+A\s+127\.0\.0\.1$/)]);
    await db.insert(dnsRecords).values({ domainId, type: 'A', host: 'api', data: '203.0.113.44', ttl: 300 });
    for (const { dnsPort } of processes) {
      await expect
        .poll(async () => digSections(await dig(dnsPort, [`api.${zone}`, 'A'])).answer, { timeout: 5000, interval: 50 })
        .toEqual([expect.stringMatching(/203\.0\.113\.44$/)]);
    }
    // Moved to other nameservers: no longer ours to answer, in either process.
    await db
      .update(domains)
      .set({ ns: ['NS1.ELSEWHERE.EXAMPLE.NET', 'NS2.ELSEWHERE.EXAMPLE.NET'] })
      .where(eq(domains.domainId, domainId));
    for (const { dnsPort } of processes)
      await expect.poll(async () => digSections(await dig(dnsPort, [zone, 'A'])).status, { timeout: 5000, interval: 50 }).toBe('REFUSED');
  });

  it('stop on SIGTERM with exit code 0, without a failed query', async () => {
    const [first] = processes;
    const exited = new Promise<number | null>((resolve) => first.child.once('exit', (code) => resolve(code)));
    first.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(first.output.join('')).not.toMatch(/failed|CONNECTION_ENDED/i);
  });
});
