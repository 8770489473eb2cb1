/**
 * The one place the caller's address is worked out: the socket address Bun saw, or, only when that socket is a
 * configured trusted proxy, the right-most untrusted hop of X-Forwarded-For. Routes read `c.var.clientIp`.
 */
import { BlockList, isIP } from 'node:net';
import type { MiddlewareHandler } from 'hono';
import { AppError } from '../errors.ts';
import type { AppEnv } from './env.ts';

/** `TRUSTED_PROXIES`: unset (trust no one), a hop count (`1`: one proxy in front), or CIDRs and addresses. */
export type TrustedProxies = { kind: 'none' } | { kind: 'count'; hops: number } | { kind: 'list'; list: BlockList; text: string };

export function parseTrustedProxies(raw: string | undefined): TrustedProxies {
  const text = raw?.trim() ?? '';
  if (!text) return { kind: 'none' };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops === 0 ? { kind: 'none' } : { kind: 'count', hops };
  }
  const list = new BlockList();
  for (const entry of text.split(',').map((e) => e.trim()).filter(Boolean)) {
    const [address, prefix] = entry.split('/');
    const family = isIP(address);
    if (!family) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR (like 10.0.0.0/8 or 2001:db8::/32)`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else {
      const bits = Number(prefix);
      if (!Number.isInteger(bits) || bits < 0 || bits > (family === 4 ? 32 : 128)) throw new Error(`TRUSTED_PROXIES: "${entry}" has a bad prefix length`);
      list.addSubnet(address, bits, type);
    }
  }
  return { kind: 'list', list, text };
}

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
  return async (c, next) => {
    const socket = normaliseAddress((c.env as SocketInfo | undefined)?.requestIP?.(c.req.raw)?.address);
    if (!socket) throw new AppError(500, 'The server could not tell where this request came from');
    c.set('clientIp', resolveClientAddress(socket, c.req.header('x-forwarded-for'), trusted));
    await next();
  };
}
