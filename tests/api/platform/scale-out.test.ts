/**
 * Two real server processes (`bun api/start.ts`, as `npm start` runs it) on one database, with their own ports and
 * DATA_DIRs, and a visitor whose requests land on either, as behind a load balancer: nothing a process keeps to itself
 * may matter. Also: a scheduled job fires once however many processes run the schedules.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { and, desc, eq } from 'drizzle-orm';
import { verify } from 'hono/jwt';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../../api/db/client.ts';
import { freePort } from '../../../api/free-port.ts';
import { accounts, outbox, secrets, users } from '../../../api/db/schema/index.ts';
import { hashPassword } from '../../../api/services/kernel/passwords.ts';
import { createTestDatabase } from '../../fixtures/test-app.ts';

const root = path.resolve(import.meta.dirname, '../../..');
type Server = { name: string; base: string; process: ChildProcess; output: string[] };
const servers: Server[] = [];
let dir = '';
let db: Db;
let databaseUrl = '';
let dropDatabase: (() => Promise<void>) | undefined;

function startServer(name: string, port: number): Promise<Server> {
  const child = spawn('bun', ['api/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, name),
      NODE_ENV: 'test',
      // Two processes building the site into one dist/ would trip over each other; the API needs no pages.
      SKIP_BUILD: '1',
      BOT_CHECK_DIFFICULTY: '1',
      SANDBOX_REGISTRY_LATENCY_MS: '10',
      JOB_SCHEDULE_CHECK_SECONDS: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: Server = { name, base: `127.0.0.1:${port}`, process: child, output: [] };
  servers.push(server);
  return new Promise((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      server.output.push(String(chunk));
      if (/Dotspot is running at/.test(server.output.join(''))) resolve(server);
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.on('exit', (code) => reject(new Error(`${name} exited with ${code}:\n${server.output.join('')}`)));
  });
}

async function stopServer(server: Server) {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGTERM');
  const killer = setTimeout(() => server.process.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killer);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'dotspot-scale-out-'));
  const database = await createTestDatabase();
  databaseUrl = database.url;
  dropDatabase = database.drop;
  db = createDb(databaseUrl, { max: 2 });
  const [portA, portB] = [await freePort(), await freePort()];
  await Promise.all([startServer('a', portA), startServer('b', portB)]);
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map(stopServer));
  await db?.$end();
  await dropDatabase?.();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 30_000);

/** One browser: a cookie jar whose requests a load balancer sends to either process. */
class Browser {
  readonly cookies = new Map<string, string>();
  async call(server: Server, method: string, url: string, body?: unknown) {
    const response = await fetch(`http://${server.base}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair.split('=');
      this.cookies.set(name.trim(), value.join('='));
    }
    return { status: response.status, body: await response.json() };
  }

  /** A solved bot check from `server`, as the browser's widget makes one before a guarded request. */
  async botToken(server: Server): Promise<string> {
    const { challenge } = (await this.call(server, 'GET', '/api/botCheck')).body;
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }
}

async function search(server: Server, text: string, token: string): Promise<any[]> {
  const ws = new WebSocket(`ws://${server.base}/api/ws`);
  const messages: any[] = [];
  try {
    await new Promise((resolve, reject) => {
      ws.addEventListener('open', resolve);
      ws.addEventListener('error', () => reject(new Error(`no socket to ${server.name}`)));
    });
    const done = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`search on ${server.name} did not finish: ${JSON.stringify(messages)}`)), 15_000);
      ws.addEventListener('message', (event) => {
        const message = JSON.parse(String(event.data));
        messages.push(message);
        if (message.error || message.data?.done) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    ws.send(JSON.stringify({ id: 1, method: 'find', service: 'domainSearch', params: { search: text, token } }));
    await done;
    return messages;
  } finally {
    ws.close();
  }
}

describe('two processes, one database', () => {
  it('start with the same shared secrets and each print the jobs summary', async () => {
    const rows = await db.select({ name: secrets.name }).from(secrets).orderBy(secrets.name);
    expect(rows.map((r) => r.name)).toEqual(['admin-jwt', 'bot-check', 'demo-password', 'demo-totp-secret', 'srs']);
    for (const server of servers) {
      const banner = server.output.join('');
      expect(banner).toMatch(/Jobs \(worked here, schedules run here\):\n\s+send-message: on demand, 6 retries/);
      expect(banner).toMatch(/housekeeping: scheduled "17 3 \* \* \*" UTC/);
    }
    // Both print the one demo login that works, though their DATA_DIRs differ.
    const logins = servers.map((server) => /Demo login: \S+ \/ (\S+)/.exec(server.output.join(''))?.[1]);
    expect(logins[0]).toBeTruthy();
    expect(logins[1]).toBe(logins[0]);
  });

  it('a visitor solves a challenge from one, searches on the other over the socket, and checks out across both', async () => {
    const [a, b] = servers;
    const visitor = new Browser();
    const token = await visitor.botToken(a);
    const label = `qwzxv-scale-${randomBytes(3).toString('hex')}`;
    const messages = await search(b, label, token);
    expect(messages[0]).toMatchObject({ id: 1, result: { exact: `${label}.com` } });
    const exact = messages.flatMap((m) => m.data?.results ?? []).find((r: { domain: string }) => r.domain === `${label}.com`);
    expect(exact).toMatchObject({ available: true });

    const added = await visitor.call(a, 'POST', '/api/cartItems', { domain: `${label}.com` });
    expect(added.status).toBe(201);
    const cartId = added.body.cartId;
    const phone = `+1415558${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    const email = `${label}@example.org`;
    const contact = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: '',
      address: '1 Analytical Way',
      city: 'London',
      state: 'LDN',
      zip: 'N1 9GU',
      country: 'GB',
      email,
      phone,
    };
    expect((await visitor.call(b, 'PATCH', `/api/carts/${cartId}`, { contact: { ...contact, password: 'correct horse battery' } })).status).toBe(200);
    expect((await visitor.call(a, 'POST', '/api/validate', { cartId, phone, recaptchaToken: await visitor.botToken(b) })).status).toBe(200);
    const [sms] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, phone), eq(outbox.channel, 'sms')))
      .orderBy(desc(outbox.id))
      .limit(1);
    const code = /\b(\d{6})\b/.exec(sms.body)?.[1];
    expect((await visitor.call(b, 'POST', '/api/validate', { cartId, phone, code })).body).toEqual({ valid: true, msg: 'Phone verified' });
    const card = await visitor.call(a, 'POST', '/api/paymentMethods/sandboxCard', { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' });
    const setup = await visitor.call(b, 'POST', '/api/paymentMethods/setup', {
      type: 'card',
      stripePaymentMethodId: card.body.id,
      recaptchaToken: await visitor.botToken(a),
    });
    expect(setup.status).toBe(200);
    const done = await visitor.call(b, 'PATCH', `/api/carts/${cartId}`, { commit: true, $redirectHost: '127.0.0.1', a: {} });
    expect(done.status).toBe(200);
    expect(done.body.requiresAction).toBe(false);

    // The customer signs in on one process and lists their domains on the other with the same cookie.
    const customer = new Browser();
    expect((await customer.call(a, 'POST', '/api/session', { email, password: 'correct horse battery' })).status).toBe(200);
    const mine = await customer.call(b, 'GET', '/api/domains');
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((d: { domain: string }) => d.domain)).toEqual([`${label}.com`]);
  });

  it('a card that needs 3-D Secure is set up and charged with each step on a different process', async () => {
    const [a, b] = servers;
    const visitor = new Browser();
    const label = `qwzxv-three-d-${randomBytes(3).toString('hex')}`;
    const cartId = (await visitor.call(a, 'POST', '/api/cartItems', { domain: `${label}.com` })).body.cartId;
    const phone = `+1415557${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    const email = `${label}@example.org`;
    const contact = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: '',
      address: '1 Analytical Way',
      city: 'London',
      state: 'LDN',
      zip: 'N1 9GU',
      country: 'GB',
      email,
      phone,
    };
    await visitor.call(b, 'PATCH', `/api/carts/${cartId}`, { contact: { ...contact, password: 'correct horse battery' } });
    await visitor.call(a, 'POST', '/api/validate', { cartId, phone, recaptchaToken: await visitor.botToken(a) });
    const [sms] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, phone), eq(outbox.channel, 'sms')))
      .orderBy(desc(outbox.id))
      .limit(1);
    await visitor.call(b, 'POST', '/api/validate', { cartId, phone, code: /\b(\d{6})\b/.exec(sms.body)?.[1] });

    // 4000 0027 6000 3184: the setup and every charge ask for authentication.
    const card = await visitor.call(a, 'POST', '/api/paymentMethods/sandboxCard', { number: '4000002760003184', expMonth: 12, expYear: 2040, cvc: '123' });
    const asked = await visitor.call(b, 'POST', '/api/paymentMethods/setup', {
      type: 'card',
      stripePaymentMethodId: card.body.id,
      recaptchaToken: await visitor.botToken(b),
    });
    expect(asked.body.setupIntent.status).toBe('requires_action');
    expect(
      (await visitor.call(a, 'POST', '/api/paymentMethods/sandboxAuthenticate', { intentId: asked.body.setupIntent.id, outcome: 'complete' })).body,
    ).toEqual({
      status: 'requires_action',
    });
    const saved = await visitor.call(b, 'POST', '/api/paymentMethods/setup', {
      type: 'card',
      stripePaymentMethodId: card.body.id,
      stripeSetupIntentId: asked.body.setupIntent.id,
      recaptchaToken: await visitor.botToken(a),
    });
    expect(saved.body.paymentMethod).toMatchObject({ description: 'Visa ending in 3184 (exp 12/40)' });

    const charge = await visitor.call(a, 'PATCH', `/api/carts/${cartId}`, { commit: true, a: {} });
    expect(charge.body.requiresAction).toBe(true);
    expect(
      (await visitor.call(b, 'POST', '/api/paymentMethods/sandboxAuthenticate', { intentId: charge.body.paymentIntentId, outcome: 'complete' })).body,
    ).toEqual({
      status: 'requires_capture',
    });
    const done = await visitor.call(a, 'PATCH', `/api/carts/${cartId}`, { commit: true, a: { paymentIntentId: charge.body.paymentIntentId } });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ requiresAction: false, registered: [`${label}.com`] });
  });

  it('an admin JWT from either process is signed with the one shared key', async () => {
    const [a, b] = servers;
    const [account] = await db.insert(accounts).values({ role: 'admin' }).returning();
    const [user] = await db
      .insert(users)
      .values({ accountId: account.accountId, email: 'root@scale.example', passwordHash: await hashPassword('admin password 1') })
      .returning();
    const admin = new Browser();
    expect((await admin.call(a, 'POST', '/api/session', { email: 'root@scale.example', password: 'admin password 1' })).status).toBe(200);
    const [key] = await db.select({ value: secrets.value }).from(secrets).where(eq(secrets.name, 'admin-jwt'));
    for (const server of [a, b]) {
      const { body } = await admin.call(server, 'GET', '/api/session/admin');
      expect(await verify(body.jwt, key.value, 'HS256')).toMatchObject({ sub: String(user.userId), role: 'admin' });
    }
  });

  it('a scheduled occurrence runs exactly once though both processes run the schedules', async () => {
    const probe = randomBytes(4).toString('hex');
    const boss = new PgBoss({ connectionString: databaseUrl, schedule: false, supervise: false, migrate: false, max: 1 });
    await boss.start();
    try {
      // A one-off recurrence a few seconds from now: every cron pass of either process sees it due for a minute.
      const at = new Date(Date.now() + 2000)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d+Z$/, 'Z');
      await boss.schedule('housekeeping', `DTSTART:${at}\nRRULE:FREQ=SECONDLY;COUNT=1`, { probe }, { key: `scale-out-${probe}`, tz: 'UTC' });
      const runs = () => boss.findJobs('housekeeping', { data: { probe } });
      await expect.poll(async () => (await runs()).map((job) => job.state), { timeout: 20_000, interval: 250 }).toEqual(['completed']);
      // Several more passes of both processes (one a second each) find the occurrence still due; none sends it again.
      await new Promise((resolve) => setTimeout(resolve, 4000));
      const [only, ...more] = await runs();
      expect(more).toEqual([]);
      expect(only.output).toMatchObject({ sessions: expect.any(Number), outbox: expect.any(Number) });
    } finally {
      await boss.stop();
    }
  });
});
