/**
 * The EPP client checking and registering names against the fake registry: availability and premium prices (with and
 * without the fee extension), registration, renewal, info and WHOIS text, registrations whose outcome is unknown, the
 * placeholder nameservers it refuses, and fee amounts in cents.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/config.ts';
import { createEppRegistry, eppOptionsFromConfig, parseCents } from '../../api/providers/registry/epp.ts';
import { RegistryOutcomeUnknownError } from '../../api/providers/registry/index.ts';
import { startFakeEppServer } from './epp-fake-server.ts';
import { contact, useFakeEppServer } from './epp-test-connection.ts';

const { server, connect } = useFakeEppServer();

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
