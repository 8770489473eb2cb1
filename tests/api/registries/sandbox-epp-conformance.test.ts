/**
 * The sandbox registry over EPP, judged by the IETF schemas: an OT&E-style walk through every command with the
 * product's own EPP client (and raw frames where it sends none), every frame in both directions validated with
 * xmllint; then what several registries on one port do: routing by extension, and one stopped while others work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, useClock } from '../../../api/clock.ts';
import type { Contact } from '../../../api/contract/contact.ts';
import { createEppRegistry, type EppRegistry } from '../../../api/providers/registry/epp.ts';
import { requestTransferByOtherRegistrar } from '../../../api/providers/registry/sandbox-transfers.ts';
import { invalidFrames } from '../../fixtures/epp-schema.ts';
import { eppHead, loginXml, type RecordedServer, rawEppClient, resultCode, startRecordedSandboxEpp } from '../../fixtures/sandbox-epp.ts';

const contact: Contact = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: 'Analytical Engines Ltd',
  address: '12 St James Square',
  city: 'London',
  state: 'London',
  zip: 'SW1Y 4JH',
  country: 'GB',
  email: 'ada@example.org',
  phone: '+442071234567',
};
const day = 24 * 3600 * 1000;
const clock = new ManualClock(Date.UTC(2026, 2, 2, 12));
let restoreClock: () => void;
let sandbox: RecordedServer;
let registry: EppRegistry;

beforeAll(async () => {
  restoreClock = useClock(clock);
  sandbox = await startRecordedSandboxEpp();
  registry = createEppRegistry({
    host: sandbox.server.host,
    port: sandbox.server.port,
    username: 'dotspot-pir',
    password: 'sandbox-pir-1',
    ca: sandbox.server.ca,
    registrarName: 'Dotspot, Inc.',
    defaultNameservers: ['ns1.dotspot-dns.net', 'ns2.dotspot-dns.net'],
    connections: 1,
  });
});

afterAll(async () => {
  await registry?.close();
  await sandbox?.close();
  restoreClock?.();
});

describe('the OT&E sequence over EPP', () => {
  it('logs in, says hello and logs out on a bare connection', async () => {
    const raw = await rawEppClient(sandbox.server);
    expect(raw.greeting).toContain('urn:ietf:params:xml:ns:epp:fee-1.0');
    expect(resultCode(await raw.send(loginXml('dotspot-pir', 'sandbox-pir-1')))).toBe(1000);
    expect(await raw.send(`${eppHead}<hello/></epp>`)).toContain('<greeting>');
    const bye = await raw.send(`${eppHead}<command><logout/><clTRID>bye-1</clTRID></command></epp>`);
    expect(resultCode(bye)).toBe(1500);
    expect(bye).toMatch(/<clTRID>bye-1<\/clTRID><svTRID>[^<]+<\/svTRID>/);
    raw.close();
  });

  it('checks names with their fees: a premium name is priced by the registry', async () => {
    const [free, premium, taken] = await registry.check(['otetest-alpha.org', 'qzxwv.org', 'locked-ote.org']);
    expect(free).toEqual({ domain: 'otetest-alpha.org', available: true });
    expect(premium.available).toBe(true);
    expect(premium.premiumPrice).toBeGreaterThan(0);
    expect(taken).toMatchObject({ available: false, reason: 'taken' });
  });

  it('creates contacts, hosts and domains (a premium one with its fee); a wrong fee is refused', async () => {
    const alpha = await registry.register({ domain: 'otetest-alpha.org', years: 1, contact, nameservers: ['ns1.dotspot-dns.net', 'ns2.dotspot-dns.net'] });
    expect(alpha).toMatchObject({ domain: 'otetest-alpha.org', ours: true, nameservers: ['ns1.dotspot-dns.net', 'ns2.dotspot-dns.net'] });
    await registry.register({ domain: 'otetest-beta.org', years: 2, contact, nameservers: ['ns1.dotspot-dns.net'] });
    await registry.register({ domain: 'qzxwv.org', years: 1, contact, nameservers: [] });
    expect((await registry.info('qzxwv.org'))?.ours).toBe(true);

    const raw = await rawEppClient(sandbox.server);
    await raw.send(loginXml('dotspot-pir', 'sandbox-pir-1'));
    await raw.send(
      `${eppHead}<command><create><contact:create xmlns:contact="urn:ietf:params:xml:ns:contact-1.0"><contact:id>ote-raw-1</contact:id><contact:postalInfo type="int"><contact:name>Raw Contact</contact:name><contact:addr><contact:street>1 Main St</contact:street><contact:city>Dulles</contact:city><contact:cc>US</contact:cc></contact:addr></contact:postalInfo><contact:email>raw@example.org</contact:email><contact:authInfo><contact:pw>2fooBAR!</contact:pw></contact:authInfo></contact:create></create><clTRID>c-1</clTRID></command></epp>`,
    );
    const wrongFee = await raw.send(
      `${eppHead}<command><create><domain:create xmlns:domain="urn:ietf:params:xml:ns:domain-1.0"><domain:name>abcde.org</domain:name><domain:period unit="y">1</domain:period><domain:registrant>ote-raw-1</domain:registrant><domain:authInfo><domain:pw>2fooBAR!</domain:pw></domain:authInfo></domain:create></create><extension><fee:create xmlns:fee="urn:ietf:params:xml:ns:epp:fee-1.0"><fee:currency>USD</fee:currency><fee:fee>1.00</fee:fee></fee:create></extension><clTRID>c-2</clTRID></command></epp>`,
    );
    expect(resultCode(wrongFee)).toBe(2004);
    // Domain create with DS records (RFC 5910 secDNS:create).
    const withDs = await raw.send(
      `${eppHead}<command><create><domain:create xmlns:domain="urn:ietf:params:xml:ns:domain-1.0"><domain:name>otetest-signed.org</domain:name><domain:period unit="y">1</domain:period><domain:registrant>ote-raw-1</domain:registrant><domain:contact type="admin">ote-raw-1</domain:contact><domain:contact type="tech">ote-raw-1</domain:contact><domain:authInfo><domain:pw>2fooBAR!</domain:pw></domain:authInfo></domain:create></create><extension><secDNS:create xmlns:secDNS="urn:ietf:params:xml:ns:secDNS-1.1"><secDNS:dsData><secDNS:keyTag>12345</secDNS:keyTag><secDNS:alg>13</secDNS:alg><secDNS:digestType>2</secDNS:digestType><secDNS:digest>49FD46E6C4B45C55D4AC49FD46E6C4B45C55D4AC49FD46E6C4B45C55D4ACABCD</secDNS:digest></secDNS:dsData></secDNS:create></extension><clTRID>c-3</clTRID></command></epp>`,
    );
    expect(resultCode(withDs)).toBe(1000);
    expect((await registry.info('otetest-signed.org'))?.dsRecords).toEqual([
      { keyTag: 12345, algorithm: 13, digestType: 2, digest: '49FD46E6C4B45C55D4AC49FD46E6C4B45C55D4AC49FD46E6C4B45C55D4ACABCD' },
    ]);
    raw.close();
  });

  it('updates statuses, nameservers (with a glue host) and DS records', async () => {
    const domain = 'otetest-alpha.org';
    await registry.setClientHold(domain, true);
    expect((await registry.info(domain))?.statuses).toContain('clientHold');
    await registry.setClientHold(domain, false);
    await registry.setLock(domain, false);
    expect((await registry.info(domain))?.locked).toBe(false);
    await registry.setHost('ns1.otetest-alpha.org', ['192.0.2.10', '2001:db8::10']);
    await registry.setNameservers(domain, ['ns1.otetest-alpha.org', 'ns2.dotspot-dns.net']);
    expect((await registry.info(domain))?.nameservers).toEqual(['ns2.dotspot-dns.net', 'ns1.otetest-alpha.org']);
    const ds = { keyTag: 2371, algorithm: 13, digestType: 2, digest: '1F987CC6583E92DF0890718C42C9E0E1A6A0B9CEEEDCA6B2E5C62A8B69B1A0A4' };
    await registry.updateDsRecords({ domain, dsRecords: [ds] });
    expect((await registry.info(domain))?.dsRecords).toEqual([ds]);
    await registry.updateDsRecords({ domain, dsRecords: [] });
    expect((await registry.info(domain))?.dsRecords).toBeUndefined();
  });

  it('renews', async () => {
    const before = await registry.info('otetest-beta.org');
    const after = await registry.renew({ domain: 'otetest-beta.org', years: 1 });
    expect(after.expireDate.getUTCFullYear()).toBe(before!.expireDate.getUTCFullYear() + 1);
  });

  it('requests, queries and cancels transfers in; rejects and approves transfers out', async () => {
    expect(await registry.requestTransfer({ domain: 'transfer-ote.org', authCode: 'Str0ng-Code-123!' })).toEqual({ status: 'pending' });
    expect((await registry.info('transfer-ote.org'))?.transferPending).toBe(true);
    expect(await registry.requestTransfer({ domain: 'transfer-ote-two.org', authCode: 'Str0ng-Code-123!' })).toEqual({ status: 'pending' });
    expect(await registry.requestTransfer({ domain: 'locked-ote.org', authCode: 'Str0ng-Code-123!' })).toMatchObject({ status: 'failed' });
    // Each request acknowledged the transfer fee the registry quoted (RFC 8748), and the registry said what it charged.
    const requests = sandbox.frames.filter((f) => f.direction === 'in' && f.xml.includes('<transfer op="request">'));
    expect(requests.length).toBeGreaterThanOrEqual(3);
    for (const request of requests)
      expect(request.xml).toMatch(/<fee:transfer [^>]*><fee:currency>USD<\/fee:currency><fee:fee>\d+\.\d{2}<\/fee:fee><\/fee:transfer>/);
    expect(sandbox.frames.some((f) => f.direction === 'out' && f.xml.includes('<fee:trnData'))).toBe(true);
    const raw = await rawEppClient(sandbox.server);
    await raw.send(loginXml('dotspot-pir', 'sandbox-pir-1'));
    const cancel = await raw.send(
      `${eppHead}<command><transfer op="cancel"><domain:transfer xmlns:domain="urn:ietf:params:xml:ns:domain-1.0"><domain:name>transfer-ote-two.org</domain:name></domain:transfer></transfer><clTRID>t-1</clTRID></command></epp>`,
    );
    expect(resultCode(cancel)).toBe(1000);
    const query = await raw.send(
      `${eppHead}<command><transfer op="query"><domain:transfer xmlns:domain="urn:ietf:params:xml:ns:domain-1.0"><domain:name>transfer-ote.org</domain:name></domain:transfer></transfer><clTRID>t-2</clTRID></command></epp>`,
    );
    expect(query).toContain('<domain:trStatus>pending</domain:trStatus>');
    raw.close();

    // Another registrar asks for two of our names (the sandbox dev route's way); we refuse one and let the other go.
    const alphaCode = await registry.authCode('otetest-alpha.org');
    await registry.setLock('otetest-beta.org', false);
    const betaCode = await registry.authCode('otetest-beta.org');
    const other = { gainingRegistrar: 'Other Registrar LLC' };
    expect(await requestTransferByOtherRegistrar(sandbox.db, { domain: 'otetest-alpha.org', authCode: alphaCode, ...other })).toMatchObject({
      status: 'pending',
    });
    expect(await requestTransferByOtherRegistrar(sandbox.db, { domain: 'otetest-beta.org', authCode: betaCode, ...other })).toMatchObject({
      status: 'pending',
    });
    await registry.rejectTransfer('otetest-alpha.org');
    expect((await registry.info('otetest-alpha.org'))?.ours).toBe(true);
    await registry.approveTransfer('otetest-beta.org');
    expect((await registry.info('otetest-beta.org'))?.ours).toBe(false);
  });

  it('deletes into redemption, then restores with a request and a report', async () => {
    clock.advance(6 * day);
    await registry.delete('qzxwv.org');
    expect((await registry.info('qzxwv.org'))?.statuses).toContain('pendingDelete');
    expect((await registry.check(['qzxwv.org']))[0].available).toBe(false);
    await registry.restore({
      domain: 'qzxwv.org',
      deletedAt: clock.now(),
      whoisBefore: 'Domain: qzxwv.org',
      whoisNow: 'Domain: qzxwv.org',
      reason: 'Registrant error',
    });
    expect((await registry.info('qzxwv.org'))?.statuses).toEqual(['clientTransferProhibited']);
    // The restore request carried the restore fee the registry quoted, as <fee:update> (RFC 8748 §5.2.5).
    const restoreRequest = sandbox.frames.find((f) => f.direction === 'in' && f.xml.includes('<rgp:restore op="request"/>'));
    expect(restoreRequest?.xml).toContain('<fee:fee>40.00</fee:fee></fee:update>');
  });

  it('polls transfer notices and acknowledges them; the inbound transfer completes after 5 days', async () => {
    clock.advance(5 * day);
    const seen: string[] = [];
    for (let message = await registry.pollMessage(); message; message = await registry.pollMessage()) {
      seen.push(`${message.transfer?.domain} ${message.transfer?.status} ${message.transfer?.inbound ? 'in' : 'out'}`);
      await registry.ackMessage(message.id);
    }
    expect(seen).toEqual(
      expect.arrayContaining([
        'otetest-alpha.org pending out',
        'otetest-beta.org completed out',
        'transfer-ote-two.org rejected in',
        'transfer-ote.org completed in',
      ]),
    );
    expect((await registry.info('transfer-ote.org'))?.ours).toBe(true);
  });

  it('sent and answered only frames the IETF schemas accept', async () => {
    await registry.close();
    const frames = sandbox.frames.map((f) => f.xml);
    expect(frames.length).toBeGreaterThan(60);
    expect(sandbox.frames.some((f) => f.direction === 'in' && f.xml.includes('<logout/>'))).toBe(true);
    expect(await invalidFrames(frames)).toEqual([]);
    // The check itself can fail: a frame the schemas refuse is reported.
    expect(await invalidFrames(['<epp xmlns="urn:ietf:params:xml:ns:epp-1.0"><bogus/></epp>'])).toHaveLength(1);
  });
});

describe('several registries on one port', () => {
  it("serves each registry its own extensions: another registry's name is refused with 2306", async () => {
    const raw = await rawEppClient(sandbox.server);
    expect(resultCode(await raw.send(loginXml('dotspot-vrsn', 'wrong-password')))).toBe(2200);
    expect(resultCode(await raw.send(loginXml('dotspot-vrsn', 'sandbox-vrsn-1')))).toBe(1000);
    const check = (names: string[]) =>
      `${eppHead}<command><check><domain:check xmlns:domain="urn:ietf:params:xml:ns:domain-1.0">${names.map((n) => `<domain:name>${n}</domain:name>`).join('')}</domain:check></check><clTRID>r-1</clTRID></command></epp>`;
    expect(resultCode(await raw.send(check(['otetest-gamma.com', 'otetest-gamma.net'])))).toBe(1000);
    const refused = await raw.send(check(['otetest-gamma.org']));
    expect(resultCode(refused)).toBe(2306);
    expect(refused).toContain('does not serve');
    // A thin registry keeps no contacts.
    const contactCheck = await raw.send(
      `${eppHead}<command><check><contact:check xmlns:contact="urn:ietf:params:xml:ns:contact-1.0"><contact:id>abc-1</contact:id></contact:check></check><clTRID>r-2</clTRID></command></epp>`,
    );
    expect(resultCode(contactCheck)).toBe(2307);
    raw.close();
  });

  it('a stopped registry drops its sessions and refuses logins while the others work; started again, it serves', async () => {
    const pir = createEppRegistry({
      host: sandbox.server.host,
      port: sandbox.server.port,
      username: 'dotspot-pir',
      password: 'sandbox-pir-1',
      ca: sandbox.server.ca,
      registrarName: 'Dotspot, Inc.',
      connections: 1,
    });
    const centralnic = createEppRegistry({
      host: sandbox.server.host,
      port: sandbox.server.port,
      username: 'dotspot-cnic',
      password: 'sandbox-cnic-1',
      ca: sandbox.server.ca,
      registrarName: 'Dotspot, Inc.',
      connections: 1,
    });
    try {
      expect((await pir.check(['otetest-delta.org']))[0].available).toBe(true);
      await sandbox.server.setRegistryDown('pir-sim', true);
      await expect(pir.check(['otetest-delta.org'])).rejects.toThrow(/down for maintenance/);
      expect((await centralnic.check(['otetest-delta.xyz']))[0].available).toBe(true);
      await sandbox.server.setRegistryDown('pir-sim', false);
      // The client backs off after failed logins (1 s, doubling), so it comes back within its backoff, by itself.
      await expect
        .poll(
          () =>
            pir.check(['otetest-delta.org']).then(
              (answers) => answers[0].available,
              (error: Error) => error.message,
            ),
          { timeout: 10_000 },
        )
        .toBe(true);
    } finally {
      await pir.close();
      await centralnic.close();
    }
  });
});
