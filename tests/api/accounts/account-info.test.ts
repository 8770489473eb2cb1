/** Account Information: contacts and preferences (PATCH /api/accounts/0), the login change (PATCH /api/users/0) and its live email check. */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountExistsNotice, contactSavedMessage, registrantEmailFixedMessage } from '../../../api/contract/accounts/account-info.ts';
import type { Contact } from '../../../api/contract/contact.ts';
import { accountSchema } from '../../../api/contract/domains/domain.ts';
import { phoneFormatMessage } from '../../../api/contract/phone.ts';
import { accounts, domains, outbox, registryDomains, sessions, users } from '../../../api/db/schema/index.ts';
import { hashPassword } from '../../../api/services/kernel/passwords.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
const password = 'account-info-password';
const contact: Contact = {
  firstName: 'Rita',
  lastName: 'Registrant',
  company: 'Rita Roasters',
  address: '1 Bean Way',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  country: 'US',
  email: 'rita@example.com',
  phone: '+15035550123',
};
let rita: { client: TestClient; accountId: number; userId: number };
let otto: { client: TestClient; accountId: number; userId: number };

async function signedInAccount(email: string, domain: string) {
  const [account] = await t.db
    .insert(accounts)
    .values({
      registrantContact: { ...contact, email },
      whoisAdminContact: { ...contact, email },
      whoisTechContact: { ...contact, email },
      whoisBillingContact: { ...contact, email },
    })
    .returning();
  const [user] = await t.db
    .insert(users)
    .values({ accountId: account.accountId, email, passwordHash: await hashPassword(password) })
    .returning();
  const record = await t.deps.providers.registry.register({ domain, years: 1, contact, nameservers: ['ns1.dotspot.example'] });
  await t.db.insert(domains).values({ accountId: account.accountId, domain, expireDate: record.expireDate });
  const client = t.client();
  expect((await client.post('/api/session', { email, password })).status).toBe(200);
  return { client, accountId: account.accountId, userId: user.userId };
}

async function mailsTo(to: string) {
  await t.runJobs();
  return t.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id));
}

beforeAll(async () => {
  t = await createTestContext();
  rita = await signedInAccount('rita@example.com', 'zqxvbrtplm-rita.com');
  otto = await signedInAccount('otto@example.com', 'zqxvbrtplm-otto.com');
});
afterAll(() => t.close());

describe('PATCH /api/accounts/0: contacts', () => {
  it('saves the administrative contact, answers the account as GET does, and sends it to the registry', async () => {
    const admin = { ...contact, firstName: 'Adam', lastName: 'Admin', email: 'adam@example.org', country: 'CA', phone: '+16045550147' };
    const res = await rita.client.patch('/api/accounts/0', { whoisAdminContact: admin });
    expect(res.status).toBe(200);
    expect(accountSchema.safeParse(res.body).error).toBeUndefined();
    expect(res.body.whoisAdminContact).toMatchObject({ firstName: 'Adam', country: 'CA', email: 'adam@example.org' });
    expect(res.body.$pendingChanges).toBe(false);
    expect((await rita.client.get('/api/accounts/0')).body.whoisAdminContact.lastName).toBe('Admin');

    const atRegistry = async (domain: string) => (await t.db.select().from(registryDomains).where(eq(registryDomains.domain, domain)))[0];
    expect((await atRegistry('zqxvbrtplm-rita.com')).contacts?.admin).toBeUndefined();
    expect((await t.runJobs())['registry-contacts']).toBe(1);
    expect((await atRegistry('zqxvbrtplm-rita.com')).contacts).toMatchObject({ admin: { lastName: 'Admin' }, registrant: { firstName: 'Rita' } });
    // Another account's domain is untouched.
    expect((await atRegistry('zqxvbrtplm-otto.com')).contacts).toBeNull();

    // WHOIS keeps them redacted until the account opts out of redaction and the domain has no Whois Privacy.
    expect(await t.deps.providers.registry.whois('zqxvbrtplm-rita.com')).toContain('Admin Name: REDACTED FOR PRIVACY');
    await t.db.update(domains).set({ privacyEnabled: false }).where(eq(domains.domain, 'zqxvbrtplm-rita.com'));
    await rita.client.patch('/api/accounts/0', { whoisRedactionOptOut: true });
    await t.runJobs();
    const whois = await t.deps.providers.registry.whois('zqxvbrtplm-rita.com');
    expect(whois).toContain('Admin Name: Adam Admin');
    expect(whois).toContain('Admin Email: adam@example.org');
    expect(whois).toContain('Registrant Name: Rita Registrant');
    await rita.client.patch('/api/accounts/0', { whoisRedactionOptOut: false });
    await t.runJobs();
    expect(await t.deps.providers.registry.whois('zqxvbrtplm-rita.com')).not.toContain('Adam');
    expect(contactSavedMessage).toMatch(/successfully updated/);
  });

  it('checks each field: a country from the list, a real phone number, the required names', async () => {
    const badCountry = await rita.client.patch('/api/accounts/0', { whoisTechContact: { ...contact, country: 'ZZ' } });
    expect(badCountry.status).toBe(400);
    expect(badCountry.body.message).toContain('Choose a country from the list');
    const lowerCountry = await rita.client.patch('/api/accounts/0', { whoisTechContact: { ...contact, country: 'us' } });
    expect(lowerCountry.status).toBe(400);
    const badPhone = await rita.client.patch('/api/accounts/0', { whoisTechContact: { ...contact, phone: '555-0123' } });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.message).toContain(phoneFormatMessage);
    const noName = await rita.client.patch('/api/accounts/0', { whoisBillingContact: { ...contact, firstName: '  ' } });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toContain('First name is required');
    const badEmail = await rita.client.patch('/api/accounts/0', { whoisBillingContact: { ...contact, email: 'not-an-email' } });
    expect(badEmail.status).toBe(400);
    expect((await rita.client.patch('/api/accounts/0', {})).status).toBe(400);
    expect((await rita.client.patch('/api/accounts/0', { advancedEnabled: 'yes' })).status).toBe(400);
    expect((await rita.client.patch('/api/accounts/0', { isDemo: true })).status).toBe(400);
    const [row] = await t.db.select().from(accounts).where(eq(accounts.accountId, rita.accountId));
    expect(row.whoisTechContact?.country).toBe('US');
  });

  it('never changes the registrant email', async () => {
    const res = await rita.client.patch('/api/accounts/0', { registrantContact: { ...contact, email: 'someone-else@example.com' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(registrantEmailFixedMessage);
    expect((await rita.client.get('/api/accounts/0')).body.$pendingChanges).toBe(false);
  });

  it('refuses another account (403) and a visitor (401)', async () => {
    const other = await rita.client.patch(`/api/accounts/${otto.accountId}`, { advancedEnabled: true });
    expect(other.status).toBe(403);
    expect((await rita.client.get(`/api/accounts/${otto.accountId}`)).status).toBe(403);
    expect((await t.client().patch('/api/accounts/0', { advancedEnabled: true })).status).toBe(401);
    const [row] = await t.db.select().from(accounts).where(eq(accounts.accountId, otto.accountId));
    expect(row.advancedEnabled).toBe(false);
  });
});

describe('PATCH /api/accounts/0: preferences', () => {
  it('saves whoisRedactionOptOut and advancedEnabled at once', async () => {
    const on = await rita.client.patch('/api/accounts/0', { advancedEnabled: true, whoisRedactionOptOut: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ advancedEnabled: true, whoisRedactionOptOut: true, $pendingChanges: false });
    const off = await rita.client.patch('/api/accounts/0', { advancedEnabled: false });
    expect(off.body).toMatchObject({ advancedEnabled: false, whoisRedactionOptOut: true });
  });
});

describe('the login email check while typing (POST /api/validate, signed in)', () => {
  it('needs no bot check when signed in, accepts the own address and names the sign-in path for a taken one', async () => {
    expect((await rita.client.post('/api/validate', { email: 'brand-new@example.com' })).body).toEqual({ valid: true, msg: '' });
    expect((await rita.client.post('/api/validate', { email: 'Rita@Example.com' })).body).toEqual({ valid: true, msg: '' });
    const taken = await rita.client.post('/api/validate', { email: 'otto@example.com' });
    expect(taken.body.valid).toBe(false);
    expect(taken.body.msg).toBe('/login?as=otto%40example.com');
    expect((await rita.client.post('/api/validate', { email: 'nope' })).body).toEqual({ valid: false, msg: 'Please enter a valid email' });
    // A visitor still needs the proof of work to learn whether an account exists.
    expect((await t.client().post('/api/validate', { email: 'otto@example.com' })).status).toBe(400);
  });
});

describe('PATCH /api/users/0: the login change', () => {
  it('needs the current password once the sign-in is not recent, and refuses a wrong one', async () => {
    await t.db
      .update(sessions)
      .set({ createDate: new Date(Date.now() - 20 * 60_000) })
      .where(eq(sessions.userId, otto.userId));
    const bare = await otto.client.patch('/api/users/0', { email: 'otto2@example.com' });
    expect(bare.status).toBe(403);
    expect(bare.body.data).toEqual({ reauthRequired: true });
    const wrong = await otto.client.patch('/api/users/0', { email: 'otto2@example.com', currentPassword: 'not it' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('The current password is incorrect');
    const taken = await otto.client.patch('/api/users/0', { email: 'rita@example.com', currentPassword: password });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(accountExistsNotice);
    const short = await otto.client.patch('/api/users/0', { password: 'short', currentPassword: password });
    expect(short.status).toBe(400);
    expect((await otto.client.patch(`/api/users/${rita.userId}`, { email: 'x@example.com', currentPassword: password })).status).toBe(403);
    expect((await otto.client.get('/api/users/0')).body.email).toBe('otto@example.com');
  });

  it('changes email and password, signs out the other sessions, tells the old address, and the new login works', async () => {
    const phone = t.client({ ip: '198.51.100.7' });
    expect((await phone.post('/api/session', { email: 'rita@example.com', password })).status).toBe(200);
    const res = await rita.client.patch('/api/users/0', { email: 'Rita.New@Example.com', password: 'a-new-password-1', currentPassword: password });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe('rita.new@example.com');

    expect((await rita.client.get('/api/users/0')).status).toBe(200);
    expect((await phone.get('/api/users/0')).status).toBe(401);
    // The phone's sign-in was from a new device, so its notice is in the same outbox, in whichever order the jobs ran.
    const mails = await mailsTo('rita@example.com');
    expect(mails.map((mail) => mail.subject)).toContain('New sign-in to your Dotspot account');
    const notice = mails.find((mail) => /login was changed/.test(mail.subject ?? ''));
    expect(notice?.body).toContain('rita.new@example.com');
    expect(notice?.body).toContain('rita.new@example.com');
    expect(notice?.body).toContain('the password');

    expect((await t.client().post('/api/session', { email: 'rita@example.com', password: 'a-new-password-1' })).status).toBe(400);
    expect((await t.client().post('/api/session', { email: 'rita.new@example.com', password })).status).toBe(400);
    expect((await t.client().post('/api/session', { email: 'rita.new@example.com', password: 'a-new-password-1' })).status).toBe(200);
  });
});
