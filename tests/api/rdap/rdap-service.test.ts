/**
 * RDAP (/rdap) beyond a domain's lookup: glue hosts as nameserver objects, help, unknown paths, cross-origin reads,
 * HEAD, the per-address limit, the /whois page printing what RDAP publishes, and the registrar identity RDAP needs.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../api/config.ts';
import { accounts, domains } from '../../../api/db/schema/index.ts';
import { findUnsafeProviderMix } from '../../../api/provider-mix.ts';
import { demoContact } from '../../../api/services/platform/seed.ts';
import { rdapLookupsPerMinute } from '../../../api/services/rdap/rdap.ts';
import { expires, redactedTypes, registrantOf, registrarOf, useRdapDomains, vcardValue } from '../../fixtures/rdap-domains.ts';
import { realProviderEnv } from '../../fixtures/real-providers.ts';
import { createTestContext } from '../../fixtures/test-app.ts';

const { t, visitor } = useRdapDomains();

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
