import { describe, expect, it } from 'vitest';
import {
  findRecordConflict,
  isProviderNameservers,
  nameserverFieldError,
  nameserverFieldErrors,
  normaliseNameservers,
  normaliseRecordHost,
  normaliseTargetName,
  splitTxt,
  validateDnsRecord,
} from '../../api/contract/dns/dns.ts';

const zone = 'example.com';
const errorsOf = (input: Parameters<typeof validateDnsRecord>[0]) => {
  const result = validateDnsRecord(input, zone);
  return 'errors' in result ? result.errors : {};
};
const recordOf = (input: Parameters<typeof validateDnsRecord>[0]) => {
  const result = validateDnsRecord(input, zone);
  if ('errors' in result) throw new Error(JSON.stringify(result.errors));
  return result.record;
};

describe('record hosts', () => {
  it('reads @, blank and the zone itself as the apex, and shortens full names in the zone', () => {
    for (const host of ['@', '', '  ', 'example.com', 'EXAMPLE.COM.']) expect(normaliseRecordHost(host, zone)).toEqual({ host: '@' });
    expect(normaliseRecordHost('WWW.example.com.', zone)).toEqual({ host: 'www' });
    expect(normaliseRecordHost('_dmarc', zone)).toEqual({ host: '_dmarc' });
    expect(normaliseRecordHost('*.shop', zone)).toEqual({ host: '*.shop' });
  });

  it('turns unicode labels into punycode', () => {
    expect(normaliseRecordHost('café', zone)).toEqual({ host: 'xn--caf-dma' });
  });

  it('refuses bad labels, a wildcard not in front, and names over 253 characters', () => {
    expect(normaliseRecordHost('a..b', zone)).toEqual({ error: expect.stringContaining('empty labels') });
    expect(normaliseRecordHost('-bad', zone)).toEqual({ error: expect.stringContaining('hyphen') });
    expect(normaliseRecordHost('a'.repeat(64), zone)).toEqual({ error: 'Each part of the host can be at most 63 characters' });
    expect(normaliseRecordHost('shop.*', zone)).toEqual({ error: 'A wildcard (*) can only be the first part of the host' });
    expect(normaliseRecordHost('sp ace', zone)).toHaveProperty('error');
    const long = Array.from({ length: 5 }, () => 'a'.repeat(60)).join('.');
    expect(normaliseRecordHost(long, zone)).toEqual({ error: 'The full name can be at most 253 characters' });
  });
});

describe('target names', () => {
  it('accepts full host names, dropping a trailing dot and turning IDN to punycode', () => {
    expect(normaliseTargetName('Mail.Example.NET.')).toEqual({ name: 'mail.example.net' });
    expect(normaliseTargetName('bücher.example')).toEqual({ name: 'xn--bcher-kva.example' });
  });

  it('refuses addresses, single labels and numeric top-level names', () => {
    expect(normaliseTargetName('203.0.113.1', 'Mail server')).toEqual({ error: 'Mail server must be a host name, not an IP address' });
    expect(normaliseTargetName('localhost')).toEqual({ error: 'This must be a full host name such as mail.example.com' });
    expect(normaliseTargetName('host.123')).toEqual({ error: 'This must end in a top-level domain, not a number' });
    expect(normaliseTargetName('')).toEqual({ error: 'This is required' });
  });
});

describe('validateDnsRecord', () => {
  it('checks IPv4 and IPv6 literals', () => {
    expect(errorsOf({ type: 'A', host: '@', data: '256.1.1.1' })).toEqual({ data: 'Enter an IPv4 address such as 203.0.113.10' });
    expect(errorsOf({ type: 'A', host: '@', data: '2001:db8::1' })).toEqual({ data: 'Enter an IPv4 address such as 203.0.113.10' });
    expect(errorsOf({ type: 'AAAA', host: '@', data: '203.0.113.1' })).toEqual({ data: 'Enter an IPv6 address such as 2001:db8::1' });
    expect(recordOf({ type: 'AAAA', host: 'v6', data: ' 2001:DB8::1 ' })).toMatchObject({ host: 'v6', data: '2001:db8::1' });
  });

  it('keeps priority only for MX and SRV, and weight and port only for SRV', () => {
    expect(recordOf({ type: 'A', host: 'x', data: '203.0.113.1', priority: 5, weight: 1, port: 80 })).toMatchObject({
      priority: null,
      weight: null,
      port: null,
    });
    expect(recordOf({ type: 'MX', host: '@', data: 'mx.example.net', priority: 10, weight: 1 })).toMatchObject({ priority: 10, weight: null, port: null });
    expect(errorsOf({ type: 'MX', host: '@', data: 'mx.example.net' })).toEqual({ priority: 'Priority is required for MX records' });
    expect(errorsOf({ type: 'SRV', host: '_sip._tcp', data: 'sip.example.net', priority: 10 })).toEqual({
      weight: 'Weight is required for SRV records',
      port: 'Port is required for SRV records',
    });
    expect(errorsOf({ type: 'SRV', host: 'sip', data: 'sip.example.net', priority: 1, weight: 1, port: 5060 })).toEqual({
      host: 'An SRV host starts with the service and protocol, such as _sip._tcp',
    });
    expect(errorsOf({ type: 'MX', host: '@', data: 'mx.example.net', priority: 70000 })).toEqual({
      priority: 'Priority must be a whole number from 0 to 65535',
    });
  });

  it('refuses a CNAME at the apex and one pointing at itself', () => {
    expect(errorsOf({ type: 'CNAME', host: '@', data: 'other.example.net' })).toEqual({
      host: 'A CNAME record cannot be at the root (@): use an ALIAS record there',
    });
    expect(errorsOf({ type: 'CNAME', host: 'www', data: 'www.example.com' })).toEqual({ data: 'A CNAME record cannot point at itself' });
  });

  it('keeps TXT text whole up to 4000 bytes, refusing control characters; the wire splits it into 255-byte strings', () => {
    expect(recordOf({ type: 'TXT', host: '@', data: '  v=spf1 -all  ' }).data).toBe('v=spf1 -all');
    expect(errorsOf({ type: 'TXT', host: '@', data: 'x'.repeat(4001) })).toEqual({ data: 'Text can be at most 4000 bytes' });
    expect(errorsOf({ type: 'TXT', host: '@', data: 'two\nlines' })).toEqual({ data: 'Text cannot contain line breaks or control characters' });
    const parts = splitTxt(`${'a'.repeat(254)}é${'b'.repeat(10)}`);
    expect(parts.map((p) => new TextEncoder().encode(p).length)).toEqual([254, 12]);
    expect(parts.join('')).toBe(`${'a'.repeat(254)}é${'b'.repeat(10)}`);
  });

  it('bounds the TTL', () => {
    expect(errorsOf({ type: 'A', host: '@', data: '203.0.113.1', ttl: 30 })).toEqual({ ttl: 'TTL must be from 60 to 86400 seconds' });
    expect(recordOf({ type: 'A', host: '@', data: '203.0.113.1' }).ttl).toBe(3600);
  });

  it('requires a value', () => {
    expect(errorsOf({ type: 'NS', host: 'sub', data: '   ' })).toEqual({ data: 'Value is required' });
  });
});

describe('findRecordConflict', () => {
  const a = { type: 'A' as const, host: 'www', data: '203.0.113.1', priority: null, weight: null, port: null };
  it('keeps a CNAME alone at its name', () => {
    expect(findRecordConflict({ ...a, type: 'CNAME', data: 'x.example.net' }, [a])?.message).toMatch(/must be the only record/);
    expect(findRecordConflict(a, [{ ...a, type: 'CNAME', data: 'x.example.net' }])?.message).toMatch(/has a CNAME record/);
    expect(findRecordConflict({ ...a, host: 'other' }, [{ ...a, type: 'CNAME', data: 'x.example.net' }])).toBeNull();
  });
  it('refuses the same record twice and A beside ALIAS', () => {
    expect(findRecordConflict(a, [a])).toEqual({ field: 'data', message: 'This record already exists' });
    expect(findRecordConflict({ ...a, host: '@' }, [{ ...a, host: '@', type: 'ALIAS', data: 'app.example.net' }])?.message).toMatch(/ALIAS/);
  });
});

describe('nameservers', () => {
  it('drops empty entries, trims, de-duplicates and upper-cases', () => {
    expect(normaliseNameservers(['', ' ns1.example.net ', 'NS1.EXAMPLE.NET', 'ns2.example.net.', '   '])).toEqual(['NS1.EXAMPLE.NET', 'NS2.EXAMPLE.NET']);
  });
  it('checks each field as a host name of two labels at least, with a nameserver for the example, never echoing the entry', () => {
    expect(nameserverFieldError('NS1.EXAMPLE.NET')).toBeNull();
    expect(nameserverFieldError('   ')).toBeNull();
    expect(nameserverFieldError('192.0.2.1')).toBe('Nameserver must be a host name, not an IP address');
    expect(nameserverFieldError('ns2')).toBe('Nameserver must be a full host name such as ns1.example.net');
    expect(nameserverFieldError('ns1..example.net')).toBe('Nameserver cannot have empty labels (two dots in a row)');
    expect(nameserverFieldError('ns_1.example.net')).toMatch(/letters, numbers and hyphens/);
    expect(nameserverFieldErrors(['ns1.example.net', 'ns2', '', 'mail host.example.net'])).toEqual({
      1: 'Nameserver must be a full host name such as ns1.example.net',
      3: expect.stringMatching(/^Nameserver must be a host name/),
    });
  });
  it('knows the provider’s own set, in any case', () => {
    expect(isProviderNameservers(['ns1.dotspot.example', 'NS2.DOTSPOT.EXAMPLE'], ['NS1.DOTSPOT.EXAMPLE', 'NS2.DOTSPOT.EXAMPLE'])).toBe(true);
    expect(isProviderNameservers(['NS1.DOTSPOT.EXAMPLE', 'NS1.OTHER.NET'], ['NS1.DOTSPOT.EXAMPLE', 'NS2.DOTSPOT.EXAMPLE'])).toBe(false);
    expect(isProviderNameservers([], ['NS1.DOTSPOT.EXAMPLE'])).toBe(false);
  });
});
