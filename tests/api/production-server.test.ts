/** The real Bun server with every provider real: no sandbox pages, CSP on every answer, foreign sockets refused. */
import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realProviderEnv } from '../fixtures/real-providers.ts';
import { createTestDatabase } from '../fixtures/test-app.ts';

const root = path.resolve(import.meta.dirname, '../..');
let server: ChildProcess;
let port = 0;
let dir = '';
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  dropDatabase = database.drop;
  dir = mkdtempSync(path.join(tmpdir(), 'dotspot-production-'));
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
    env: { ...process.env, ...realProviderEnv, DATABASE_URL: database.url, DATA_DIR: dir, NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  port = await new Promise<number>((resolve, reject) => {
    let out = '';
    server.stdout?.on('data', (chunk) => {
      out += chunk;
      const found = /LISTENING (\d+)/.exec(out)?.[1];
      if (found) resolve(Number(found));
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

const get = (pathname: string) => fetch(`http://127.0.0.1:${port}${pathname}`, { redirect: 'manual' });

/** The status a WebSocket handshake from `origin` gets (101 when the server upgrades). */
function handshake(origin: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path: '/api/ws',
      headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', origin },
    });
    req.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve(response.statusCode ?? 0);
    });
    req.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('outside sandbox mode', () => {
  it('answers 404 for the outbox page and its API, however the path is spelled', async () => {
    for (const pathname of ['/dev/outbox', '/dev/outbox/', '/dev/outbox/index.html', '/dev/', '/DEV/outbox', '/%64ev/outbox', '/api/dev/outbox']) {
      expect((await get(pathname)).status, pathname).toBe(404);
    }
  });

  it('sends the page policy, with what Stripe.js needs, on pages and the account app, and the strict one on the API', async () => {
    for (const pathname of ['/', '/cart', '/account/domains']) {
      const policy = (await get(pathname)).headers.get('content-security-policy') ?? '';
      expect(policy, pathname).toMatch(/script-src 'self'[^;]* https:\/\/js\.stripe\.com/);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("object-src 'none'");
      expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    }
    expect((await get('/api/tlds?limit=1')).headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('refuses a WebSocket from a foreign origin and upgrades one from PUBLIC_URL', async () => {
    expect(await handshake('https://evil.example')).toBe(403);
    expect(await handshake('http://127.0.0.1')).toBe(403);
    expect(await handshake('https://shop.example')).toBe(101);
  });
});
