import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Contact } from '../../api/contract/contact.ts';
import { loadConfig } from '../../api/config.ts';
import { createEppRegistry, type EppRegistry, eppOptionsFromConfig, parseCents } from '../../api/providers/registry/epp.ts';
import { childOf, childrenOf, ns, parseXml, pathOf } from '../../api/providers/registry/epp-xml.ts';
import { RegistryHostInUseError, RegistryOutcomeUnknownError } from '../../api/providers/registry/index.ts';
import { daysAgo, type FakeEppServer, startFakeEppServer, yearsAhead } from './epp-fake-server.ts';

const contact: Contact = {
  firstName: 'Ada',
  lastName: 'Lovelace & <Co>',
  company: 'Analytical "Engines"',
  address: '1 Main St',
  city: 'Zürich',
  state: 'ZH',
  zip: '8001',
  country: 'CH',
  email: 'ada@example.com',
  phone: '+41445550100',
};
const tlds = new Set(['com', 'net', 'org']);

let server: FakeEppServer;
let registry: EppRegistry;

beforeAll(async () => {
  server = await startFakeEppServer();
});
afterAll(async () => {
  await server.close();
});

function connect(overrides: Partial<Parameters<typeof createEppRegistry>[0]> = {}) {
  registry = createEppRegistry({
    host: '127.0.0.1',
    servername: 'localhost',
    port: server.port,
    username: server.clID,
    password: server.password,
    ca: server.ca,
    registrarName: 'Dotspot, Inc.',
    registrarNames: { 'other-registrar': 'Other Registrar LLC' },
    ...overrides,
  });
  return registry;
}
afterEach(async () => {
  await registry?.close();
});

describe('EPP check', () => {
  it('answers availability, premium prices in cents and why names are unavailable, in the order asked', async () => {
    server.addDomain({ name: 'taken-name.com' });
    server.state.reserved.add('reserved-name.com');
    server.state.premium.set('gold.com', '2500.50');
    const answers = await connect().check(['gold.com', 'Taken-Name.com', 'fresh-name.com', 'reserved-name.com', 'fresh-name.net']);
    expect(answers).toEqual([
      { domain: 'gold.com', available: true, premiumPrice: 250050 },
      { domain: 'taken-name.com', available: false, reason: 'taken' },
      { domain: 'fresh-name.com', available: true },
      { domain: 'reserved-name.com', available: false, reason: 'reserved' },
      { domain: 'fresh-name.net', available: true },
    ]);
  });

  it('checks many names across extensions (the registry takes at most 20 names of one TLD per command)', async () => {
    const names = [...Array.from({ length: 45 }, (_, i) => `bulk-${i}.com`), ...Array.from({ length: 5 }, (_, i) => `bulk-${i}.org`)];
    const answers = await connect().check(names);
    expect(answers.map((a) => a.domain)).toEqual(names);
    expect(answers.every((a) => a.available)).toBe(true);
    const checks = server.state.received.filter((r) => r.command === 'check:domain' && r.names[0]?.startsWith('bulk-'));
    expect(checks.map((c) => c.names.length).sort((a, b) => a - b)).toEqual([5, 5, 20, 20]);
  });

  it('streams each extension as its registry answers, and reports an extension that fails twice without holding up the rest', async () => {
    server.state.failingExtensions.add('org');
    try {
      const groups: string[][] = [];
      const failures: string[][] = [];
      await new Promise<void>((resolve) => {
        let outstanding = 4;
        const settle = (count: number) => {
          outstanding -= count;
          if (outstanding === 0) resolve();
        };
        connect().checkStreaming(['stream-a.com', 'stream-b.com', 'stream-a.net', 'stream-a.org'], {
          onAnswers: (answers) => {
            groups.push(answers.map((a) => a.domain));
            settle(answers.length);
          },
          onFailure: (names) => {
            failures.push(names);
            settle(names.length);
          },
        });
      });
      expect(groups.map((g) => g.sort()).sort()).toEqual([['stream-a.com', 'stream-b.com'], ['stream-a.net']]);
      expect(failures).toEqual([['stream-a.org']]);
      const orgChecks = server.state.received.filter((r) => r.command === 'check:domain' && r.names.includes('stream-a.org'));
      expect(orgChecks).toHaveLength(2);
    } finally {
      server.state.failingExtensions.clear();
    }
  });

  it('leaves premium prices out when the registry offers no fee extension', async () => {
    const plain = await startFakeEppServer({ offerFees: false });
    plain.state.premium.set('gold.com', '2500.00');
    const provider = createEppRegistry({
      host: '127.0.0.1',
      servername: 'localhost',
      port: plain.port,
      username: plain.clID,
      password: plain.password,
      ca: plain.ca,
      registrarName: 'Dotspot, Inc.',
    });
    try {
      expect(await provider.check(['gold.com'])).toEqual([{ domain: 'gold.com', available: true }]);
      expect(plain.state.received.find((r) => r.command === 'login')?.xml).not.toContain('fee-1.0');
    } finally {
      await provider.close();
      await plain.close();
    }
  });
});

describe('EPP register, renew, info and whois', () => {
  it('registers a name with a new registrant contact and nameservers the registry did not know yet', async () => {
    const record = await connect().register({ domain: 'new-shop.com', years: 2, contact, nameservers: ['NS1.Example-DNS.net.', 'ns2.registry-dns.test'] });
    expect(record).toMatchObject({
      domain: 'new-shop.com',
      ours: true,
      registrarName: 'Dotspot, Inc.',
      nameservers: ['ns1.example-dns.net', 'ns2.registry-dns.test'],
    });
    expect(record.expireDate.getUTCFullYear()).toBe(new Date().getUTCFullYear() + 2);
    const registrant = server.state.domains.get('new-shop.com')?.registrant ?? '';
    // Escaped on the way out, intact at the registry; the phone in EPP's +CC.NUMBER form.
    expect(server.state.contacts.get(registrant)).toMatchObject({
      name: 'Ada Lovelace & <Co>',
      org: 'Analytical "Engines"',
      city: 'Zürich',
      asciiCity: 'Zurich',
      voice: '+41.445550100',
    });
    expect(server.state.hosts.has('ns1.example-dns.net')).toBe(true);
  });

  it('registers a premium name by acknowledging the registry price for the whole period', async () => {
    server.state.premium.set('diamond.com', '1000.00');
    const record = await connect().register({ domain: 'diamond.com', years: 3, contact, nameservers: [] });
    expect(record.ours).toBe(true);
    const create = server.state.received.find((r) => r.command === 'create:domain' && r.names[0] === 'diamond.com');
    expect(create?.xml).toContain('3000.00');
  });

  it('says clearly when the name is already registered', async () => {
    server.addDomain({ name: 'already-there.com' });
    await expect(connect().register({ domain: 'already-there.com', years: 1, contact, nameservers: [] })).rejects.toThrow(
      'Could not register already-there.com: it already exists at the registry (EPP 2302 Object exists)',
    );
  });

  it('renews from the current expiry date and reports the new one', async () => {
    const provider = connect();
    const before = await provider.register({ domain: 'renew-me.com', years: 1, contact, nameservers: [] });
    const after = await provider.renew({ domain: 'renew-me.com', years: 2 });
    expect(after.expireDate.getUTCFullYear()).toBe(before.expireDate.getUTCFullYear() + 2);
  });

  it('explains a renewal the registry refuses because the name belongs to another registrar', async () => {
    server.addDomain({ name: 'not-ours.com' });
    await expect(connect().renew({ domain: 'not-ours.com', years: 1 })).rejects.toThrow(/Could not renew not-ours.com: not authorised .*EPP 2201/);
  });

  it('reads a domain and builds WHOIS text; unknown names give null', async () => {
    server.addDomain({ name: 'whois-me.com', ns: ['ns1.registry-dns.test'], statuses: ['clientTransferProhibited'] });
    const provider = connect();
    const record = await provider.info('whois-me.com');
    expect(record).toMatchObject({
      domain: 'whois-me.com',
      ours: false,
      locked: true,
      registrarName: 'Other Registrar LLC',
      nameservers: ['ns1.registry-dns.test'],
    });
    const text = await provider.whois('whois-me.com');
    expect(text).toContain('Domain Name: WHOIS-ME.COM\n');
    expect(text).toContain('Registrar: Other Registrar LLC\n');
    expect(text).toContain('Domain Status: clientTransferProhibited https://icann.org/epp#clientTransferProhibited\n');
    expect(text).toContain('Name Server: NS1.REGISTRY-DNS.TEST\n');
    expect(text).toMatch(/Registry Expiry Date: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/);
    expect(await provider.info('nobody-has-this.com')).toBeNull();
    expect(await provider.whois('nobody-has-this.com')).toBeNull();
  });
});

describe('EPP transfers', () => {
  it('gives the reason a name cannot be transferred in, or the current registrar when it can', async () => {
    server.addDomain({ name: 'movable.com' });
    server.addDomain({ name: 'locked-away.com', statuses: ['clientTransferProhibited'] });
    server.addDomain({ name: 'server-locked.com', statuses: ['serverTransferProhibited'] });
    server.addDomain({ name: 'brand-new.com', crDate: daysAgo(10) });
    server.addDomain({ name: 'just-moved.com', trDate: daysAgo(20) });
    server.addDomain({ name: 'far-future.com', exDate: yearsAhead(9.5) });
    server.addDomain({ name: 'mine-already.com', clID: server.clID });
    server.addDomain({ name: 'on-its-way.com', statuses: ['pendingTransfer'] });
    const provider = connect();
    const reasons = Object.fromEntries(
      await Promise.all(
        [
          'movable.com',
          'locked-away.com',
          'server-locked.com',
          'brand-new.com',
          'just-moved.com',
          'far-future.com',
          'mine-already.com',
          'on-its-way.com',
          'never-registered.com',
          'odd.xyz',
        ].map(async (name) => [name, (await provider.transferCheck(name, tlds)).reason ?? 'ok'] as const),
      ),
    );
    expect(reasons).toEqual({
      'movable.com': 'ok',
      'locked-away.com': 'locked',
      'server-locked.com': 'locked',
      'brand-new.com': 'too-new',
      'just-moved.com': 'too-new',
      'far-future.com': 'too-far-in-the-future',
      'mine-already.com': 'ours',
      'on-its-way.com': 'pending-transfer',
      'never-registered.com': 'not-registered',
      'odd.xyz': 'unsupported-tld',
    });
    expect(await provider.transferCheck('movable.com', tlds)).toMatchObject({ ok: true, registrarName: 'Other Registrar LLC' });
  });

  it('requests a transfer only with the right auth code', async () => {
    server.addDomain({ name: 'incoming.com', pw: 'Right-Code-9' });
    const provider = connect();
    expect(await provider.requestTransfer({ domain: 'incoming.com', authCode: '' })).toEqual({ status: 'auth-code-needed' });
    expect(await provider.requestTransfer({ domain: 'incoming.com', authCode: 'wrong' })).toEqual({ status: 'auth-code-rejected' });
    expect(await provider.requestTransfer({ domain: 'incoming.com', authCode: 'Right-Code-9' })).toEqual({ status: 'pending' });
    expect(server.state.domains.get('incoming.com')?.statuses).toContain('pendingTransfer');
  });

  it('explains a transfer refused because the losing registrar locked the name', async () => {
    server.addDomain({ name: 'held-tight.com', pw: 'Code-1', statuses: ['clientTransferProhibited'] });
    expect(await connect().requestTransfer({ domain: 'held-tight.com', authCode: 'Code-1' })).toEqual({
      status: 'failed',
      reason:
        'Could not request the transfer of held-tight.com: its status prohibits this operation (it may be locked) (EPP 2304 Object status prohibits operation)',
    });
  });

  it('answers a transfer request whose answer was lost as unknown; info then shows the registry holding it for us', async () => {
    server.addDomain({ name: 'lost-reply.com', pw: 'Code-7' });
    server.addDomain({ name: 'someone-elses.com', statuses: ['pendingTransfer'], transfer: { reID: 'third-registrar', status: 'pending' } });
    const provider = connect();
    server.state.loseAnswerNext = 'transfer-request:domain';
    expect(await provider.requestTransfer({ domain: 'lost-reply.com', authCode: 'Code-7' })).toEqual({
      status: 'unknown',
      reason: 'Could not request the transfer of lost-reply.com: EPP connection to 127.0.0.1 dropped before the registry answered',
    });
    expect(await provider.info('lost-reply.com')).toMatchObject({ ours: false, transferPending: true });
    // A transfer another registrar asked for is not ours to pay for.
    expect(await provider.info('someone-elses.com')).toMatchObject({ ours: false, transferPending: false });
    // Sent once: a mutation is never resent after a drop.
    expect(server.state.received.filter((r) => r.command === 'transfer-request:domain' && r.names[0] === 'lost-reply.com')).toHaveLength(1);
  });
});

describe('EPP message queue', () => {
  it('reads transfer notices oldest first, keeps each until it is acknowledged, and tells ours from notices about names leaving us', async () => {
    const provider = connect();
    server.state.messages.length = 0;
    expect(await provider.pollMessage()).toBeNull();

    server.addDomain({ name: 'arriving.com', pw: 'Code-A', exDate: new Date(Date.UTC(2027, 2, 1)) });
    server.addDomain({ name: 'refused-here.com', pw: 'Code-B' });
    server.addDomain({ name: 'leaving-us.com', clID: server.clID, statuses: ['pendingTransfer'], transfer: { reID: 'other-registrar', status: 'pending' } });
    expect(await provider.requestTransfer({ domain: 'arriving.com', authCode: 'Code-A' })).toEqual({ status: 'pending' });
    expect(await provider.requestTransfer({ domain: 'refused-here.com', authCode: 'Code-B' })).toEqual({ status: 'pending' });
    const approved = server.settleTransfer('arriving.com', 'serverApproved');
    const rejected = server.settleTransfer('refused-here.com', 'clientRejected');
    const away = server.enqueue(
      'Transfer requested.',
      `<domain:trnData xmlns:domain="${ns.domain}"><domain:name>leaving-us.com</domain:name><domain:trStatus>pending</domain:trStatus><domain:reID>other-registrar</domain:reID><domain:reDate>2026-01-10T00:00:00.0Z</domain:reDate><domain:acID>${server.clID}</domain:acID><domain:acDate>2026-01-15T00:00:00.0Z</domain:acDate></domain:trnData>`,
    );
    const notice = server.enqueue('Scheduled maintenance on Sunday.');

    const first = await provider.pollMessage();
    expect(first).toMatchObject({
      id: approved,
      text: 'Transfer completed.',
      transfer: { domain: 'arriving.com', status: 'completed', inbound: true, expireDate: new Date(Date.UTC(2028, 2, 1)) },
    });
    expect(first?.date).toBeInstanceOf(Date);
    // Not acknowledged: the registry hands out the same message again.
    expect((await provider.pollMessage())?.id).toBe(approved);
    await provider.ackMessage(approved);
    expect(await provider.pollMessage()).toMatchObject({ id: rejected, transfer: { domain: 'refused-here.com', status: 'rejected', inbound: true } });
    await provider.ackMessage(rejected);
    // Acknowledging again (a resent ack) is harmless.
    await provider.ackMessage(rejected);
    expect(await provider.pollMessage()).toMatchObject({ id: away, transfer: { domain: 'leaving-us.com', status: 'pending', inbound: false } });
    await provider.ackMessage(away);
    const plain = await provider.pollMessage();
    expect(plain).toMatchObject({ id: notice, text: 'Scheduled maintenance on Sunday.' });
    expect(plain?.transfer).toBeUndefined();
    await provider.ackMessage(notice);
    expect(await provider.pollMessage()).toBeNull();

    const acks = server.state.received.filter((r) => r.command === 'poll-ack');
    expect(acks.map((r) => /msgID="(\d+)"/.exec(r.xml)?.[1])).toEqual([approved, rejected, rejected, away, notice]);
    // After the approval the name is ours at the registry, with the year the transfer added.
    expect(await provider.info('arriving.com')).toMatchObject({ ours: true, expireDate: new Date(Date.UTC(2028, 2, 1)) });
    expect(await provider.info('refused-here.com')).toMatchObject({ ours: false });
  });

  it('asks for the head of the queue again after a dropped connection (reading it changes nothing)', async () => {
    const provider = connect();
    server.state.messages.length = 0;
    const id = server.enqueue('Hello again.');
    const before = server.state.received.filter((r) => r.command === 'poll-req').length;
    server.state.dropNext = 'poll-req';
    expect((await provider.pollMessage())?.id).toBe(id);
    expect(server.state.received.filter((r) => r.command === 'poll-req').length - before).toBe(2);
    await provider.ackMessage(id);
    expect(server.state.messages).toEqual([]);
  });
});

describe('EPP registrations with an unknown outcome', () => {
  it('reports a create whose answer was lost as unknown, and info tells that the name is ours', async () => {
    const provider = connect();
    server.state.loseAnswerNext = 'create:domain';
    const lost = provider.register({ domain: 'answer-lost.com', years: 1, contact, nameservers: [] });
    await expect(lost).rejects.toBeInstanceOf(RegistryOutcomeUnknownError);
    await expect(lost).rejects.toThrow('Could not register answer-lost.com: EPP connection to 127.0.0.1 dropped before the registry answered');
    expect(await provider.info('answer-lost.com')).toMatchObject({ domain: 'answer-lost.com', ours: true });
  });

  it('reports a create cut off on the way as unknown too, and info tells that nothing happened', async () => {
    const provider = connect();
    server.state.dropNext = 'create:domain';
    await expect(provider.register({ domain: 'never-arrived.com', years: 1, contact, nameservers: [] })).rejects.toBeInstanceOf(RegistryOutcomeUnknownError);
    expect(await provider.info('never-arrived.com')).toBeNull();
  });

  it('says a registration the registry refused is a plain failure, not an unknown one', async () => {
    server.addDomain({ name: 'plainly-taken.com' });
    const refused = connect().register({ domain: 'plainly-taken.com', years: 1, contact, nameservers: [] });
    await expect(refused).rejects.toThrow('already exists at the registry');
    await expect(refused).rejects.not.toBeInstanceOf(RegistryOutcomeUnknownError);
  });
});

describe('EPP placeholder nameservers', () => {
  it('refuses to start with the sandbox placeholder nameservers (the default of DEFAULT_NAMESERVERS)', () => {
    const config = loadConfig({ EPP_HOST: 'epp.registry.test', EPP_USERNAME: 'dotspot', EPP_PASSWORD: 'pw' });
    expect(() => createEppRegistry(eppOptionsFromConfig(config))).toThrow(
      'The EPP registry cannot start with these default nameservers: NS1.DOTSPOT.EXAMPLE, NS2.DOTSPOT.EXAMPLE are placeholders (.example); set DEFAULT_NAMESERVERS to your real nameservers',
    );
    const configured = loadConfig({ EPP_HOST: 'epp.registry.test', DEFAULT_NAMESERVERS: 'ns1.registry-dns.test, ns2.registry-dns.test' });
    const provider = createEppRegistry(eppOptionsFromConfig(configured));
    expect(provider.defaultNameservers).toEqual(['ns1.registry-dns.test', 'ns2.registry-dns.test']);
    void provider.close();
  });

  it('refuses to register a name with a .example nameserver, before sending anything', async () => {
    const provider = connect();
    const before = server.state.received.length;
    await expect(
      provider.register({ domain: 'placeholder-ns.com', years: 1, contact, nameservers: ['ns1.registry-dns.test', 'NS2.DOTSPOT.EXAMPLE.'] }),
    ).rejects.toThrow(
      'Refusing to register placeholder-ns.com: ns2.dotspot.example is a placeholder (.example); set DEFAULT_NAMESERVERS to your real nameservers',
    );
    expect(server.state.received.length).toBe(before);
  });
});

describe('EPP as the losing registrar, and WHOIS privacy', () => {
  it('approves or rejects another registrar’s transfer of one of our names', async () => {
    const provider = connect();
    server.addDomain({ name: 'going-away.com', clID: server.clID, statuses: ['pendingTransfer'], transfer: { reID: 'other-registrar', status: 'pending' } });
    server.addDomain({ name: 'staying-here.com', clID: server.clID, statuses: ['pendingTransfer'], transfer: { reID: 'other-registrar', status: 'pending' } });
    await provider.approveTransfer('going-away.com');
    await provider.rejectTransfer('staying-here.com');
    expect(await provider.info('going-away.com')).toMatchObject({ ours: false });
    expect(await provider.info('staying-here.com')).toMatchObject({ ours: true, statuses: ['ok'] });
    // Nothing pending any more: the registry refuses a second answer.
    await expect(provider.rejectTransfer('staying-here.com')).rejects.toThrow(/not pending transfer/i);
  });

  it('turns WHOIS privacy on and off through the registrant contact’s disclose flag', async () => {
    const provider = connect();
    await provider.register({ domain: 'private-me.com', years: 1, contact, nameservers: [] });
    const registrant = server.state.domains.get('private-me.com')?.registrant ?? '';
    await provider.setWhoisPrivacy('private-me.com', false, contact);
    expect(server.state.contacts.get(registrant)?.disclose).toBe(true);
    await provider.setWhoisPrivacy('private-me.com', true, contact);
    expect(server.state.contacts.get(registrant)?.disclose).toBe(false);
  });
});

describe('EPP lock, auth code and nameservers', () => {
  it('locks and unlocks a domain, and repeating either is harmless', async () => {
    const provider = connect();
    await provider.register({ domain: 'lock-me.com', years: 1, contact, nameservers: [] });
    await provider.setLock('lock-me.com', true);
    await provider.setLock('lock-me.com', true);
    expect((await provider.info('lock-me.com'))?.locked).toBe(true);
    await provider.setLock('lock-me.com', false);
    await provider.setLock('lock-me.com', false);
    expect((await provider.info('lock-me.com'))?.locked).toBe(false);
  });

  it('restores a name from redemption with an RGP restore request and its report (RFC 3915)', async () => {
    server.addDomain({ name: 'restore-me.com', clID: server.clID, statuses: ['pendingDelete', 'redemptionPeriod'] });
    const provider = connect();
    await provider.restore({
      domain: 'restore-me.com',
      deletedAt: daysAgo(10),
      whoisBefore: 'Registrant: Ada',
      whoisNow: 'Registrant: Ada',
      reason: 'Registrant error.',
    });
    expect((await provider.info('restore-me.com'))?.statuses).toEqual(['ok']);
    const sent = server.state.received.filter((r) => r.command === 'update:domain' && r.names.includes('restore-me.com')).map((r) => r.xml);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toContain('<rgp:restore op="request"/>');
    expect(sent[1]).toContain('<rgp:restore op="report">');
    expect(sent[1]).toContain('<rgp:resReason>Registrant error.</rgp:resReason>');
    expect(sent[1].match(/<rgp:statement>/g)).toHaveLength(2);
    // A name that is not in redemption is refused by the registry, and said so.
    server.addDomain({ name: 'not-deleted.com', clID: server.clID });
    await expect(
      provider.restore({ domain: 'not-deleted.com', deletedAt: daysAgo(1), whoisBefore: 'x', whoisNow: 'x', reason: 'Registrant error.' }),
    ).rejects.toThrow(/Could not restore not-deleted.com/);
  });

  it('puts a domain on hold and takes it off (clientHold), and repeating either is harmless', async () => {
    const provider = connect();
    await provider.register({ domain: 'hold-me.com', years: 1, contact, nameservers: [] });
    await provider.setClientHold('hold-me.com', true);
    await provider.setClientHold('hold-me.com', true);
    expect((await provider.info('hold-me.com'))?.statuses).toContain('clientHold');
    await provider.setClientHold('hold-me.com', false);
    await provider.setClientHold('hold-me.com', false);
    expect((await provider.info('hold-me.com'))?.statuses).not.toContain('clientHold');
  });

  it('reads the auth code and regenerates a new one the registry accepts', async () => {
    const provider = connect();
    await provider.register({ domain: 'code-me.com', years: 1, contact, nameservers: [] });
    const first = await provider.authCode('code-me.com');
    const second = await provider.authCode('code-me.com', true);
    expect(first).toHaveLength(16);
    expect(second).not.toBe(first);
    expect(await provider.authCode('code-me.com')).toBe(second);
    expect(second).toMatch(/[A-Z]/);
    expect(second).toMatch(/[a-z]/);
    expect(second).toMatch(/\d/);
  });

  it('replaces nameservers, adding and removing only what changed', async () => {
    const provider = connect();
    await provider.register({ domain: 'dns-me.com', years: 1, contact, nameservers: ['ns1.registry-dns.test', 'ns2.registry-dns.test'] });
    await provider.setNameservers('dns-me.com', ['ns2.registry-dns.test', 'ns.brand-new-dns.org']);
    expect((await provider.info('dns-me.com'))?.nameservers.sort()).toEqual(['ns.brand-new-dns.org', 'ns2.registry-dns.test']);
    const update = server.state.received.filter((r) => r.command === 'update:domain' && r.names[0] === 'dns-me.com').at(-1);
    expect(update?.xml).not.toContain('<domain:hostObj>ns2.registry-dns.test</domain:hostObj>');
  });

  it('replaces the DS set with RFC 5910 secDNS (remove all, add the new set) and turns DNSSEC off with remove-all alone', async () => {
    const provider = connect();
    await provider.register({ domain: 'sign-me.com', years: 1, contact, nameservers: [] });
    const digest = 'A'.repeat(64);
    await provider.updateDsRecords({ domain: 'sign-me.com', dsRecords: [{ keyTag: 12345, algorithm: 13, digestType: 2, digest }] });
    await provider.updateDsRecords({
      domain: 'sign-me.com',
      dsRecords: [
        { keyTag: 2371, algorithm: 8, digestType: 4, digest: 'B'.repeat(96) },
        { keyTag: 12345, algorithm: 13, digestType: 2, digest },
      ],
    });
    expect(server.state.domains.get('sign-me.com')?.ds).toEqual([
      { keyTag: 2371, alg: 8, digestType: 4, digest: 'B'.repeat(96) },
      { keyTag: 12345, alg: 13, digestType: 2, digest },
    ]);
    const update = server.state.received.filter((r) => r.command === 'update:domain' && r.names[0] === 'sign-me.com').at(-1);
    const secDns = childOf(pathOf(parseXml(update!.xml), [ns.epp, 'command'], [ns.epp, 'extension']), ns.secDNS, 'update');
    expect(secDns?.children.map((child) => child.name)).toEqual(['rem', 'add']);
    expect(pathOf(secDns, [ns.secDNS, 'rem'], [ns.secDNS, 'all'])?.text).toBe('true');
    const first = childrenOf(childOf(secDns, ns.secDNS, 'add'), ns.secDNS, 'dsData')[0];
    expect(first.children.map((child) => [child.name, child.text])).toEqual([
      ['keyTag', '2371'],
      ['alg', '8'],
      ['digestType', '4'],
      ['digest', 'B'.repeat(96)],
    ]);

    // info reads the set back (secDNS infData), so an update whose answer was lost can be checked.
    expect((await provider.info('sign-me.com'))?.dsRecords).toEqual([
      { keyTag: 2371, algorithm: 8, digestType: 4, digest: 'B'.repeat(96) },
      { keyTag: 12345, algorithm: 13, digestType: 2, digest },
    ]);
    expect(await provider.whois('sign-me.com')).toContain('DNSSEC: signedDelegation');

    await provider.updateDsRecords({ domain: 'sign-me.com', dsRecords: [] });
    expect(server.state.domains.get('sign-me.com')?.ds).toEqual([]);
    expect(server.state.received.at(-1)?.xml).not.toContain('secDNS:add');
  });

  it('refuses DS records at a registry that does not offer secDNS-1.1, before sending anything', async () => {
    const provider = connect({ extURIs: [ns.fee] });
    await provider.register({ domain: 'no-sec.com', years: 1, contact, nameservers: [] });
    const sent = server.state.received.length;
    await expect(provider.updateDsRecords({ domain: 'no-sec.com', dsRecords: [] })).rejects.toThrow(
      'The registry does not take DNSSEC records for no-sec.com (no secDNS-1.1 extension)',
    );
    expect(server.state.received.length).toBe(sent);
  });

  it('says a domain is not registered when changing one that does not exist', async () => {
    await expect(connect().setLock('ghost-domain.com', true)).rejects.toThrow('ghost-domain.com is not registered');
  });
});

describe('EPP contacts', () => {
  it('gives a role its own contact object while another role shares the old one, and updates an unshared one in place', async () => {
    const provider = connect();
    await provider.register({ domain: 'contacts-me.com', years: 1, contact, nameservers: [] });
    const domain = () => server.state.domains.get('contacts-me.com')!;
    const original = domain().registrant!;
    expect(domain().contacts).toEqual({ admin: original, tech: original, billing: original });

    // The admin changes alone: the registrant, tech and billing keep the shared object untouched.
    await provider.updateContacts('contacts-me.com', { admin: { ...contact, firstName: 'Adam', lastName: 'Admin', email: 'adam@example.org' } });
    const admin = domain().contacts!.admin;
    expect(admin).not.toBe(original);
    expect(server.state.contacts.get(admin)).toMatchObject({ name: 'Adam Admin', email: 'adam@example.org' });
    expect(server.state.contacts.get(original)?.name).toBe('Ada Lovelace & <Co>');
    expect(domain()).toMatchObject({ registrant: original, contacts: { tech: original, billing: original } });

    // Now the admin's object is its own: changed in place (contact:update), no new object.
    const objects = server.state.contacts.size;
    await provider.updateContacts('contacts-me.com', { admin: { ...contact, firstName: 'Avery', lastName: 'Admin', email: 'adam@example.org' } });
    expect(server.state.contacts.size).toBe(objects);
    expect(server.state.contacts.get(admin)?.name).toBe('Avery Admin');

    // Every role that shares the old object moves to the same details: one contact:update; repeating it is harmless.
    const moved = { ...contact, firstName: 'Nina', lastName: 'New', city: 'Basel', email: 'nina@example.com' };
    await provider.updateContacts('contacts-me.com', { registrant: moved, tech: moved, billing: moved });
    await provider.updateContacts('contacts-me.com', { registrant: moved, tech: moved, billing: moved });
    expect(domain().registrant).toBe(original);
    expect(server.state.contacts.get(original)).toMatchObject({ name: 'Nina New', city: 'Basel', email: 'nina@example.com' });

    // The registrant alone, while tech and billing still share its object: a new registrant object (domain:update chg).
    await provider.updateContacts('contacts-me.com', { registrant: { ...moved, lastName: 'Owner' } });
    expect(domain().registrant).not.toBe(original);
    expect(server.state.contacts.get(domain().registrant!)?.name).toBe('Nina Owner');
    expect(domain().contacts).toMatchObject({ tech: original, billing: original, admin });
  });
});

describe('glue (custom nameservers)', () => {
  it('creates a host with its addresses, changes them with add and rem, and refuses to delete it while a domain uses it', async () => {
    const registry = connect();
    server.addDomain({ name: 'glue-me.com', clID: server.clID, ns: ['ns1.registry-dns.test'] });
    await registry.setHost('NS1.Glue-Me.com', ['203.0.113.53', '2001:DB8::53']);
    expect(server.state.hostAddrs.get('ns1.glue-me.com')).toEqual(['203.0.113.53', '2001:DB8::53']);
    await registry.setHost('ns1.glue-me.com', ['203.0.113.54', '2001:DB8::53']);
    expect(server.state.hostAddrs.get('ns1.glue-me.com')).toEqual(['2001:DB8::53', '203.0.113.54']);
    const update = server.state.received.filter((r) => r.command === 'update:host').at(-1);
    expect(update?.xml).toContain('<host:rem><host:addr ip="v4">203.0.113.53</host:addr></host:rem>');
    // Unchanged: no update goes out.
    const updates = server.state.received.filter((r) => r.command === 'update:host').length;
    await registry.setHost('ns1.glue-me.com', ['203.0.113.54', '2001:db8::53']);
    expect(server.state.received.filter((r) => r.command === 'update:host').length).toBe(updates);

    await registry.setNameservers('glue-me.com', ['ns1.glue-me.com', 'ns1.registry-dns.test']);
    await expect(registry.deleteHost('ns1.glue-me.com')).rejects.toBeInstanceOf(RegistryHostInUseError);
    await registry.setNameservers('glue-me.com', ['ns1.registry-dns.test', 'ns2.registry-dns.test']);
    await registry.deleteHost('ns1.glue-me.com');
    expect(server.state.hosts.has('ns1.glue-me.com')).toBe(false);
    // Already gone is what we wanted.
    await registry.deleteHost('ns1.glue-me.com');
  });
});

describe('fee amounts', () => {
  it('converts registry decimal fees to integer cents exactly', () => {
    expect(parseCents('10')).toBe(1000);
    expect(parseCents('10.5')).toBe(1050);
    expect(parseCents('0.07')).toBe(7);
    expect(parseCents('19.995')).toBe(2000);
    expect(parseCents('1234567.89')).toBe(123456789);
    expect(parseCents('-1.00')).toBeNull();
    expect(parseCents('ten')).toBeNull();
  });
});
