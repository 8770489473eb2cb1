/**
 * RDAP's domain lookups (GET /rdap/domain/:name): what an RDAP client sees of a domain we sponsor (conformance,
 * notices, events, registrar and abuse contact, the registrant redacted as WHOIS privacy and the account say, status,
 * DS data, IDNs) and the errors for names we do not sponsor or that are malformed. Nameservers, the service as a whole,
 * the /whois page and the configuration are in rdap-service.test.ts.
 */
import { eq } from 'drizzle-orm';
import { JSONPath } from 'jsonpath-plus';
import { describe, expect, it } from 'vitest';
import { domains } from '../../../api/db/schema/index.ts';
import { demoContact } from '../../../api/services/platform/seed.ts';
import { redactedTypes, registrantOf, registrarOf, useRdapDomains, vcardValue } from '../../fixtures/rdap-domains.ts';

const published = useRdapDomains();
const { t, ids, visitor } = published;

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
    const requestUrl = `${published.origin}/rdap/domain/privatebean.com`;
    expect(body.links).toContainEqual({ value: requestUrl, rel: 'self', href: requestUrl, type: 'application/rdap+json' });

    const notice = (title: string) => body.notices.find((n: any) => n.title === title);
    expect(notice('Terms of Service').links).toContainEqual(
      expect.objectContaining({ rel: 'terms-of-service', href: `${published.origin}/terms`, value: requestUrl }),
    );
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
    expect((await published.owner.patch(`/api/domains/${ids['privatebean.com']}`, { privacyEnabled: false })).status).toBe(200);
    expect(vcardValue(registrantOf((await visitor().get('/rdap/domain/privatebean.com')).body), 'fn')).toBe('Dana Demo');
    expect((await published.owner.patch(`/api/domains/${ids['privatebean.com']}`, { privacyEnabled: true })).status).toBe(200);
    const { body } = await visitor().get('/rdap/domain/privatebean.com');
    expect(vcardValue(registrantOf(body), 'fn')).toBe('');
    expect(redactedTypes(body)).toContain('Registrant Email');
  });

  it('withholds the registrant of a domain without privacy while the account has not opted out of redaction', async () => {
    expect((await published.owner.patch('/api/accounts/0', { whoisRedactionOptOut: false })).status).toBe(200);
    try {
      const { body } = await visitor().get('/rdap/domain/openbean.com');
      expect(vcardValue(registrantOf(body), 'fn')).toBe('');
      expect(redactedTypes(body)).toEqual(expect.arrayContaining(['Registrant Name', 'Registrant Email', 'Registrant Phone']));
    } finally {
      expect((await published.owner.patch('/api/accounts/0', { whoisRedactionOptOut: true })).status).toBe(200);
    }
    expect(vcardValue(registrantOf((await visitor().get('/rdap/domain/openbean.com')).body), 'fn')).toBe('Dana Demo');
  });

  it('maps the lock to client transfer prohibited, and an unlocked domain to active', async () => {
    expect((await visitor().get('/rdap/domain/privatebean.com')).body.status).toEqual(['client transfer prohibited']);
    expect((await visitor().get('/rdap/domain/openbean.com')).body.status).toEqual(['active']);
    expect((await published.owner.patch(`/api/domains/${ids['openbean.com']}`, { locked: true })).status).toBe(200);
    expect((await visitor().get('/rdap/domain/openbean.com')).body.status).toEqual(['client transfer prohibited']);
    expect((await published.owner.patch(`/api/domains/${ids['openbean.com']}`, { locked: false })).status).toBe(200);
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
