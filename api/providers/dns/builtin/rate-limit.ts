/**
 * Response rate limiting, as BIND's and NSD's RRL: identical responses to one source prefix (an IPv4 /24, an IPv6
 * /56 by default) are limited to N a second. Past the limit, every `slip`-th response goes out empty and truncated
 * (TC), so a real client behind the prefix asks again over TCP, which a spoofed source cannot; the others are dropped.
 * UDP only: a TCP client has shown its address is its own.
 */

export type RateLimitOptions = {
  /** Identical responses per second per prefix; 0 turns rate limiting off. */
  responsesPerSecond: number;
  /** Every slip-th limited response is sent truncated (1: all of them, 0: none). */
  slip: number;
  ipv4Prefix: number;
  ipv6Prefix: number;
  /**
   * Buckets kept at most; past it the least recently seen is forgotten to make room. Never "stop tracking": spoofed
   * sources, which cost an attacker nothing, could then fill the table and turn the limit off for everyone.
   */
  maxEntries?: number;
};

export const SEND = 0;
export const DROP = 1;
export const SLIP = 2;
export type Verdict = typeof SEND | typeof DROP | typeof SLIP;

type Bucket = { credit: number; at: number; limited: number };

const sweepEveryMs = 5000;

function ipv4Prefix(address: string, bits: number): string | null {
  let value = 0;
  let part = 0;
  let digits = 0;
  let parts = 0;
  for (let i = 0; i <= address.length; i += 1) {
    const code = i < address.length ? address.charCodeAt(i) : 46;
    if (code === 46) {
      if (digits === 0 || part > 255) return null;
      value = value * 256 + part;
      parts += 1;
      part = 0;
      digits = 0;
    } else if (code >= 48 && code <= 57) {
      part = part * 10 + code - 48;
      digits += 1;
    } else return null;
  }
  if (parts !== 4) return null;
  return bits >= 32 ? `4/${value}` : `4/${Math.floor(value / 2 ** (32 - bits))}`;
}

/** The first `bits` of an IPv6 address as hex groups (`::` expanded, an embedded IPv4 tail read as two groups). */
function ipv6Prefix(address: string, bits: number): string | null {
  const text = address.split('%')[0].toLowerCase();
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const parse = (part: string) => {
    if (!part) return [];
    const groups: number[] = [];
    for (const group of part.split(':')) {
      if (group.includes('.')) {
        const v4 = ipv4Prefix(group, 32);
        if (v4 === null) return null;
        const value = Number(v4.slice(2));
        groups.push(Math.floor(value / 65536), value % 65536);
      } else {
        if (!/^[0-9a-f]{1,4}$/.test(group)) return null;
        groups.push(Number.parseInt(group, 16));
      }
    }
    return groups;
  };
  const left = parse(head);
  const right = tail === null ? [] : parse(tail);
  if (!left || !right) return null;
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === null && missing !== 0)) return null;
  const groups = [...left, ...new Array(missing).fill(0), ...right];
  const whole = Math.floor(bits / 16);
  const kept = groups.slice(0, whole);
  const rest = bits % 16;
  if (rest) kept.push(groups[whole] >> (16 - rest));
  return `6/${kept.map((g) => g.toString(16)).join(':')}`;
}

export class ResponseRateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private lastSweep = performance.now();
  private readonly maxEntries: number;

  constructor(private readonly options: RateLimitOptions) {
    this.maxEntries = options.maxEntries ?? 200_000;
  }

  /** Buckets held now (at most `maxEntries`). */
  get size(): number {
    return this.buckets.size;
  }

  get enabled(): boolean {
    return this.options.responsesPerSecond > 0;
  }

  /** The source's prefix, as the key part every response to it shares (IPv4-mapped IPv6 counts as IPv4). */
  prefixOf(address: string): string {
    const mapped = address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
    return (mapped.includes(':') ? ipv6Prefix(mapped, this.options.ipv6Prefix) : ipv4Prefix(mapped, this.options.ipv4Prefix)) ?? mapped;
  }

  /** Whether the response `responseKey` to `address` may go out now, be dropped, or slip out truncated. */
  check(address: string, responseKey: string): Verdict {
    const rate = this.options.responsesPerSecond;
    if (rate <= 0) return SEND;
    const now = performance.now();
    if (now - this.lastSweep > sweepEveryMs) this.sweep(now);
    const key = `${this.prefixOf(address)} ${responseKey}`;
    let bucket = this.buckets.get(key);
    if (!bucket) {
      // The map keeps insertion order and a bucket is moved to the end when used: the first is the least recently seen.
      if (this.buckets.size >= this.maxEntries) this.buckets.delete(this.buckets.keys().next().value as string);
      bucket = { credit: rate, at: now, limited: 0 };
    } else {
      // Credit comes back at `rate` a second, up to one second's worth.
      bucket.credit = Math.min(rate, bucket.credit + ((now - bucket.at) * rate) / 1000);
      bucket.at = now;
      this.buckets.delete(key);
    }
    this.buckets.set(key, bucket);
    if (bucket.credit >= 1) {
      bucket.credit -= 1;
      return SEND;
    }
    bucket.limited += 1;
    const { slip } = this.options;
    return slip > 0 && bucket.limited % slip === 0 ? SLIP : DROP;
  }

  private sweep(now: number) {
    this.lastSweep = now;
    // A bucket idle this long is full again: forgetting it changes nothing.
    for (const [key, bucket] of this.buckets) if (now - bucket.at > sweepEveryMs) this.buckets.delete(key);
  }
}
