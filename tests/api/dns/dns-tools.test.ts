/**
 * DNS power tools: CAA, HTTPS, SVCB and TLSA records with their rules and as dig reads them from the built-in server;
 * TTL on every record; the change history (who, from where), diffs and restore; BIND import (preview with line
 * numbers, merge and replace) and export, round-tripped; provider templates with conflicts removed only on consent;
 * several records deleted at once.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains } from '../../../api/db/schema/index.ts';
import { createApiToken } from '../../../api/services/auth/api-tokens/api-tokens.ts';
import { dnsTemplates, templateRecords } from '../../../api/services/dns/dns-templates.ts';
import { type DnsServer, startDnsServer } from '../../../api/services/dns/served-zones.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

const run = promisify(execFile);
let t: TestContext;
let owner: TestClient;
let stranger: TestClient;
let accountId: number;
let userId: number;
let port: number;
let server: DnsServer;
const ns = ['NS1.DOTSPOT.EXAMPLE', 'NS2.DOTSPOT.EXAMPLE'];

async function newDomain(name: string, account = accountId): Promise<number> {
  const [row] = await t.db
    .insert(domains)
    .values({ accountId: account, domain: name, expireDate: new Date(Date.now() + 300 * 86400000), ns })
    .returning();
  return row.domainId;
}

async function dig(name: string, type: string): Promise<string> {
  const { stdout } = await run('dig', ['@127.0.0.1', '-p', String(port), '+norec', '+time=2', '+tries=1', '+short', name, type]);
  return stdout.trim();
}

const records = async (domainId: number) =>
  ((await owner.get(`/api/dnsRecords?domainId=${domainId}`)).body.data as { type: string; host: string; data: string; priority: number | null; ttl: number }[])
    .map((r) => `${r.type} ${r.host} ${r.priority ?? ''} ${r.data} ${r.ttl}`.replace(/ {2}/g, ' '))
    .sort();

beforeAll(async () => {
  t = await createTestContext();
  const buyer = await signedInBuyer(t, 'dnstools@example.com');
  owner = buyer.client;
  accountId = buyer.accountId;
  userId = buyer.userId;
  stranger = (await signedInBuyer(t, 'dnstools-stranger@example.com')).client;
  const started = await startDnsServer(t.deps, '127.0.0.1');
  if (started === null) throw new Error('the built-in DNS server did not start');
  server = started;
  port = started.port;
});
afterAll(async () => {
  await server?.stop();
  await t.close();
});

describe('CAA, HTTPS, SVCB and TLSA records', () => {
  const zone = 'richrecords.com';
  let domainId: number;
  beforeAll(async () => {
    domainId = await newDomain(zone);
  });
  const add = (record: Record<string, unknown>) => owner.post('/api/dnsRecords', { domainId, ...record });

  it('refuses each malformed value with its field and message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ type: 'CAA', host: '@', data: '5 issue "letsencrypt.org"' }, 'caaFlags', 'The CAA flag is 0, or 128 for critical'],
      [
        { type: 'CAA', host: '@', data: '0 issue "not a domain!"' },
        'caaValue',
        'The issuer is a CA\'s domain name, such as letsencrypt.org (or ";" alone to allow none)',
      ],
      [
        { type: 'CAA', host: '@', data: '0 iodef "ftp://x.example"' },
        'caaValue',
        'The iodef value is a mailto: or https:// address, such as mailto:security@example.com',
      ],
      [
        { type: 'CAA', host: '@', data: '0 frobnicate "x"' },
        'caaTag',
        'Choose a CAA tag: issue, issuewild, iodef, issuemail, issuevmc, contactemail, contactphone',
      ],
      [{ type: 'TLSA', host: '_443._tcp', data: '3 1 1 abcd' }, 'tlsaData', 'A SHA-256 hash is 64 hex digits; this has 4'],
      [{ type: 'TLSA', host: '_443._tcp', data: `4 1 1 ${'a'.repeat(64)}` }, 'tlsaUsage', 'The certificate usage is 0, 1, 2 or 3'],
      [
        { type: 'TLSA', host: 'www', data: `3 1 1 ${'a'.repeat(64)}` },
        'host',
        'A TLSA host starts with the port and protocol, such as _443._tcp or _25._tcp.mail',
      ],
      [
        { type: 'HTTPS', host: '@', priority: 0, data: 'cdn.example.net alpn=h2' },
        'svcParams',
        'An alias record (priority 0) takes no parameters: give a priority of 1 or more to use them',
      ],
      [{ type: 'HTTPS', host: '@', priority: 1, data: '. mandatory=port alpn=h2' }, 'svcMandatory', 'mandatory lists port, which the record does not set'],
      [{ type: 'HTTPS', host: '@', priority: 1, data: '. no-default-alpn' }, 'svcAlpn', 'no-default-alpn needs at least one protocol in alpn'],
      [
        { type: 'HTTPS', host: '@', priority: 1, data: '. ipv4hint=300.1.1.1' },
        'svcIpv4hint',
        'IPv4 hints are addresses such as 192.0.2.1, separated by commas',
      ],
      [
        { type: 'SVCB', host: '_dns', priority: 1, data: '. colour=blue' },
        'svcParams',
        'Unknown parameter "colour": use mandatory, alpn, no-default-alpn, port, ipv4hint, ech, ipv6hint or keyNNNNN',
      ],
      [{ type: 'HTTPS', host: '@', data: '.' }, 'priority', 'Priority is required for HTTPS records'],
    ];
    for (const [record, field, message] of cases) {
      const res = await add(record);
      expect(res.status, JSON.stringify(record)).toBe(400);
      expect(res.body.data.errors[field], JSON.stringify(record)).toBe(message);
    }
  });

  it('stores one canonical form, serves each type as dig reads it, with its TTL', async () => {
    const caa = await add({ type: 'CAA', host: '@', data: '0 ISSUE "letsencrypt.org"', ttl: 300 });
    expect(caa.status, JSON.stringify(caa.body)).toBe(201);
    expect(caa.body).toMatchObject({ data: '0 issue "letsencrypt.org"', ttl: 300 });
    expect((await add({ type: 'CAA', host: '@', data: '128 iodef "mailto:security@richrecords.com"' })).status).toBe(201);
    const https = await add({ type: 'HTTPS', host: '@', priority: 1, data: '. ipv6hint=2001:DB8:0::1 alpn=h3,h2 port=8443 ech="AEX+DQBB"', ttl: 600 });
    expect(https.status, JSON.stringify(https.body)).toBe(201);
    expect(https.body.data).toBe('. alpn=h3,h2 port=8443 ech="AEX+DQBB" ipv6hint=2001:db8::1');
    expect((await add({ type: 'HTTPS', host: 'www', priority: 0, data: 'richrecords.com.' })).status).toBe(201);
    expect((await add({ type: 'SVCB', host: '_dns', priority: 1, data: 'doh.richrecords.com alpn=h2 key7="/dns-query{?dns}"' })).status).toBe(201);
    const tlsa = await add({ type: 'TLSA', host: '_443._tcp', data: `3 1 1 ${'AB'.repeat(32)}` });
    expect(tlsa.body.data).toBe(`3 1 1 ${'ab'.repeat(32)}`);

    expect((await dig(zone, 'CAA')).split('\n').sort()).toEqual(['0 issue "letsencrypt.org"', '128 iodef "mailto:security@richrecords.com"']);
    expect(await dig(zone, 'HTTPS')).toBe('1 . alpn="h3,h2" port=8443 ech=AEX+DQBB ipv6hint=2001:db8::1');
    expect(await dig(`www.${zone}`, 'HTTPS')).toBe('0 richrecords.com.');
    expect(await dig(`_dns.${zone}`, 'SVCB')).toBe('1 doh.richrecords.com. alpn="h2" key7="/dns-query{?dns}"');
    // dig prints the hex in groups: compare without its spaces.
    expect((await dig(`_443._tcp.${zone}`, 'TLSA')).replace(/\s+/g, '')).toBe(`311${'AB'.repeat(32)}`);
    const { stdout } = await run('dig', ['@127.0.0.1', '-p', String(port), '+norec', '+noall', '+answer', zone, 'HTTPS']);
    expect(stdout).toMatch(/\b600\s+IN\s+HTTPS\b/);
  });
});

describe('change history', () => {
  const zone = 'historyzone.com';
  let domainId: number;
  beforeAll(async () => {
    domainId = await newDomain(zone);
  });

  it('records who changed what through the panel and an API token, newest first; strangers see nothing', async () => {
    const a = await owner.post('/api/dnsRecords', { domainId, type: 'A', host: 'www', data: '203.0.113.1' });
    await owner.patch(`/api/dnsRecords/${a.body.dnsRecordId}`, { ttl: 300 });
    const { secret } = await createApiToken(t.db, { accountId, userId }, { name: 'deploy bot', scopes: ['dns:write'] });
    const byToken = await t.client().post('/api/dnsRecords', { domainId, type: 'TXT', host: '@', data: 'hello' }, { authorization: `Bearer ${secret}` });
    expect(byToken.status, JSON.stringify(byToken.body)).toBe(201);
    await owner.delete(`/api/dnsRecords/${a.body.dnsRecordId}`);
    const history = await owner.get(`/api/dnsChanges?domainId=${domainId}`);
    expect(history.body.total).toBe(4);
    expect(history.body.data.map((c: { source: string; actor: string; summary: string }) => [c.source, c.actor, c.summary])).toEqual([
      ['panel', 'dnstools@example.com', 'Removed A www 203.0.113.1'],
      ['api', expect.stringMatching(/^API token “deploy bot” \(dsp_[\w-]{4}…\)$/), 'Added TXT @ hello'],
      ['panel', 'dnstools@example.com', 'Changed the TTL of A www 203.0.113.1 from 3600 to 300 s'],
      ['panel', 'dnstools@example.com', 'Added A www 203.0.113.1'],
    ]);
    expect((await stranger.get(`/api/dnsChanges?domainId=${domainId}`)).status).toBe(403);
  });

  it('compares any two points and restores one, the restore itself recorded', async () => {
    const changes = (await owner.get(`/api/dnsChanges?domainId=${domainId}`)).body.data as { changeId: number }[];
    const [latest, , , first] = changes;
    const diff = await owner.get(`/api/dnsChanges/diff?domainId=${domainId}&from=${first.changeId}&to=${latest.changeId}`);
    expect(diff.body.added.map((r: { data: string }) => r.data)).toEqual(['hello']);
    expect(diff.body.removed.map((r: { data: string }) => r.data)).toEqual(['203.0.113.1']);
    expect((await owner.get(`/api/dnsChanges/diff?domainId=${domainId}&from=0&to=${first.changeId}`)).body.added).toHaveLength(1);

    const restored = await owner.post('/api/dnsChanges/restore', { domainId, changeId: first.changeId });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(await records(domainId)).toEqual(['A www 203.0.113.1 3600']);
    expect(await dig(`www.${zone}`, 'A')).toBe('203.0.113.1');
    const after = (await owner.get(`/api/dnsChanges?domainId=${domainId}`)).body.data[0];
    expect(after).toMatchObject({ source: 'restore', restoredFrom: first.changeId });
    expect(after.summary).toMatch(/^Restored the version of \d{4}-\d\d-\d\d \d\d:\d\d UTC \(added 1 and removed 1 records\)$/);
    // The account app previews a restore of the first version as the diff from now to point 0.
    const toFirst = await owner.get(`/api/dnsChanges/diff?domainId=${domainId}&from=${after.changeId}&to=0`);
    expect(toFirst.status, JSON.stringify(toFirst.body)).toBe(200);
    expect(toFirst.body.removed.map((r: { data: string }) => r.data)).toEqual(['203.0.113.1']);
    expect((await owner.post('/api/dnsChanges/restore', { domainId, changeId: 0 })).status).toBe(200);
    expect(await records(domainId)).toEqual([]);
    expect((await owner.post('/api/dnsChanges/restore', { domainId, changeId: 987654 })).status).toBe(404);
    expect((await stranger.post('/api/dnsChanges/restore', { domainId, changeId: 0 })).status).toBe(403);
  });
});

const zoneFile = `$ORIGIN importzone.com.
$TTL 1h
@        IN SOA ns1.elsewhere.net. hostmaster.elsewhere.net. ( 2024010101 3600 600 1209600 300 )
@        IN NS  ns1.elsewhere.net.
@        IN A   192.0.2.10
www  300 IN CNAME importzone.com.
@        IN MX  10 mx1 ; relative: mx1.importzone.com
@        IN TXT "v=spf1 include:_spf.example.net ~all"
@        IN CAA 0 issue "letsencrypt.org"
@   600  IN HTTPS 1 . alpn=h2,h3
_443._tcp IN TLSA 3 1 1 ( ${'cd'.repeat(16)}
                           ${'cd'.repeat(16)} )
bad      IN A   300.0.0.1
x        IN PTR somewhere.example.
`;

describe('zone file import and export', () => {
  const zone = 'importzone.com';
  let domainId: number;
  beforeAll(async () => {
    domainId = await newDomain(zone);
    await owner.post('/api/dnsRecords', { domainId, type: 'A', host: '@', data: '192.0.2.99' });
    await owner.post('/api/dnsRecords', { domainId, type: 'TXT', host: 'keep', data: 'stays in a merge' });
  });

  it('previews what is added, changed, left and refused, with line numbers, and changes nothing', async () => {
    const preview = await owner.post('/api/dnsZoneFiles/preview', { domainId, text: zoneFile });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const { body } = preview;
    expect(body.added.map((r: { type: string; line: number }) => `${r.type}@${r.line}`).sort()).toEqual([
      'CAA@9',
      'CNAME@6',
      'HTTPS@10',
      'MX@7',
      'TLSA@11',
      'TXT@8',
    ]);
    expect(body.changed).toEqual([
      { before: expect.objectContaining({ type: 'A', data: '192.0.2.99' }), after: expect.objectContaining({ type: 'A', data: '192.0.2.10', line: 5 }) },
    ]);
    expect(body.removed).toEqual([]);
    expect(body.refused).toEqual([
      { line: 4, text: '@        IN NS  ns1.elsewhere.net.', reason: 'Nameservers for the domain itself are set under Change Nameservers, not in its zone' },
      { line: 13, text: 'bad      IN A   300.0.0.1', reason: 'Enter an IPv4 address such as 203.0.113.10' },
      {
        line: 14,
        text: 'x        IN PTR somewhere.example.',
        reason: 'PTR records are not supported here (supported: A, AAAA, ALIAS, CNAME, MX, NS, SRV, TXT, CAA, HTTPS, SVCB, TLSA)',
      },
    ]);
    expect(body.skipped.map((s: { line: number }) => s.line)).toEqual([3]);
    expect(await records(domainId)).toEqual(['A @ 192.0.2.99 3600', 'TXT keep stays in a merge 3600']);
  });

  it('applies a merge as one recorded change, and serves it', async () => {
    const applied = await owner.post('/api/dnsZoneFiles', { domainId, text: zoneFile });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(await records(domainId)).toEqual([
      'A @ 192.0.2.10 3600',
      'CAA @ 0 issue "letsencrypt.org" 3600',
      'CNAME www importzone.com 300',
      'HTTPS @ 1 . alpn=h2,h3 600',
      'MX @ 10 mx1.importzone.com 3600',
      `TLSA _443._tcp 3 1 1 ${'cd'.repeat(32)} 3600`,
      'TXT @ v=spf1 include:_spf.example.net ~all 3600',
      'TXT keep stays in a merge 3600',
    ]);
    const [change] = (await owner.get(`/api/dnsChanges?domainId=${domainId}`)).body.data;
    expect(change).toMatchObject({ changeId: applied.body.changeId, source: 'import', summary: 'Imported a zone file (merge): 6 added, 1 changed, 0 removed' });
    expect(await dig(zone, 'A')).toBe('192.0.2.10');
    expect(await dig(`www.${zone}`, 'A')).toBe(`${zone}.\n192.0.2.10`);
  });

  it('exports a BIND file that imports back into another domain as the identical set', async () => {
    const exported = await owner.get(`/api/dnsZoneFiles?domainId=${domainId}`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('text/dns; charset=utf-8');
    expect(exported.headers.get('content-disposition')).toBe('attachment; filename="importzone.com.zone"');
    const text = exported.body as string;
    expect(text).toContain('$ORIGIN importzone.com.');
    expect(text).toMatch(/^@\s+3600\s+IN\s+NS\s+ns1\.dotspot\.example\.$/m);
    expect(text).toMatch(/^_443\._tcp\s+3600\s+IN\s+TLSA\s+3 1 1 (cd){32}$/m);

    // The same file back into the same zone changes nothing: every line is either ours (skipped) or already there.
    const again = await owner.post('/api/dnsZoneFiles/preview', { domainId, text, mode: 'replace' });
    expect(again.body).toMatchObject({ added: [], changed: [], removed: [], refused: [], unchanged: 8 });

    // A domain of another name takes it as its own (names in the file are relative), record for record.
    const copyId = await newDomain('roundtrip-copy.com');
    const copied = await owner.post('/api/dnsZoneFiles', { domainId: copyId, text: text.replace(/importzone\.com/g, 'roundtrip-copy.com'), mode: 'replace' });
    expect(copied.body.refused).toEqual([]);
    const rename = (lines: string[]) => lines.map((line) => line.replace(/importzone\.com/g, 'roundtrip-copy.com'));
    expect(await records(copyId)).toEqual(rename(await records(domainId)));
  });

  it('replaces the whole zone only in replace mode, refuses a stranger, and explains an unreadable file', async () => {
    const replaced = await owner.post('/api/dnsZoneFiles/preview', { domainId, text: '@ IN A 192.0.2.10\n', mode: 'replace' });
    expect(replaced.body.removed).toHaveLength(7);
    expect(replaced.body.unchanged).toBe(1);
    expect((await stranger.post('/api/dnsZoneFiles/preview', { domainId, text: '@ IN A 192.0.2.1' })).status).toBe(403);
    const broken = await owner.post('/api/dnsZoneFiles/preview', { domainId, text: 'a IN TXT "never closed\n$INCLUDE /etc/passwd\n' });
    expect(broken.body.refused.map((p: { line: number; reason: string }) => `${p.line}: ${p.reason}`)).toContain(
      '1: A quoted string is missing its closing quote (")',
    );
    expect((await owner.post('/api/dnsZoneFiles/preview', { domainId, text: '' })).body.message).toBe('text: Paste a zone file or choose one to upload');
  });
});

describe('templates', () => {
  const zone = 'templatezone.com';
  let domainId: number;
  beforeAll(async () => {
    domainId = await newDomain(zone);
  });

  it('every template in content/dns-templates.json passes the panel’s rules for any domain', () => {
    expect(dnsTemplates.map((template) => template.name)).toEqual(['Google Workspace', 'Microsoft 365', 'Fastmail', 'Zoho Mail', 'Proton Mail']);
    for (const template of dnsTemplates) expect(templateRecords(template, 'some-shop.co.uk').length).toBe(template.records.length);
    expect(templateRecords(dnsTemplates[1], 'some-shop.co.uk')[0].data).toBe('some-shop-co-uk.mail.protection.outlook.com');
  });

  it('shows the records and what is in the way, and removes those only with consent', async () => {
    await owner.post('/api/dnsRecords', { domainId, type: 'MX', host: '@', priority: 10, data: 'mx.oldmail.net' });
    await owner.post('/api/dnsRecords', { domainId, type: 'TXT', host: '@', data: 'v=spf1 include:oldmail.net -all' });
    await owner.post('/api/dnsRecords', { domainId, type: 'TXT', host: '@', data: 'google-site-verification=abc' });
    const preview = await owner.post('/api/dnsTemplates/google-workspace/preview', { domainId });
    expect(preview.body.records.map((r: { type: string; data: string; present: boolean }) => [r.type, r.data, r.present])).toEqual([
      ['MX', 'smtp.google.com', false],
      ['TXT', 'v=spf1 include:_spf.google.com ~all', false],
    ]);
    expect(preview.body.conflicts.map((c: { data: string; reason: string }) => [c.data, c.reason])).toEqual([
      ['mx.oldmail.net', 'Mail for the root would go to both providers'],
      ['v=spf1 include:oldmail.net -all', 'Two SPF records at the root make SPF fail'],
    ]);

    const kept = await owner.post('/api/dnsTemplates/google-workspace/apply', { domainId });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(await records(domainId)).toContain('MX @ 10 mx.oldmail.net 3600');
    expect(await records(domainId)).toContain('MX @ 1 smtp.google.com 3600');

    await owner.post('/api/dnsChanges/restore', { domainId, changeId: (await owner.get(`/api/dnsChanges?domainId=${domainId}`)).body.data[1].changeId });
    const replaced = await owner.post('/api/dnsTemplates/google-workspace/apply', { domainId, removeConflicts: true });
    expect(replaced.body.removed).toHaveLength(2);
    expect(await records(domainId)).toEqual([
      'MX @ 1 smtp.google.com 3600',
      'TXT @ google-site-verification=abc 3600',
      'TXT @ v=spf1 include:_spf.google.com ~all 3600',
    ]);
    const [change] = (await owner.get(`/api/dnsChanges?domainId=${domainId}`)).body.data;
    expect(change).toMatchObject({ source: 'template', summary: 'Applied the Google Workspace template: 2 added, 2 removed' });
    expect(await dig(zone, 'MX')).toBe('1 smtp.google.com.');
    expect((await owner.post('/api/dnsTemplates/nope/preview', { domainId })).status).toBe(404);
  });
});

describe('paid services never stop silently', () => {
  it('an import or template that takes the root or the mail from a paid builder and email says so, and what stays billed', async () => {
    const [row] = await t.db
      .insert(domains)
      .values({
        accountId,
        domain: 'paidservices.com',
        expireDate: new Date(Date.now() + 300 * 86400000),
        ns,
        websiteType: 'builder',
        builderEnabled: true,
        emailEnabled: true,
        mrc: 899,
      })
      .returning();
    const billed =
      "You are still billed for the Website Builder and email (this domain's plan is $8.99 a month) until you remove them under Website and Email.";
    const imported = await owner.post('/api/dnsZoneFiles/preview', { domainId: row.domainId, text: '@ IN A 192.0.2.10\n@ IN MX 10 mx.elsewhere.net.\n' });
    expect(imported.body.stops).toEqual([
      'Your Website Builder site stops showing at paidservices.com. paidservices.com becomes Custom: visitors get what this record points at.',
      'Email to your mailboxes here stops: mail for paidservices.com goes to mx.elsewhere.net instead.',
      billed,
    ]);
    // A TXT record stops nothing.
    expect((await owner.post('/api/dnsZoneFiles/preview', { domainId: row.domainId, text: '@ IN TXT "hello"\n' })).body.stops).toEqual([]);
    const template = await owner.post('/api/dnsTemplates/fastmail/preview', { domainId: row.domainId });
    expect(template.body.stops).toEqual([
      expect.stringMatching(/^Email to your mailboxes here stops: mail for paidservices\.com goes to in1-smtp\.messagingengine\.com/),
      "You are still billed for email (this domain's plan is $8.99 a month) until you turn it off under Email.",
    ]);
  });
});

describe('deleting several records at once', () => {
  it('removes them in one change marked bulk, all or nothing', async () => {
    const domainId = await newDomain('bulkzone.com');
    const ids: number[] = [];
    for (const host of ['a', 'b', 'c']) ids.push((await owner.post('/api/dnsRecords', { domainId, type: 'A', host, data: '192.0.2.1' })).body.dnsRecordId);
    expect((await owner.post('/api/dnsRecordDeletions', { domainId, dnsRecordIds: [ids[0], 987654] })).status).toBe(404);
    expect(await records(domainId)).toHaveLength(3);
    expect((await stranger.post('/api/dnsRecordDeletions', { domainId, dnsRecordIds: [ids[0]] })).status).toBe(403);
    const done = await owner.post('/api/dnsRecordDeletions', { domainId, dnsRecordIds: [ids[0], ids[2]] });
    expect(done.body).toEqual({ deleted: 2 });
    expect(await records(domainId)).toEqual(['A b 192.0.2.1 3600']);
    const [change] = (await owner.get(`/api/dnsChanges?domainId=${domainId}`)).body.data;
    expect(change).toMatchObject({ source: 'bulk', summary: 'Removed 2 records' });
  });
});
