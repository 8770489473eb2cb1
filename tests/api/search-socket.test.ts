/** The real /api/ws socket: the Bun server in a child process, spoken to with the standard WebSocket client. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../fixtures/test-app.ts';

const root = path.resolve(import.meta.dirname, '../..');
let server: ChildProcess;
let base = '';
let dir = '';
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  dropDatabase = database.drop;
  dir = mkdtempSync(path.join(tmpdir(), 'dotspot-ws-'));
  const script = path.join(dir, 'serve.ts');
  writeFileSync(
    script,
    `import { startRuntime } from ${JSON.stringify(path.join(root, 'api/runtime.ts'))};
import { serve } from ${JSON.stringify(path.join(root, 'api/server.ts'))};
const runtime = await startRuntime();
const server = serve(runtime.deps, 0, '127.0.0.1');
console.log('LISTENING ' + server.port);`,
  );
  server = spawn('bun', [script], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: dir, NODE_ENV: 'test', BOT_CHECK_DIFFICULTY: '1', SANDBOX_REGISTRY_LATENCY_MS: '20' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  base = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (chunk) => {
      out += chunk;
      const port = /LISTENING (\d+)/.exec(out)?.[1];
      if (port) resolve(`127.0.0.1:${port}`);
    });
    server.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}, 60_000);

afterAll(async () => {
  server?.kill('SIGTERM');
  await new Promise((resolve) => server?.once('exit', resolve));
  await dropDatabase?.();
  rmSync(dir, { recursive: true, force: true });
});

async function botToken(): Promise<string> {
  const body = await (await fetch(`http://${base}/api/botCheck`)).json();
  const solution = await solveChallenge({ challenge: body.challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge: body.challenge, solution })).toString('base64');
}

function connect(): Promise<{ ws: WebSocket; messages: any[]; next: (predicate: (m: any) => boolean) => Promise<any> }> {
  const ws = new WebSocket(`ws://${base}/api/ws`);
  const messages: any[] = [];
  const listeners: (() => void)[] = [];
  ws.addEventListener('message', (event) => {
    messages.push(JSON.parse(String(event.data)));
    for (const l of listeners.splice(0)) l();
  });
  const next = (predicate: (m: any) => boolean) =>
    new Promise<any>((resolve, reject) => {
      const timeout = setTimeout(() => reject(new Error('no such message')), 10_000);
      const look = () => {
        const found = messages.find(predicate);
        if (found) {
          clearTimeout(timeout);
          resolve(found);
        } else listeners.push(look);
      };
      look();
    });
  return new Promise((resolve, reject) => {
    ws.addEventListener('open', () => resolve({ ws, messages, next }));
    ws.addEventListener('error', () => reject(new Error('could not connect')));
  });
}

describe('the /api/ws socket', () => {
  it('searches with a bot-check token and streams results to the end', async () => {
    const { ws, next, messages } = await connect();
    ws.send(JSON.stringify({ id: 1, method: 'find', service: 'domainSearch', params: { search: 'socket test name', token: await botToken() } }));
    const ack = await next((m) => m.id === 1);
    expect(ack.result).toMatchObject({ search: 'sockettestname', exact: 'sockettestname.com' });
    await next((m) => m.event === 'domainSearchResults' && m.data.done);
    const results = messages.filter((m) => m.event).flatMap((m) => m.data.results);
    expect(results[0].domain).toBe('sockettestname.com');
    expect(results).toHaveLength(ack.result.candidateCount);
    ws.close();
  });

  it('refuses a search without a token with an error reply', async () => {
    const { ws, next } = await connect();
    ws.send(JSON.stringify({ id: 5, method: 'find', service: 'domainSearch', params: { search: 'bluebottle' } }));
    expect(await next((m) => m.id === 5)).toEqual({ id: 5, error: { code: 400, message: 'Human verification is required. Please try again.' } });
    ws.close();
  });

  it('keeps serving after a client hangs up mid-search', async () => {
    const first = await connect();
    first.ws.send(JSON.stringify({ id: 1, method: 'find', service: 'domainSearch', params: { search: 'hangupname', token: await botToken() } }));
    await first.next((m) => m.id === 1);
    first.ws.close();
    const second = await connect();
    second.ws.send(JSON.stringify({ id: 2, method: 'find', service: 'domainSearch', params: { search: 'afterhangup', token: await botToken() } }));
    await second.next((m) => m.event === 'domainSearchResults' && m.data.done);
    second.ws.close();
  });

  it('answers a plain HTTP request to the socket path with a clear error', async () => {
    const response = await fetch(`http://${base}/api/ws`);
    expect(response.status).toBe(426);
    expect((await response.json()).message).toBe('Connect with a WebSocket client');
  });
});
