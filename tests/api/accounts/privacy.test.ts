/** WHOIS privacy (control-panel spec modal 10): the registry's public WHOIS shows the registrant only with privacy off. */
import { addDays } from 'date-fns/addDays';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains } from '../../../api/db/schema/index.ts';
import { demoContact } from '../../../api/services/platform/seed.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';
import { now } from '../../../api/clock.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('WHOIS privacy', () => {
  it('turns off (the WHOIS shows the registrant) and back on (redacted again)', async () => {
    const name = 'qwzxv-privacy-one.com';
    const { client, accountId } = await signedInBuyer(t, 'privacy-owner@example.org');
    await t.deps.providers.registry.register({ domain: name, years: 1, contact: demoContact, nameservers: [] });
    const [row] = await t.db
      .insert(domains)
      .values({ accountId, domain: name, expireDate: addDays(now(), 300) })
      .returning();
    const whois = async () => (await t.deps.providers.registry.whois(name)) ?? '';

    expect(await whois()).toContain('Registrant Name: REDACTED FOR PRIVACY');
    const off = await client.patch(`/api/domains/${row.domainId}`, { privacyEnabled: false });
    expect(off.status).toBe(200);
    expect(off.body.privacyEnabled).toBe(false);
    expect(await whois()).toContain(`Registrant Name: ${demoContact.firstName} ${demoContact.lastName}`);
    expect(await whois()).toContain(`Registrant Email: ${demoContact.email}`);

    const on = await client.patch(`/api/domains/${row.domainId}`, { privacyEnabled: true });
    expect(on.body.privacyEnabled).toBe(true);
    expect(await whois()).toContain('Registrant Name: REDACTED FOR PRIVACY');
    expect(await whois()).not.toContain(demoContact.email);
  });

  it("answers 403 for another account's domain and 404 for none", async () => {
    const { accountId } = await signedInBuyer(t, 'privacy-owner-two@example.org');
    const [row] = await t.db
      .insert(domains)
      .values({ accountId, domain: 'qwzxv-privacy-two.com', expireDate: addDays(now(), 300) })
      .returning();
    const { client: stranger } = await signedInBuyer(t, 'privacy-stranger@example.org');
    expect((await stranger.patch(`/api/domains/${row.domainId}`, { privacyEnabled: false })).status).toBe(403);
    expect((await stranger.patch('/api/domains/999999', { privacyEnabled: false })).status).toBe(404);
  });
});
