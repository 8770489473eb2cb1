/**
 * The Sender Rewriting Scheme for forwarded mail (the SRS0/SRS1 forms of libsrs2 and Mail::SRS): the envelope sender
 * of a relayed message becomes an address at our SRS domain, so the destination's SPF check judges our servers, and a
 * bounce sent to that address is routed back to the original sender. The address carries an HMAC and the day it was
 * made, so nobody can mint one (we would relay for them) and a leaked one stops working after `maxAgeDays`.
 *
 *   alice@example.net             → SRS0=HHHHHHHH=TT=example.net=alice@<our domain>
 *   SRS0=hhhh=TT=d=l@fwd.example  → SRS1=HHHHHHHH=fwd.example==hhhh=TT=d=l@<our domain> (a chain: bounces go to fwd.example)
 *
 * Written here rather than taken from npm: srs.js (last released 2014) reads Date.now(), so tests cannot move its
 * clock, and compares hashes case-sensitively, which breaks when a mail server lower-cases the address; the other
 * package is GPL. Hashes are base32 (one case), compared without case, over the lower-cased parts.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { nowMs } from '../../clock.ts';

const base32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const hashLength = 8;
/** Two base32 characters count days modulo 1024, as libsrs2 does. */
const timestampSlots = 1024;
const dayMs = 86_400_000;

/** An address at our SRS domain that is not one we made, or has expired: refused, never relayed. */
export class SrsError extends Error {}

export type Srs = {
  readonly domain: string;
  /** The envelope sender to relay with: '' (the null sender) stays ''; an address of our own SRS domain stays as it is. */
  forward(sender: string): string;
  /** Whether `address` is at our SRS domain and looks like an SRS address (it may still be forged or expired). */
  isSrsAddress(address: string): boolean;
  /** The address a bounce to `address` goes back to; throws SrsError when the hash is wrong or the address expired. */
  reverse(address: string): string;
};

function encodeBase32(bytes: Buffer, length: number): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < length) {
      out += base32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    if (out.length >= length) break;
  }
  return out;
}

const today = () => Math.floor(nowMs() / dayMs) % timestampSlots;

function splitAddress(address: string): { local: string; domain: string } {
  const at = address.lastIndexOf('@');
  return at === -1 ? { local: address, domain: '' } : { local: address.slice(0, at), domain: address.slice(at + 1) };
}

export function createSrs(options: { secret: string; domain: string; maxAgeDays?: number }): Srs {
  const ourDomain = options.domain.toLowerCase().replace(/\.$/, '');
  const maxAgeDays = options.maxAgeDays ?? 21;

  const hash = (...parts: string[]) =>
    encodeBase32(
      createHmac('sha256', options.secret)
        .update(parts.map((p) => p.toLowerCase()).join('\0'))
        .digest(),
      hashLength,
    );

  function checkHash(given: string, ...parts: string[]) {
    const expected = Buffer.from(hash(...parts));
    const actual = Buffer.from(given.toUpperCase());
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) throw new SrsError('The SRS address is not one of ours');
  }

  function checkTimestamp(stamp: string) {
    const upper = stamp.toUpperCase();
    if (!/^[A-Z2-7]{2}$/.test(upper)) throw new SrsError('The SRS address has no valid timestamp');
    const made = base32.indexOf(upper[0]) * 32 + base32.indexOf(upper[1]);
    const age = (today() - made + timestampSlots) % timestampSlots;
    if (age > maxAgeDays) throw new SrsError('The SRS address has expired');
  }

  const isOurs = (domain: string) => domain.toLowerCase().replace(/\.$/, '') === ourDomain;

  return {
    domain: ourDomain,
    forward(sender) {
      if (!sender) return '';
      const { local, domain } = splitAddress(sender);
      if (!domain || isOurs(domain)) return sender;
      // Already rewritten by another forwarder: keep its SRS0 part, so a bounce goes back through that forwarder.
      const srs1 = /^SRS1[-+=]([^=]+)=([^=]+)=(.*)$/i.exec(local);
      if (srs1) {
        const [, , firstHop, rest] = srs1;
        return `SRS1=${hash(firstHop, rest)}=${firstHop}=${rest}@${ourDomain}`;
      }
      if (/^SRS0[-+=]/i.test(local)) {
        const rest = local.slice(4).replace(/^[-+]/, '=');
        return `SRS1=${hash(domain, rest)}=${domain}=${rest}@${ourDomain}`;
      }
      const stamp = base32[Math.floor(today() / 32)] + base32[today() % 32];
      return `SRS0=${hash(stamp, domain, local)}=${stamp}=${domain}=${local}@${ourDomain}`;
    },
    isSrsAddress(address) {
      const { local, domain } = splitAddress(address);
      return isOurs(domain) && /^SRS[01][-+=]/i.test(local);
    },
    reverse(address) {
      const { local, domain } = splitAddress(address);
      if (!isOurs(domain)) throw new SrsError('The address is not at our SRS domain');
      const srs0 = /^SRS0[-+=]([^=]+)=([^=]+)=([^=]+)=(.+)$/i.exec(local);
      if (srs0) {
        const [, given, stamp, senderDomain, senderLocal] = srs0;
        checkHash(given, stamp, senderDomain, senderLocal);
        checkTimestamp(stamp);
        return `${senderLocal}@${senderDomain}`;
      }
      const srs1 = /^SRS1[-+=]([^=]+)=([^=]+)=(.+)$/i.exec(local);
      if (srs1) {
        const [, given, firstHop, rest] = srs1;
        checkHash(given, firstHop, rest);
        return `SRS0${rest}@${firstHop}`;
      }
      throw new SrsError('The address is not an SRS address');
    },
  };
}
