/**
 * The EPP client changing registered names at the fake registry: lock, restore from redemption, client hold, auth
 * codes, nameservers, DS records, contacts by role, and glue hosts.
 */
import { describe, expect, it } from 'vitest';
import { childOf, childrenOf, ns, parseXml, pathOf } from '../../api/providers/registry/epp-xml.ts';
import { RegistryHostInUseError } from '../../api/providers/registry/index.ts';
import { daysAgo } from './epp-fake-server.ts';
import { contact, useFakeEppServer } from './epp-test-connection.ts';

const { server, connect } = useFakeEppServer();

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
