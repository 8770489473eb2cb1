/** The mail-client set-up documents: the Apple configuration profile behind a mailbox's signed link, and Thunderbird's autoconfig. */
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains } from '../../../api/db/schema/index.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
let owner: TestClient;
let domainId: number;
let mailbox: { emailId: number; $mobileConfigUrl: string; $autoconfigUrl: string };
const anyone = () => t.client({ ip: '198.51.100.7' });
const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

beforeAll(async () => {
  t = await createTestContext({ env: { MAIL_CLIENT_HOST: 'imap.dotspot.example' } });
  const buyer = await signedInBuyer(t, 'setup@example.com');
  owner = buyer.client;
  const [row] = await t.db
    .insert(domains)
    .values({ accountId: buyer.accountId, domain: 'setupdocs.com', expireDate: new Date(Date.now() + 200 * 86_400_000) })
    .returning();
  domainId = row.domainId;
  expect((await owner.patch(`/api/domains/${domainId}`, { emailEnabled: true })).status).toBe(200);
  mailbox = (await owner.post('/api/emails', { domainId, type: 'mailbox', address: 'team', password: 'sunny-day-42' })).body;
});
afterAll(() => t.close());

describe('the mobileconfig profile', () => {
  it('is an Apple configuration profile with the IMAP and SMTP settings of the mail host, and no password', async () => {
    const res = await anyone().get(pathOf(mailbox.$mobileConfigUrl));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-apple-aspen-config');
    const xml = String(res.body);
    expect(xml).toContain('<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN"');
    // A well-formed plist: the account payload inside the profile's PayloadContent array.
    const plist = new XMLParser().parse(xml).plist.dict;
    const keys: string[] = plist.array.dict.key;
    expect(keys).toEqual(expect.arrayContaining(['EmailAddress', 'IncomingMailServerHostName', 'OutgoingMailServerHostName', 'PayloadUUID']));
    expect(xml).toMatch(/<key>PayloadType<\/key>\s*<string>com\.apple\.mail\.managed<\/string>/);
    expect(xml).toMatch(/<key>PayloadType<\/key>\s*<string>Configuration<\/string>/);
    expect(xml).toMatch(/<key>EmailAccountType<\/key>\s*<string>EmailTypeIMAP<\/string>/);
    expect(xml).toMatch(/<key>EmailAddress<\/key>\s*<string>team@setupdocs\.com<\/string>/);
    expect(xml).toMatch(/<key>IncomingMailServerHostName<\/key>\s*<string>imap\.dotspot\.example<\/string>/);
    expect(xml).toMatch(/<key>IncomingMailServerPortNumber<\/key>\s*<integer>993<\/integer>/);
    expect(xml).toMatch(/<key>OutgoingMailServerPortNumber<\/key>\s*<integer>465<\/integer>/);
    expect(xml).toMatch(/<key>IncomingMailServerUseSSL<\/key>\s*<true\/>/);
    expect(xml).not.toMatch(/<key>IncomingPassword<\/key>|<key>OutgoingPassword<\/key>|sunny-day-42/);
  });

  it('answers 404 for a wrong token, and once the mailbox is a forward or deleted', async () => {
    const wrong = pathOf(mailbox.$mobileConfigUrl).replace(/\/[\w-]+\/mail\.mobileconfig$/, '/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/mail.mobileconfig');
    expect((await anyone().get(wrong)).status).toBe(404);
    const other = (await owner.post('/api/emails', { domainId, type: 'mailbox', address: 'temp', password: 'sunny-day-42' })).body;
    expect((await anyone().get(pathOf(other.$mobileConfigUrl))).status).toBe(200);
    await owner.patch(`/api/emails/${other.emailId}`, { type: 'forward', destination: 'me@example.org' });
    expect((await anyone().get(pathOf(other.$mobileConfigUrl))).status).toBe(404);
    await owner.delete(`/api/emails/${other.emailId}`);
    expect((await anyone().get(pathOf(other.$mobileConfigUrl))).status).toBe(404);
  });
});

describe('Thunderbird autoconfig', () => {
  it('serves config-v1.1.xml for a domain with the email service, at the API and at the paths Thunderbird asks', async () => {
    for (const path of [
      pathOf(mailbox.$autoconfigUrl),
      '/mail/config-v1.1.xml?emailaddress=team%40setupdocs.com',
      '/.well-known/autoconfig/mail/config-v1.1.xml?emailaddress=team%40setupdocs.com',
    ]) {
      const res = await anyone().get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/xml');
      const config = new XMLParser({ ignoreAttributes: false }).parse(String(res.body)).clientConfig;
      expect(config['@_version']).toBe('1.1');
      const provider = config.emailProvider;
      expect(provider.domain).toBe('setupdocs.com');
      expect(provider.incomingServer).toMatchObject({
        '@_type': 'imap',
        hostname: 'imap.dotspot.example',
        port: 993,
        socketType: 'SSL',
        username: '%EMAILADDRESS%',
      });
      expect(provider.outgoingServer).toMatchObject({ '@_type': 'smtp', hostname: 'imap.dotspot.example', port: 465, socketType: 'SSL' });
    }
  });

  it('answers 404 for a domain we host no mail for', async () => {
    expect((await anyone().get('/api/emailSetup/config-v1.1.xml?emailaddress=a%40example.org')).status).toBe(404);
    expect((await anyone().get('/api/emailSetup/config-v1.1.xml')).status).toBe(404);
    expect((await anyone().get('/mail/config-v1.1.xml?emailaddress=a%40example.org')).status).toBe(404);
  });
});
