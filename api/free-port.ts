/**
 * A loopback port nothing listens on, for a server that is started next (embedded PostgreSQL, a test's child server).
 *
 * Drawn below the kernel's ephemeral range, never from it: a port the kernel handed out for `listen(0)` and that was
 * closed again goes back to the pool that every outgoing connection and every other `listen(0)` draws from (the child's
 * own database pool, its sandbox EPP and SMTP listeners), so it could be taken before the server bound it, and the
 * server then failed with "already in use" (a fresh-clone CI run did). Below the range only explicit binds compete.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The first port of the kernel's ephemeral range (Linux's default 32768 where it cannot be read). */
function ephemeralStart(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const port = Number(low);
    return Number.isInteger(port) && port > 2048 ? port : 32768;
  } catch {
    return 32768;
  }
}

/** Resolves true when `port` could be bound on 127.0.0.1 (and was released again). */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  const high = ephemeralStart() - 1;
  const low = Math.max(1024, Math.min(10_000, high - 4096));
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (await bindable(port)) return port;
  }
  throw new Error(`no free loopback port between ${low} and ${high} after 100 tries`);
}
