/** BIND zone files read and written (api/services/dns/zone-file.ts), and the structured record values they carry. */
import { describe, expect, it } from 'vitest';
import { formatSvcbData, parseCaa, parseSvcb, splitWords } from '../../api/contract/dns/rich-records.ts';
import { encodeRichRdata } from '../../api/providers/dns/rdata.ts';
import { parseTtl, parseZoneFile, rdataText, toCandidate } from '../../api/services/dns/zone-file.ts';

const zone = 'example.com';
const read = (text: string) => parseZoneFile(text, zone, 3600);

describe('reading a zone file', () => {
  it('reads TTLs with units, $ORIGIN and $TTL, and owners carried from the line before', () => {
    expect([parseTtl('3600'), parseTtl('1h30m'), parseTtl('1w'), parseTtl('2x')]).toEqual([3600, 5400, 604_800, null]);
    const { records, problems } = read('$TTL 5m\n$ORIGIN sub.example.com.\nwww IN A 192.0.2.1\n    IN AAAA 2001:db8::1\n@ 60 A 192.0.2.2\n');
    expect(problems).toEqual([]);
    expect(records.map((r) => [r.line, r.owner, r.ttl, r.type])).toEqual([
      [3, 'www.sub.example.com', 300, 'A'],
      [4, 'www.sub.example.com', 300, 'AAAA'],
      [5, 'sub.example.com', 60, 'A'],
    ]);
  });

  it('joins parentheses across lines, keeps ";" inside quotes and reads \\DDD escapes as UTF-8 bytes', () => {
    const { records } = read('txt IN TXT ( "a;b" ; a comment\n  "caf\\195\\169" )\n');
    expect(records).toHaveLength(1);
    expect(records[0].line).toBe(1);
    expect(toCandidate(records[0], zone, [])).toMatchObject({ candidate: { type: 'TXT', host: 'txt', data: 'a;bcafé' } });
  });

  it('names what it cannot read, with the line', () => {
    const { problems } = read('ok IN A 192.0.2.1\n$INCLUDE /etc/passwd\nx CH TXT "chaos"\nbad IN TXT "open\n');
    expect(problems.map((p) => [p.line, p.reason]).sort((a, b) => (a[0] as number) - (b[0] as number))).toEqual([
      [2, '$INCLUDE is not supported: paste the records themselves'],
      [3, 'Class CH is not served: only IN records are'],
      [4, 'A quoted string is missing its closing quote (")'],
    ]);
  });

  it('writes each type back as it reads it', () => {
    const records = [
      { type: 'MX', host: '@', data: 'mx.example.com', priority: 10, weight: null, port: null, ttl: 300 },
      { type: 'TXT', host: '@', data: `say "hi" ${'x'.repeat(300)} é`, priority: null, weight: null, port: null, ttl: 300 },
      { type: 'HTTPS', host: '@', data: '. alpn=h3,h2 ech="AEX+DQBB"', priority: 1, weight: null, port: null, ttl: 300 },
    ] as const;
    for (const record of records) {
      const [parsed] = read(`${record.host} ${record.ttl} IN ${record.type} ${rdataText(record)}\n`).records;
      expect(toCandidate(parsed, zone, [])).toMatchObject({
        candidate: { type: record.type, data: record.data, ...(record.priority === null ? {} : { priority: record.priority }) },
      });
    }
  });
});

describe('structured values', () => {
  it('splits words at spaces but not inside quotes, even mid-word', () => {
    expect(splitWords('0 issue "ca.example; account=1 2"')).toMatchObject({ words: ['0', 'issue', 'ca.example; account=1 2'] });
    expect(splitWords('. ech="AB C"')).toMatchObject({ words: ['.', 'ech=AB C'] });
  });

  it('orders SVCB parameters by key number and lower-cases the target', () => {
    const fields = parseSvcb('SVC.Example.NET. ipv6hint=2001:DB8::1 port=8443 alpn=h2');
    if ('error' in fields) throw new Error(fields.error);
    expect(formatSvcbData(fields)).toBe('svc.example.net alpn=h2 port=8443 ipv6hint=2001:db8::1');
  });

  it('encodes RDATA as RFC 8659 and RFC 9460 lay it out', () => {
    const caa = parseCaa('128 issue "ca.example"');
    expect(caa).toEqual({ flags: 128, tag: 'issue', value: 'ca.example' });
    expect(encodeRichRdata({ type: 'CAA', data: '128 issue "ca.example"' }).toString('hex')).toBe(`8005${Buffer.from('issueca.example').toString('hex')}`);
    // priority 1, target ".", alpn (key 1) length 3 = "\x02h2", port (key 3) length 2 = 443.
    expect(encodeRichRdata({ type: 'HTTPS', priority: 1, data: '. alpn=h2 port=443' }).toString('hex')).toBe('000100000100030268320003000201bb');
  });
});
