import { describe, expect, it } from 'vitest';
import { parseTrustedProxies } from '../../api/config.ts';
import { normaliseAddress, resolveClientAddress } from '../../api/http/client-address.ts';

describe('client address', () => {
  it('ignores X-Forwarded-For when no proxy is trusted', () => {
    expect(resolveClientAddress('203.0.113.7', '198.51.100.1', parseTrustedProxies(undefined))).toBe('203.0.113.7');
  });

  it('takes the right-most untrusted hop behind trusted proxies, whatever the client prepended', () => {
    const trusted = parseTrustedProxies('10.0.0.0/8, 127.0.0.1');
    expect(resolveClientAddress('10.0.0.2', 'spoofed, 1.2.3.4, 198.51.100.9, 10.0.0.5', trusted)).toBe('198.51.100.9');
    expect(resolveClientAddress('127.0.0.1', '198.51.100.9', trusted)).toBe('198.51.100.9');
  });

  it('does not believe a forwarded address from a socket that is not a trusted proxy', () => {
    expect(resolveClientAddress('203.0.113.7', '198.51.100.1', parseTrustedProxies('10.0.0.0/8'))).toBe('203.0.113.7');
  });

  it('counts hops when TRUSTED_PROXIES is a number', () => {
    expect(resolveClientAddress('10.0.0.2', '1.1.1.1, 198.51.100.9', parseTrustedProxies('1'))).toBe('198.51.100.9');
    expect(resolveClientAddress('10.0.0.2', '1.1.1.1, 198.51.100.9, 10.0.0.3', parseTrustedProxies('2'))).toBe('198.51.100.9');
    expect(resolveClientAddress('10.0.0.2', undefined, parseTrustedProxies('1'))).toBe('10.0.0.2');
  });

  it('stops at a hop that is not an address rather than trusting what lies left of it', () => {
    expect(resolveClientAddress('10.0.0.2', '198.51.100.9, not-an-ip', parseTrustedProxies('10.0.0.0/8'))).toBe('10.0.0.2');
  });

  it('reads IPv4 seen on an IPv6 socket as IPv4, and matches IPv6 ranges', () => {
    expect(normaliseAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(resolveClientAddress('2001:db8::1', '198.51.100.4', parseTrustedProxies('2001:db8::/32'))).toBe('198.51.100.4');
  });

  it('refuses a malformed setting with a message naming it', () => {
    expect(() => parseTrustedProxies('10.0.0.0/99')).toThrow(/TRUSTED_PROXIES/);
    expect(() => parseTrustedProxies('proxy.internal')).toThrow(/not an IP address/);
  });
});
