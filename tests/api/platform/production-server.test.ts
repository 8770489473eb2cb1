/** The real Bun server with every provider real: no sandbox pages, CSP on every answer, foreign sockets refused. */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../fixtures/server-process.ts';
import { realProviderEnv } from '../../fixtures/real-providers.ts';

let server: ServerProcess;
let port = 0;

beforeAll(async () => {
  server = await startServerProcess(realProviderEnv);
  port = server.port;
}, 60_000);

afterAll(() => server?.stop());

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
