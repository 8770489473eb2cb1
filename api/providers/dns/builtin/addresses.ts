/** Addresses the DNS settings name (secondaries, ALIAS resolvers): `192.0.2.53`, `192.0.2.53:5353`, `[2001:db8::53]:53`. */
import { isIP } from 'node:net';

export type ResolverAddress = { address: string; port: number };

export function parseServerAddress(entry: string): ResolverAddress | null {
  const text = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  let address: string;
  let port: string | undefined;
  if (bracketed) [, address, port] = bracketed;
  else if (isIP(text)) address = text;
  else {
    const colon = text.lastIndexOf(':');
    address = text.slice(0, colon);
    port = text.slice(colon + 1);
  }
  const number = port === undefined ? 53 : Number(port);
  if (!isIP(address) || !/^\d*$/.test(port ?? '') || !Number.isInteger(number) || number < 1 || number > 65535) return null;
  return { address: address.toLowerCase(), port: number };
}

/** A comma-separated list; throws naming the first entry that is not an address. */
export function parseServerAddresses(text: string | undefined, variable: string): ResolverAddress[] {
  const list: ResolverAddress[] = [];
  for (const entry of (text ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const parsed = parseServerAddress(entry);
    if (!parsed) throw new Error(`${variable}: "${entry}" is not an IP address with an optional port (like 192.0.2.53, 192.0.2.53:5353 or [2001:db8::53]:53)`);
    list.push(parsed);
  }
  return list;
}
