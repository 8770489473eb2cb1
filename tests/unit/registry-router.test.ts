import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ConnectionSettings, connectionSettings, createEppRouter, describeConnections } from '../../api/providers/registry/connections.ts';
import { collectAnswers } from '../../api/providers/registry/index.ts';
import { describeCommand } from '../../api/providers/registry/registry-monitor.ts';
import { assignExtensions, parseRegistries, registriesPath, registryVariable } from '../../api/providers/registry/registries-file.ts';
import { RegistryUnavailableError, type RegistryRouter } from '../../api/providers/registry/router.ts';
import { type FakeEppServer, startFakeEppServer } from './epp-fake-server.ts';

const contact = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+14155550100',
  address: '1 Main St',
  city: 'Springfield',
  postalCode: '12345',
  country: 'US',
} as never;

describe('content/registries.csv', () => {
  it('ships sandbox rows for several registries, one of them serving every other extension', () => {
    const rows = parseRegistries(readFileSync(registriesPath, 'utf8'));
    const sandbox = rows.filter((row) => row.mode === 'sandbox');
    expect(sandbox.length).toBeGreaterThanOrEqual(3);
    const { byExtension, unserved } = assignExtensions(sandbox, ['com', 'net', 'org', 'io', 'shop', 'xyz']);
    expect(byExtension.get('com')).toBe('verisign');
    expect(byExtension.get('org')).toBe('pir');
    expect(byExtension.get('shop')).toBe('identity-digital');
    expect(byExtension.get('xyz')).toBe('centralnic');
    expect(unserved).toEqual([]);
    expect(sandbox.find((row) => row.name === 'verisign')?.contacts).toBe('none');
  });

  it('names the line of a mistake and what to write', () => {
    const header = 'name,mode,extensions,host,port,username,sessions,commands_per_second,contacts,cert_file,key_file,ca_file';
    expect(() => parseRegistries(`# comment\n${header}\nVeri Sign,live,com,epp.example.net,700,me,2,10,none,,,`)).toThrow(
      'content/registries.csv line 3: the name "Veri Sign" must be lower-case',
    );
    expect(() => parseRegistries(`${header}\na,live,com,h,700,me,2,10,thin,,,`)).toThrow('contacts must be required or none, not "thin"');
    const rows = parseRegistries(`${header}\na,live,com net,h,,me,,,,,,\nb,live,com,h,700,me,2,10,none,,,`);
    expect(rows[0]).toMatchObject({ port: 700, sessions: 2, contacts: 'required' });
    expect(() => assignExtensions(rows, ['com'])).toThrow('.com is served by both a and b');
  });

  it('reads how many names a connection checks per command, 20 when the column is empty or the file predates it', () => {
    const header = 'name,mode,extensions,host,port,username,sessions,commands_per_second,contacts,cert_file,key_file,ca_file';
    const rows = parseRegistries(`${header},check_names\na,live,com,h,700,me,2,10,none,,,,50\nb,live,org,h,700,me,2,10,none,,,,`);
    expect(rows.map((row) => row.checkNames)).toEqual([50, undefined]);
    expect(parseRegistries(`${header}\nc,live,net,h,700,me,2,10,none,,,`)[0].checkNames).toBeUndefined();
    expect(() => parseRegistries(`${header},check_names\na,live,com,h,700,me,2,10,none,,,,many`)).toThrow(
      'check_names must be a whole number above 0, not "many"',
    );
    const shipped = parseRegistries(readFileSync(registriesPath, 'utf8')).filter((row) => row.mode === 'sandbox');
    expect(shipped.map((row) => row.checkNames)).toEqual([50, 50, 50, 50]);
  });

  it('reads secrets from variables named after the connection and skips a live row without its password', () => {
    expect(registryVariable('verisign-grs', 'NEW_PASSWORD')).toBe('REGISTRY_VERISIGN_GRS_NEW_PASSWORD');
    const header = 'name,mode,extensions,host,port,username,sessions,commands_per_second,contacts,cert_file,key_file,ca_file';
    const rows = parseRegistries(`${header}\nverisign,live,com net,epp.example.net,700,me,2,10,none,,,\npir,live,org,epp.example.org,700,me,2,10,required,,,`);
    const env = { REGISTRY_VERISIGN_PASSWORD: 'pw1', REGISTRY_VERISIGN_NEW_PASSWORD: 'pw2' };
    const { settings, skipped } = connectionSettings(rows, 'live', env);
    expect(settings.map((s) => [s.name, s.password, s.newPassword])).toEqual([['verisign', 'pw1', 'pw2']]);
    expect(skipped).toEqual(['pir (set REGISTRY_PIR_PASSWORD)']);
    // EPP_HOST stays a one-row shorthand: the `default` connection serving every extension no row names.
    const withHost = connectionSettings(rows, 'live', env, {
      config: { EPP_HOST: 'epp.example.com', EPP_PORT: 700, EPP_USERNAME: 'u', EPP_PASSWORD: 'p', EPP_TLS_CA_FILE: undefined },
    });
    expect(withHost.settings.map((s) => [s.name, s.extensions])).toEqual([
      ['verisign', ['com', 'net']],
      ['default', ['*']],
    ]);
  });
});

describe('describeCommand', () => {
  it('names the command and its object as the command log keeps them', () => {
    expect(describeCommand('<epp><command><create><domain:create xmlns:domain="x"><domain:name>a.com</domain:name></domain:create></create>')).toEqual({
      command: 'domain create',
      object: 'a.com',
    });
    expect(describeCommand('<command><transfer op="request"><domain:transfer><domain:name>b.org</domain:name>').command).toBe('domain transfer request');
    expect(describeCommand('<command><check><domain:check><domain:name>a.com</domain:name><domain:name>b.com</domain:name>').object).toBe('a.com (+1)');
    expect(describeCommand('<command><poll op="req"/>')).toEqual({ command: 'poll req', object: null });
  });
});

describe('the registry router over EPP', () => {
  let thin: FakeEppServer;
  let thick: FakeEppServer;
  let router: RegistryRouter;

  const row = (name: string, server: FakeEppServer, extensions: string[], contacts: 'required' | 'none'): ConnectionSettings => ({
    name,
    mode: 'live',
    extensions,
    host: '127.0.0.1',
    port: server.port,
    username: server.clID,
    password: server.password,
    sessions: 1,
    commandsPerSecond: 1000,
    contacts,
    ca: Buffer.from(server.ca),
    line: 1,
  });

  beforeAll(async () => {
    thin = await startFakeEppServer({ clID: 'thin-reg', pw: 'thin-pw', thin: true });
    thick = await startFakeEppServer({ clID: 'thick-reg', pw: 'thick-pw' });
  });
  afterAll(async () => {
    await thick.close();
    await thin.close().catch(() => undefined);
  });
  afterEach(async () => {
    await router?.close();
  });

  function start(settings: ConnectionSettings[] = [row('verisign', thin, ['com', 'net'], 'none'), row('pir', thick, ['org'], 'required')]) {
    router = createEppRouter({
      settings: settings.map((s) => ({ ...s, servername: 'localhost' })),
      catalogue: ['com', 'net', 'org', 'shop'],
      db: null,
      registrarName: 'Dotspot, Inc.',
      defaultNameservers: [],
      tuning: { connectTimeoutMs: 1000, commandTimeoutMs: 2000 },
    });
    return router;
  }

  it('sends each name to the registry of its extension, batched per connection, and does not sell the rest', async () => {
    start();
    const before = { thin: thin.state.received.length, thick: thick.state.received.length };
    const answers = await router.check(['one-free-name.com', 'two-free-name.net', 'three-free-name.org', 'four-free-name.shop']);
    expect(answers.map((a) => [a.domain, a.available, a.reason])).toEqual([
      ['one-free-name.com', true, undefined],
      ['two-free-name.net', true, undefined],
      ['three-free-name.org', true, undefined],
      ['four-free-name.shop', false, 'not-offered'],
    ]);
    const thinChecks = thin.state.received.slice(before.thin).filter((r) => r.command === 'check:domain');
    const thickChecks = thick.state.received.slice(before.thick).filter((r) => r.command === 'check:domain');
    expect(thinChecks.flatMap((r) => r.names).sort()).toEqual(['one-free-name.com', 'two-free-name.net']);
    expect(thickChecks.flatMap((r) => r.names)).toEqual(['three-free-name.org']);
    expect(router.connectionOf('.NET')).toBe('verisign');
    expect(router.connectionOf('shop')).toBeNull();
    expect(describeConnections(router).join('\n')).toContain('not for sale, no registry connection: .shop');
    await expect(router.register({ domain: 'x-name.shop', years: 1, contact, nameservers: [] })).rejects.toThrow('No registry connection serves .shop');
  });

  it('creates a name at a thin registry without contacts and at a thick one with them', async () => {
    start();
    await router.register({ domain: 'thin-buy.com', years: 1, contact, nameservers: [] });
    await router.register({ domain: 'thick-buy.org', years: 1, contact, nameservers: [] });
    expect(thin.state.domains.get('thin-buy.com')?.registrant).toBe('');
    expect(thin.state.received.some((r) => r.command === 'create:contact')).toBe(false);
    expect(thick.state.domains.get('thick-buy.org')?.registrant).toMatch(/^DS/);
    const [verisign] = router.connections();
    expect(verisign).toMatchObject({ name: 'verisign', sessionsUp: 1, serverId: 'Fake Registry EPP', down: false });
    expect(verisign.commandsLastHour).toBeGreaterThan(0);
  });

  it('creates a premium name with the fee the customer was shown and refuses it when the registry now asks more', async () => {
    start();
    thick.state.premium.set('gold-name.org', '250.00');
    thick.state.premium.set('silver-name.org', '300.00');
    await router.register({ domain: 'gold-name.org', years: 1, contact, nameservers: [], shownPrice: 25000 });
    expect(thick.state.domains.has('gold-name.org')).toBe(true);
    await expect(router.register({ domain: 'silver-name.org', years: 1, contact, nameservers: [], shownPrice: 25000 })).rejects.toThrow('EPP 2004');
    expect(thick.state.domains.has('silver-name.org')).toBe(false);
    // Sold at the standard price, now premium: refused before the create goes out, as a transfer would be.
    thick.state.premium.set('bronze-name.org', '90.00');
    await expect(router.register({ domain: 'bronze-name.org', years: 1, contact, nameservers: [], shownPrice: null })).rejects.toThrow(
      'The registry now prices the registration of bronze-name.org as premium (90.00 USD)',
    );
    expect(thick.state.received.some((r) => r.command === 'create:domain' && r.names[0] === 'bronze-name.org')).toBe(false);
  });

  it('a paused connection refuses its extensions while the others keep answering', async () => {
    start();
    router.setPauses(new Map([['pir', { reason: 'registry maintenance', pausedAt: new Date() }]]));
    await expect(router.register({ domain: 'paused-buy.org', years: 1, contact, nameservers: [] })).rejects.toBeInstanceOf(RegistryUnavailableError);
    await expect(router.check(['paused-name.org'])).rejects.toThrow('paused (registry maintenance)');
    expect((await router.check(['open-name.com']))[0].available).toBe(true);
    expect(router.connections().find((c) => c.name === 'pir')?.paused?.reason).toBe('registry maintenance');
    router.setPauses(new Map());
    expect((await router.check(['open-name.org']))[0].available).toBe(true);
  });

  it('logs in with a new password once and keeps using it', async () => {
    const server = await startFakeEppServer({ clID: 'rotating', pw: 'old-pw' });
    try {
      start([{ ...row('rotating', server, ['com'], 'required'), password: 'old-pw', newPassword: 'new-pw', sessions: 2 }]);
      await router.check(['a-rotated.com', 'b-rotated.com', 'c-rotated.com']);
      server.cutConnections();
      expect((await router.check(['d-rotated.com']))[0].available).toBe(true);
      const logins = server.state.received.filter((r) => r.command === 'login').length;
      expect(logins).toBeGreaterThanOrEqual(2);
    } finally {
      await router.close();
      await server.close();
    }
  });

  it('a registry that is down affects only its own extensions', async () => {
    start();
    await thin.close();
    const answers = new Map<string, boolean>();
    const failed: string[] = [];
    let failure: unknown;
    await new Promise<void>((resolve) => {
      let outstanding = 2;
      router.checkStreaming(['down-name.com', 'up-name.org'], {
        onAnswers(list) {
          for (const a of list) answers.set(a.domain, a.available);
          if (--outstanding === 0) resolve();
        },
        onFailure(names, error) {
          failed.push(...names);
          failure = error;
          if (--outstanding === 0) resolve();
        },
      });
    });
    expect(answers.get('up-name.org')).toBe(true);
    expect(failed).toEqual(['down-name.com']);
    expect(failure).toBeInstanceOf(RegistryUnavailableError);
    await expect(collectAnswers(router.checkStreaming, ['down-name.com'])).rejects.toThrow('The registry verisign did not answer');
    // After two failed connects in a row it backs off: commands fail at once instead of connecting again each time.
    await expect(router.check(['down-again.com'])).rejects.toThrow(/unreachable; trying again in \d+ s/);
    const verisign = router.connections().find((c) => c.name === 'verisign');
    expect(verisign?.down).toBe(true);
    expect(verisign?.lastError?.message).toMatch(/connect/i);
  });
});
