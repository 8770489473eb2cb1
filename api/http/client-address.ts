/**
 * The one place the caller's address is worked out: the socket address Bun saw, or, only when that socket is a
 * configured trusted proxy (TRUSTED_PROXIES, parsed in config.ts), the right-most untrusted hop of X-Forwarded-For.
 * Routes read `c.var.clientIp`.
 */
import { type BlockList, isIP } from 'node:net';
import type { MiddlewareHandler } from 'hono';
import { AppError } from '../errors.ts';
import type { TrustedProxies } from '../config.ts';
import type { AppEnv } from './env.ts';

/** `::ffff:192.0.2.1` (IPv4 seen on an IPv6 socket) is 192.0.2.1; anything that is not an address is dropped. */
export function normaliseAddress(raw: string | undefined | null): string | null {
  if (!raw) return null;
  let address = raw.trim();
  if (address.startsWith('[') && address.includes(']')) address = address.slice(1, address.indexOf(']'));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) address = mapped[1];
  return isIP(address) ? address.toLowerCase() : null;
}

function isTrusted(list: BlockList, address: string): boolean {
  return list.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The client address for a request that arrived on `socketAddress`. Forwarded hops are believed only as far as the
 * trusted proxies reach: a client can prepend anything it likes, so we read from the right.
 */
export function resolveClientAddress(socketAddress: string, forwardedFor: string | undefined, trusted: TrustedProxies): string {
  if (trusted.kind === 'none' || !forwardedFor) return socketAddress;
  const hops = forwardedFor.split(',').map((h) => normaliseAddress(h));
  if (trusted.kind === 'count') {
    // The socket is the nearest proxy; each further trusted proxy appended one hop. Past a malformed hop, stop.
    let client = socketAddress;
    for (let i = 0; i < trusted.hops; i++) {
      const hop = hops.at(-1 - i);
      if (hop === undefined) break;
      if (hop === null) return client;
      client = hop;
    }
    return client;
  }
  if (!isTrusted(trusted.list, socketAddress)) return socketAddress;
  let client = socketAddress;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i];
    if (hop === null) return client;
    client = hop;
    if (!isTrusted(trusted.list, hop)) return hop;
  }
  return client;
}

type SocketInfo = { requestIP?: (request: Request) => { address: string } | null };

/** Sets `clientIp`. A request with no socket address (a server that is not Bun's) is refused, never given a shared key. */
export function clientAddressMiddleware(trusted: TrustedProxies): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const socket = normaliseAddress((c.env as SocketInfo | undefined)?.requestIP?.(c.req.raw)?.address);
    if (!socket) throw new AppError(500, 'The server could not tell where this request came from');
    c.set('clientIp', resolveClientAddress(socket, c.req.header('x-forwarded-for'), trusted));
    return next();
  };
}
