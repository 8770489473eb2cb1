/** RDAP (/rdap): what an RDAP client, a browser on another origin and the /whois page see for the domains we sponsor. */
import { eq } from 'drizzle-orm';
import { JSONPath } from 'jsonpath-plus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../api/config.ts';
import { findUnsafeProviderMix } from '../../../api/provider-mix.ts';
import { accounts, domains, registeredNameservers, registryDomains } from '../../../api/db/schema/index.ts';
import { rdapLookupsPerMinute } from '../../../api/services/rdap/rdap.ts';
import { demoContact } from '../../../api/services/platform/seed.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { realProviderEnv } from '../../fixtures/real-providers.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
let owner: TestClient;
const ids: Record<string, number> = {};
/** The public origin (sandbox: http://localhost:PORT); requests arrive for http://localhost, so links must not follow Host. */
let origin: string;
const created = new Date('2025-10-18T09:30:00Z');
const modified = new Date('2026-01-05T12:00:00Z');
const expires = new Date('2027-10-18T09:30:00Z');

let address = 0;
/** Each test asks from its own address, so the per-address limit of one test does not reach another. */
const visitor = () => t.client({ ip: `203.0.113.${++address}` });

async function addDomain(domain: string, fields: Partial<typeof domains.$inferInsert>, accountId: number) {
  const [row] = await t.db
    .insert(domains)
    .values({
      accountId,
      domain,
      createDate: created,
      modifyDate: modified,
      expireDate: expires,
      ns: ['NS1.DOTSPOT.EXAMPLE', 'NS2.DOTSPOT.EXAMPLE'],
      ...fields,
    })
    .returning();
  await t.db
    .insert(registryDomains)
    .values({
      domain,
      registrarName: 'Dotspot, Inc.',
      ours: true,
      authCode: 'test-auth-code',
      nameservers: row.ns,
      createDate: created,
      modifyDate: modified,
      expireDate: expires,
    })
    .onConflictDoNothing();
  ids[domain] = row.domainId;
  return row;
}

const registrantOf = (body: any) => body.entities.find((e: any) => e.roles.includes('registrant'));
const registrarOf = (body: any) => body.entities.find((e: any) => e.roles.includes('registrar'));
const vcardValue = (entity: any, name: string) => entity.vcardArray[1].find((p: any[]) => p[0] === name)?.[3];
const redactedTypes = (body: any) => (body.redacted ?? []).map((r: any) => r.name.type);

beforeAll(async () => {
  t = await createTestContext({
    env: { PORT: '3211', REGISTRAR_IANA_ID: '4321', REGISTRAR_ABUSE_EMAIL: 'abuse@dotspot.example', REGISTRAR_ABUSE_PHONE: '+14155550199' },
  });
  origin = t.deps.config.publicOrigin;
  const buyer = await signedInBuyer(t, 'rdap-owner@example.com');
  owner = buyer.client;
  // The owner opted out of redaction (Preferences), so a domain's WHOIS privacy alone decides what is published.
  expect((await owner.patch('/api/accounts/0', { whoisRedactionOptOut: true })).status).toBe(200);
  await addDomain('privatebean.com', { privacyEnabled: true, locked: true }, buyer.accountId);
  await addDomain(
    'openbean.com',
    {
      privacyEnabled: false,
      locked: false,
      dsRecords: [{ keyTag: 12345, algorithm: 13, digestType: 2, digest: '49FD46E6C4B45C55D4AC69CBD3CD34AC1AFE51DE' }],
    },
    buyer.accountId,
  );
  await addDomain('xn--caf-dma.com', {}, buyer.accountId);
  await addDomain('redeembean.com', { status: 'redemption' }, buyer.accountId);
  await addDomain('gonebean.com', { status: 'deleted' }, buyer.accountId);
  await addDomain('incomingbean.com', { status: 'transfer' }, buyer.accountId);
  await t.db.insert(registeredNameservers).values([
    { domainId: ids['privatebean.com'], hostname: 'ns1.privatebean.com', ipAddress: '203.0.113.53', status: 'active' },
    { domainId: ids['openbean.com'], hostname: 'ns6.openbean.com', ipAddress: '2001:db8::53', status: 'active' },
    { domainId: ids['privatebean.com'], hostname: 'ns2.privatebean.com', ipAddress: '203.0.113.54', status: 'pending' },
  ]);
});
afterAll(() => t.close());

describe('GET /rdap/domain/:name', () => {
  it('answers a domain we sponsor as an RDAP domain object with the profile conformance, notices and events', async () => {
    const { status, headers, body } = await visitor().get('/rdap/domain/privatebean.com');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/rdap+json');
    expect(body.objectClassName).toBe('domain');
    expect(body.ldhName).toBe('privatebean.com');
    expect(body.unicodeName).toBeUndefined();
    expect(body.handle).toMatch(/^\w+-\w{1,8}$/);
    expect(body.rdapConformance).toEqual(['rdap_level_0', 'icann_rdap_response_profile_1', 'icann_rdap_technical_implementation_guide_1', 'redacted']);
    const requestUrl = `${origin}/rdap/domain/privatebean.com`;
    expect(body.links).toContainEqual({ value: requestUrl, rel: 'self', href: requestUrl, type: 'application/rdap+json' });

    const notice = (title: string) => body.notices.find((n: any) => n.title === title);
    expect(notice('Terms of Service').links).toContainEqual(expect.objectContaining({ rel: 'terms-of-service', href: `${origin}/terms`, value: requestUrl }));
    expect(notice('Status Codes').description).toContain('For more information on domain status codes, please visit https://icann.org/epp');
    expect(notice('Status Codes').links).toContainEqual(expect.objectContaining({ rel: 'glossary', href: 'https://icann.org/epp', value: requestUrl }));
    expect(notice('RDDS Inaccuracy Complaint Form').description).toContain('URL of the ICANN RDDS Inaccuracy Complaint Form: https://icann.org/wicf');
    expect(notice('RDDS Inaccuracy Complaint Form').links).toContainEqual(
      expect.objectContaining({ rel: 'help', href: 'https://icann.org/wicf', value: requestUrl }),
    );

    const event = (action: string) => body.events.find((e: any) => e.eventAction === action)?.eventDate;
    expect(event('registration')).toBe('2025-10-18T09:30:00Z');
    expect(event('expiration')).toBe('2027-10-18T09:30:00Z');
    expect(event('registrar expiration')).toBe('2027-10-18T09:30:00Z');
    expect(event('last changed')).toBe('2026-01-05T12:00:00Z');
    expect(Date.parse(event('last update of RDAP database'))).toBeGreaterThan(Date.now() - 60_000);

    expect(body.nameservers).toEqual([
      { objectClassName: 'nameserver', ldhName: 'ns1.dotspot.example' },
      { objectClassName: 'nameserver', ldhName: 'ns2.dotspot.example' },
    ]);
    expect(body.secureDNS).toEqual({ delegationSigned: false });
  });

  it('names us as registrar with the configured IANA ID and an abuse contact with email and phone', async () => {
    const { body } = await visitor().get('/rdap/domain/privatebean.com');
    const registrar = registrarOf(body);
    expect(registrar.handle).toBe('4321');
    expect(registrar.publicIds).toEqual([{ type: 'IANA Registrar ID', identifier: '4321' }]);
    expect(vcardValue(registrar, 'fn')).toBe('Dotspot, Inc.');
    const abuse = registrar.entities.find((e: any) => e.roles.includes('abuse'));
    expect(vcardValue(abuse, 'email')).toBe('abuse@dotspot.example');
    expect(abuse.vcardArray[1]).toContainEqual(['tel', { type: 'voice' }, 'uri', 'tel:+14155550199']);
    expect(abuse.links).toContainEqual(expect.objectContaining({ rel: 'related', href: 'http://localhost:3211/report-abuse', type: 'text/html' }));
  });

  it('with WHOIS privacy on, withholds the registrant’s personal fields and lists each in redacted', async () => {
    const { body } = await visitor().get('/rdap/domain/privatebean.com');
    const registrant = registrantOf(body);
    const text = JSON.stringify(registrant);
    for (const personal of [
      demoContact.lastName,
      demoContact.company,
      demoContact.address,
      demoContact.city,
      demoContact.zip,
      demoContact.email,
      demoContact.phone,
    ]) {
      expect(text).not.toContain(personal);
    }
    expect(vcardValue(registrant, 'fn')).toBe('');
    expect(vcardValue(registrant, 'email')).toBeUndefined();
    expect(vcardValue(registrant, 'tel')).toBeUndefined();
    expect(vcardValue(registrant, 'org')).toBeUndefined();
    // The Registration Data Policy publishes state and country.
    expect(vcardValue(registrant, 'adr')[4]).toBe('CA');
    expect(registrant.vcardArray[1].find((p: any[]) => p[0] === 'adr')[1]).toEqual({ cc: 'US' });
    expect(redactedTypes(body)).toEqual([
      'Registry Registrant ID',
      'Registrant Name',
      'Registrant Organization',
      'Registrant Street',
      'Registrant City',
      'Registrant Postal Code',
      'Registrant Phone',
      'Registrant Email',
    ]);
    const byType = Object.fromEntries(body.redacted.map((r: any) => [r.name.type, r]));
    expect(byType['Registrant Name']).toMatchObject({
      method: 'emptyValue',
      pathLang: 'jsonpath',
      postPath: "$.entities[?(@.roles[0]=='registrant')].vcardArray[1][?(@[0]=='fn')][3]",
    });
    expect(byType['Registrant Street']).toMatchObject({
      method: 'emptyValue',
      postPath: "$.entities[?(@.roles[0]=='registrant')].vcardArray[1][?(@[0]=='adr')][3][2]",
    });
    expect(byType['Registrant Email']).toMatchObject({ method: 'removal', prePath: "$.entities[?(@.roles[0]=='registrant')].vcardArray[1][?(@[0]=='email')]" });
    expect(byType['Registrant Phone']).toMatchObject({ method: 'removal', prePath: "$.entities[?(@.roles[0]=='registrant')].vcardArray[1][?(@[0]=='tel')]" });
    for (const redaction of body.redacted) expect(redaction.reason.description).toBeTruthy();
  });

  it('gives redaction paths that a JSONPath client resolves to the withheld fields', async () => {
    const hidden = (await visitor().get('/rdap/domain/privatebean.com')).body;
    const shown = (await visitor().get('/rdap/domain/openbean.com')).body;
    const evaluate = (path: string, json: object) => JSONPath({ path, json, wrap: true }) as unknown[];
    for (const redaction of hidden.redacted) {
      if (redaction.method === 'emptyValue') {
        // RFC 9537 §3.2: the field is there, empty, where postPath points.
        expect(evaluate(redaction.postPath, hidden), redaction.name.type).toEqual(['']);
        expect(evaluate(redaction.postPath, shown)[0], redaction.name.type).not.toBe('');
      } else {
        // RFC 9537 §3.1: nothing is left where prePath points; unredacted, something is.
        expect(evaluate(redaction.prePath, hidden), redaction.name.type).toEqual([]);
        if (redaction.name.type !== 'Registry Registrant ID') expect(evaluate(redaction.prePath, shown), redaction.name.type).toHaveLength(1);
      }
    }
  });

  it('with WHOIS privacy off, shows the registrant’s contact and redacts only the registry’s contact ID', async () => {
    const { body } = await visitor().get('/rdap/domain/openbean.com');
    const registrant = registrantOf(body);
    expect(vcardValue(registrant, 'fn')).toBe('Dana Demo');
    expect(vcardValue(registrant, 'org')).toBe('Bright Bean Coffee');
    expect(vcardValue(registrant, 'adr')).toEqual(['', '', '100 Market Street, Suite 5', 'San Francisco', 'CA', '94105', '']);
    expect(vcardValue(registrant, 'email')).toBe(demoContact.email);
    expect(vcardValue(registrant, 'tel')).toBe('tel:+14155550123');
    expect(redactedTypes(body)).toEqual(['Registry Registrant ID']);
  });

  it('follows the panel’s privacy switch: turning it off publishes, turning it on redacts again', async () => {
    expect((await owner.patch(`/api/domains/${ids['privatebean.com']}`, { privacyEnabled: false })).status).toBe(200);
    expect(vcardValue(registrantOf((await visitor().get('/rdap/domain/privatebean.com')).body), 'fn')).toBe('Dana Demo');
    expect((await owner.patch(`/api/domains/${ids['privatebean.com']}`, { privacyEnabled: true })).status).toBe(200);
    const { body } = await visitor().get('/rdap/domain/privatebean.com');
    expect(vcardValue(registrantOf(body), 'fn')).toBe('');
    expect(redactedTypes(body)).toContain('Registrant Email');
  });

  it('withholds the registrant of a domain without privacy while the account has not opted out of redaction', async () => {
    expect((await owner.patch('/api/accounts/0', { whoisRedactionOptOut: false })).status).toBe(200);
    try {
      const { body } = await visitor().get('/rdap/domain/openbean.com');
      expect(vcardValue(registrantOf(body), 'fn')).toBe('');
      expect(redactedTypes(body)).toEqual(expect.arrayContaining(['Registrant Name', 'Registrant Email', 'Registrant Phone']));
    } finally {
      expect((await owner.patch('/api/accounts/0', { whoisRedactionOptOut: true })).status).toBe(200);
    }
    expect(vcardValue(registrantOf((await visitor().get('/rdap/domain/openbean.com')).body), 'fn')).toBe('Dana Demo');
  });

  it('maps the lock to client transfer prohibited, and an unlocked domain to active', async () => {
    expect((await visitor().get('/rdap/domain/privatebean.com')).body.status).toEqual(['client transfer prohibited']);
    expect((await visitor().get('/rdap/domain/openbean.com')).body.status).toEqual(['active']);
    expect((await owner.patch(`/api/domains/${ids['openbean.com']}`, { locked: true })).status).toBe(200);
    expect((await visitor().get('/rdap/domain/openbean.com')).body.status).toEqual(['client transfer prohibited']);
    expect((await owner.patch(`/api/domains/${ids['openbean.com']}`, { locked: false })).status).toBe(200);
    expect((await visitor().get('/rdap/domain/openbean.com')).body.status).toEqual(['active']);
  });

  it('shows a domain in redemption as pending delete in its redemption period, and a pending transfer away', async () => {
    expect((await visitor().get('/rdap/domain/redeembean.com')).body.status).toEqual(['pending delete', 'client transfer prohibited', 'redemption period']);
    await t.db.update(domains).set({ outboundTransferStatus: 'pending', locked: false }).where(eq(domains.domainId, ids['openbean.com']));
    expect((await visitor().get('/rdap/domain/openbean.com')).body.status).toEqual(['pending transfer']);
    await t.db.update(domains).set({ outboundTransferStatus: null }).where(eq(domains.domainId, ids['openbean.com']));
  });

  it('gives DS data under secureDNS when the domain has it', async () => {
    const { body } = await visitor().get('/rdap/domain/openbean.com');
    expect(body.secureDNS).toEqual({
      delegationSigned: true,
      dsData: [{ keyTag: 12345, algorithm: 13, digestType: 2, digest: '49FD46E6C4B45C55D4AC69CBD3CD34AC1AFE51DE' }],
    });
  });

  it('answers an IDN asked for by its U-label or its A-label with both names', async () => {
    for (const asked of ['café.com', encodeURIComponent('café.com'), 'xn--caf-dma.com', 'XN--CAF-DMA.COM']) {
      const { status, body } = await visitor().get(`/rdap/domain/${asked}`);
      expect(status, asked).toBe(200);
      expect(body.ldhName).toBe('xn--caf-dma.com');
      expect(body.unicodeName).toBe('café.com');
    }
  });

  it('answers 404 with an RDAP error for names we do not sponsor: unknown, deleted, still transferring in', async () => {
    for (const name of ['nobody-registered-this.com', 'gonebean.com', 'incomingbean.com']) {
      const { status, headers, body } = await visitor().get(`/rdap/domain/${name}`);
      expect(status, name).toBe(404);
      expect(headers.get('content-type')).toBe('application/rdap+json');
      expect(body).toMatchObject({ errorCode: 404, title: 'Not Found', description: [expect.stringContaining(name)] });
      expect(body.rdapConformance).toContain('rdap_level_0');
    }
  });

  it('answers 400 with an RDAP error for a malformed name', async () => {
    for (const name of ['not_a_domain', 'nodot', '-bad-.com', 'xn--zz.com', 'a..com', encodeURIComponent('bad name.com')]) {
      const { status, body } = await visitor().get(`/rdap/domain/${name}`);
      expect(status, name).toBe(400);
      expect(body).toMatchObject({ errorCode: 400, title: 'Bad Request' });
      expect(body.description[0]).toMatch(/not a valid domain name/);
    }
  });
});

describe('GET /rdap/nameserver/:name', () => {
  it('answers an active glue host with its addresses, v4 and v6', async () => {
    const v4 = await visitor().get('/rdap/nameserver/ns1.privatebean.com');
    expect(v4.status).toBe(200);
    expect(v4.headers.get('content-type')).toBe('application/rdap+json');
    expect(v4.body).toMatchObject({ objectClassName: 'nameserver', ldhName: 'ns1.privatebean.com', ipAddresses: { v4: ['203.0.113.53'] }, status: ['active'] });
    expect(v4.body.rdapConformance).toContain('icann_rdap_response_profile_1');
    const v6 = await visitor().get('/rdap/nameserver/NS6.OPENBEAN.COM');
    expect(v6.body.ipAddresses).toEqual({ v6: ['2001:db8::53'] });
  });

  it('answers 404 for a glue host still under review, and for a host we do not sponsor', async () => {
    for (const name of ['ns2.privatebean.com', 'ns1.dotspot.example']) {
      const { status, body } = await visitor().get(`/rdap/nameserver/${name}`);
      expect(status, name).toBe(404);
      expect(body.errorCode).toBe(404);
    }
  });
});

describe('the RDAP service as a whole', () => {
  it('answers /rdap/help with conformance and the terms of service', async () => {
    const { status, headers, body } = await visitor().get('/rdap/help');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/rdap+json');
    expect(body.rdapConformance).toContain('rdap_level_0');
    expect(body.notices.map((n: any) => n.title)).toContain('Terms of Service');
    const help = body.notices.find((n: any) => n.title === 'Help');
    expect(help.description).toContain(
      'To report abuse of a domain we sponsor (phishing, malware, botnets, pharming, spam), use http://localhost:3211/report-abuse or write to abuse@dotspot.example.',
    );
    expect(help.links).toContainEqual(expect.objectContaining({ rel: 'related', href: 'http://localhost:3211/report-abuse' }));
  });

  it('answers unknown /rdap paths with a 404 RDAP error', async () => {
    for (const path of ['/rdap/entity/4321', '/rdap/domains?name=*.com', '/rdap/']) {
      const { status, headers, body } = await visitor().get(path);
      expect(status, path).toBe(404);
      expect(headers.get('content-type'), path).toBe('application/rdap+json');
      expect(body.errorCode).toBe(404);
    }
  });

  it('lets pages on any origin read every answer, errors included, under the API’s strict content policy', async () => {
    for (const path of ['/rdap/domain/privatebean.com', '/rdap/domain/nobody-registered-this.com', '/rdap/domain/not_a_domain', '/rdap/help']) {
      const { headers } = await visitor().get(path, { origin: 'https://rdap-client.example' });
      expect(headers.get('access-control-allow-origin'), path).toBe('*');
      expect(headers.get('content-security-policy'), path).toContain("default-src 'none'");
    }
    const preflight = await visitor().request('OPTIONS', '/rdap/domain/privatebean.com', undefined, {
      origin: 'https://rdap-client.example',
      'access-control-request-method': 'GET',
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('GET');
  });

  it('answers HEAD as GET, without a body', async () => {
    const response = await visitor().request('HEAD', '/rdap/domain/privatebean.com');
    expect(response.status).toBe(200);
    expect(response.body).toBeNull();
    expect(response.headers.get('content-type')).toBe('application/rdap+json');
    expect((await visitor().request('HEAD', '/rdap/domain/nobody-registered-this.com')).status).toBe(404);
  });

  it(`limits each address to ${rdapLookupsPerMinute} lookups a minute, then answers 429 with Retry-After and an RDAP error`, async () => {
    const client = visitor();
    for (let i = 0; i < rdapLookupsPerMinute; i++) expect((await client.get('/rdap/domain/privatebean.com')).status).toBe(200);
    const { status, headers, body } = await client.get('/rdap/domain/privatebean.com');
    expect(status).toBe(429);
    expect(Number(headers.get('retry-after'))).toBeGreaterThan(0);
    expect(headers.get('access-control-allow-origin')).toBe('*');
    expect(headers.get('content-type')).toBe('application/rdap+json');
    expect(body).toMatchObject({ errorCode: 429, title: 'Too Many Requests' });
    // Another address is not held back.
    expect((await visitor().get('/rdap/domain/privatebean.com')).status).toBe(200);
  });
});

describe('the /whois page for our domains', () => {
  async function whoisOf(domain: string): Promise<string> {
    const client = visitor();
    const { status, body } = await client.get(`/api/whois/${domain}?nonAuthoritative=true&token=${encodeURIComponent(await client.botToken())}`);
    expect(status).toBe(200);
    return body.whois;
  }

  it('redacts exactly what RDAP redacts when privacy is on', async () => {
    const rdap = (await visitor().get('/rdap/domain/privatebean.com')).body;
    const whois = await whoisOf('privatebean.com');
    for (const type of redactedTypes(rdap)) expect(whois).toContain(`${type}: REDACTED FOR PRIVACY`);
    for (const personal of [demoContact.lastName, demoContact.address, demoContact.email]) expect(whois).not.toContain(personal);
    expect(whois).toContain('Registrant State/Province: CA');
    expect(whois).toContain('Registrant Country: US');
    expect(whois).toContain('Registrar IANA ID: 4321');
    expect(whois).toContain('Registrar Abuse Contact Email: abuse@dotspot.example');
    expect(whois).toContain('Domain Status: clientTransferProhibited https://icann.org/epp#clientTransferProhibited');
  });

  it('shows the same registrant as RDAP when privacy is off, although the registry’s own WHOIS would redact it', async () => {
    const rdap = (await visitor().get('/rdap/domain/openbean.com')).body;
    const whois = await whoisOf('openbean.com');
    expect(whois).toContain(`Registrant Name: ${vcardValue(registrantOf(rdap), 'fn')}`);
    expect(whois).toContain(`Registrant Email: ${vcardValue(registrantOf(rdap), 'email')}`);
    expect(whois).toContain('Registrant Street: 100 Market Street, Suite 5');
    expect(whois).toContain('Registrant Phone: +1.4155550123');
    expect(whois).toContain('DNSSEC: signedDelegation');
    // The registry row was inserted with its default (privacy on): the page no longer asks the registry for our names.
    expect(await t.deps.providers.registry.whois('openbean.com')).toContain('Registrant Name: REDACTED FOR PRIVACY');
  });

  it('prints an IDN with its Unicode name', async () => {
    const whois = await whoisOf('café.com');
    expect(whois).toMatch(/^Domain Name: XN--CAF-DMA\.COM$/m);
    expect(whois).toContain('Internationalized Domain Name: café.com');
  });
});

describe('RDAP configuration', () => {
  it('refuses a malformed IANA ID, abuse email or abuse phone at start, naming the variable', () => {
    expect(() => loadConfig({ REGISTRAR_IANA_ID: 'dotspot' })).toThrow(/REGISTRAR_IANA_ID must be your IANA Registrar ID/);
    expect(() => loadConfig({ REGISTRAR_ABUSE_EMAIL: 'abuse at dotspot' })).toThrow(/REGISTRAR_ABUSE_EMAIL must be an email address/);
    expect(() => loadConfig({ REGISTRAR_ABUSE_PHONE: '415 555 0100' })).toThrow(/REGISTRAR_ABUSE_PHONE must be a phone number in E\.164 form/);
    expect(loadConfig({ REGISTRAR_ABUSE_PHONE: '+442079460000' }).registrar.abusePhone).toBe('+442079460000');
  });

  it('requires the registrar identity outside sandbox mode, so RDAP never names the test ID to the public', () => {
    const { REGISTRAR_IANA_ID, REGISTRAR_ABUSE_EMAIL, REGISTRAR_ABUSE_PHONE, ...withoutIdentity } = realProviderEnv;
    expect(findUnsafeProviderMix(loadConfig(withoutIdentity))).toMatch(/set REGISTRAR_IANA_ID, REGISTRAR_ABUSE_EMAIL, REGISTRAR_ABUSE_PHONE\./);
    expect(findUnsafeProviderMix(loadConfig(realProviderEnv))).toBeNull();
  });

  it('answers with sandbox mode off, from the configured identity', async () => {
    const real = await createTestContext({ env: realProviderEnv });
    try {
      expect(real.deps.config.sandboxMode).toBe(false);
      const [account] = await real.db.insert(accounts).values({ registrantContact: demoContact }).returning();
      await real.db.insert(domains).values({ accountId: account.accountId, domain: 'realbean.com', expireDate: expires, ns: ['NS1.REGISTRAR-DNS.NET'] });
      const { status, body } = await real.client({ ip: '198.51.100.40' }).get('/rdap/domain/realbean.com');
      expect(status).toBe(200);
      expect(registrarOf(body).publicIds).toEqual([{ type: 'IANA Registrar ID', identifier: '1234' }]);
      expect(body.links[0].href).toBe('https://shop.example/rdap/domain/realbean.com');
    } finally {
      await real.close();
    }
  });
});
