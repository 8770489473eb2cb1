/** The email service: buying and removing it (PATCH /api/domains/:id), mailboxes and forwards (/api/emails), limits, ownership. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEmailSchema } from '../../../api/contract/domains/domain.ts';
import { domains, emails, outbox, sandboxMailAddresses, sandboxMailDomains, transactions } from '../../../api/db/schema/index.ts';
import { verifyPassword } from '../../../api/services/kernel/passwords.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
let owner: TestClient;
let ownerAccountId: number;
let stranger: TestClient;

async function addDomain(accountId: number, domain: string, values: Partial<typeof domains.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(domains)
    .values({ accountId, domain, expireDate: new Date(Date.now() + 200 * 86_400_000), ...values })
    .returning();
  return row.domainId;
}

async function buyEmail(client: TestClient, domainId: number) {
  return client.patch(`/api/domains/${domainId}`, { emailEnabled: true });
}

beforeAll(async () => {
  t = await createTestContext();
  ({ client: owner, accountId: ownerAccountId } = await signedInBuyer(t, 'owner@example.com'));
  ({ client: stranger } = await signedInBuyer(t, 'stranger@example.com'));
});
afterAll(() => t.close());

describe('buying and removing the email service', () => {
  it('charges the first month once, sets emailEnabled and mrc together, and hosts the domain at the mail host', async () => {
    const domainId = await addDomain(ownerAccountId, 'buyemail.com');
    const [first, second] = await Promise.all([buyEmail(owner, domainId), buyEmail(owner, domainId)]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.body).toMatchObject({ emailEnabled: true, mrc: 500, $serviceLabel: 'Email' });
    const charges = await t.db.select().from(transactions).where(eq(transactions.domainId, domainId));
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ type: 'mrc', amount: 500 });
    expect(await t.db.select().from(sandboxMailDomains).where(eq(sandboxMailDomains.domain, 'buyemail.com'))).toHaveLength(1);
  });

  it('charges only the difference to the suite price when the builder is already on', async () => {
    const domainId = await addDomain(ownerAccountId, 'withbuilder.com', { builderEnabled: true, websiteType: 'builder', mrc: 500 });
    const res = await buyEmail(owner, domainId);
    expect(res.body).toMatchObject({ emailEnabled: true, mrc: 899, $serviceLabel: "Spot's Suite" });
    const [charge] = await t.db.select().from(transactions).where(eq(transactions.domainId, domainId));
    expect(charge.amount).toBe(399);
  });

  it('refuses without a default card and leaves the domain as it was', async () => {
    const { client, accountId } = await signedInBuyer(t, 'nocard@example.com');
    const { paymentMethods } = await import('../../../api/db/schema/index.ts');
    await t.db.delete(paymentMethods).where(eq(paymentMethods.accountId, accountId));
    const domainId = await addDomain(accountId, 'nocard.com');
    const res = await buyEmail(client, domainId);
    expect(res.status).toBe(402);
    expect(res.body.message).toMatch(/payment method/);
    const [row] = await t.db.select().from(domains).where(eq(domains.domainId, domainId));
    expect(row).toMatchObject({ emailEnabled: false, mrc: 0 });
  });

  it('charges nothing and changes nothing when the mail host refuses the domain', async () => {
    const domainId = await addDomain(ownerAccountId, 'refused-mail.com');
    const res = await buyEmail(owner, domainId);
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/mail server could not complete this request/);
    expect(await t.db.select().from(transactions).where(eq(transactions.domainId, domainId))).toHaveLength(0);
    const [row] = await t.db.select().from(domains).where(eq(domains.domainId, domainId));
    expect(row).toMatchObject({ emailEnabled: false, mrc: 0 });
  });

  it('removal deletes every mailbox and forward at the mail host and drops the plan', async () => {
    const domainId = await addDomain(ownerAccountId, 'removeemail.com');
    await buyEmail(owner, domainId);
    expect((await owner.post('/api/emails', { domainId, type: 'mailbox', address: 'info', password: 'sunny-day-42' })).status).toBe(201);
    expect((await owner.post('/api/emails', { domainId, type: 'forward', address: 'sales', destination: 'me@example.org' })).status).toBe(201);
    const res = await owner.patch(`/api/domains/${domainId}`, { emailEnabled: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ emailEnabled: false, mrc: 0, $serviceLabel: 'Parking', emails: [] });
    expect(await t.db.select().from(sandboxMailAddresses).where(eq(sandboxMailAddresses.domain, 'removeemail.com'))).toHaveLength(0);
    expect(await t.db.select().from(sandboxMailDomains).where(eq(sandboxMailDomains.domain, 'removeemail.com'))).toHaveLength(0);
  });

  it('another account cannot buy or remove it (403)', async () => {
    const domainId = await addDomain(ownerAccountId, 'notyours-service.com');
    expect((await buyEmail(stranger, domainId)).status).toBe(403);
  });
});

describe('/api/emails', () => {
  let domainId: number;
  beforeAll(async () => {
    domainId = await addDomain(ownerAccountId, 'mailrules.com');
    await buyEmail(owner, domainId);
  });

  it('adds a mailbox with a hashed password and answers where a phone fetches its settings', async () => {
    const res = await owner.post('/api/emails', { domainId, type: 'mailbox', address: 'Info', password: 'sunny-day-42' });
    expect(res.status).toBe(201);
    expect(
      domainEmailSchema.extend({ $mobileConfigUrl: domainEmailSchema.shape.address, $autoconfigUrl: domainEmailSchema.shape.address }).parse(res.body),
    ).toBeTruthy();
    expect(res.body).toMatchObject({ address: 'info@mailrules.com', type: 'mailbox', quota: 5, size: 0 });
    expect(res.body.$mobileConfigUrl).toMatch(/^http:\/\/localhost:3000\/api\/emailSetup\/\d+\/[\w-]+\/mail\.mobileconfig$/);
    expect(JSON.stringify(res.body)).not.toContain('sunny-day-42');
    const [row] = await t.db.select().from(emails).where(eq(emails.emailId, res.body.emailId));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row.passwordHash ?? '', 'sunny-day-42')).toBe(true);
    const [hosted] = await t.db.select().from(sandboxMailAddresses).where(eq(sandboxMailAddresses.address, 'info@mailrules.com'));
    expect(hosted).toMatchObject({ kind: 'mailbox', secret: row.passwordHash, quotaBytes: 5_000_000_000 });
  });

  it.each([
    [{ type: 'mailbox', address: '', password: 'sunny-day-42' }, 'Username is required'],
    [{ type: 'mailbox', address: 'bad name', password: 'sunny-day-42' }, 'Usernames may use letters'],
    [{ type: 'mailbox', address: 'nopass' }, 'Password is required'],
    [{ type: 'mailbox', address: 'weak', password: 'short1' }, 'Use at least 8 characters'],
    [{ type: 'mailbox', address: 'weak', password: 'onlyletters' }, 'Use letters and at least one digit'],
    [{ type: 'mailbox', address: 'jonathan', password: 'jonathan2024' }, 'must not contain the username'],
    [{ type: 'forward', address: 'fwd' }, 'Destination email is required'],
    [{ type: 'forward', address: 'fwd', destination: 'not-an-email' }, 'Please enter a valid email address'],
    [{ type: 'forward', address: 'loop', destination: 'loop@mailrules.com' }, 'cannot send mail to itself'],
    [{ type: 'forward', address: 'x@elsewhere.com', destination: 'me@example.org' }, 'must end in @mailrules.com'],
    [{ type: 'alias', address: 'x', destination: 'me@example.org' }, 'type must be mailbox or forward'],
  ])('refuses %j: %s', async (body, message) => {
    const res = await owner.post('/api/emails', { domainId, ...body });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('refuses an address that exists already (409), and one on a domain without the service', async () => {
    await owner.post('/api/emails', { domainId, type: 'forward', address: 'twice', destination: 'me@example.org' });
    const again = await owner.post('/api/emails', { domainId, type: 'mailbox', address: 'twice', password: 'sunny-day-42' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('twice@mailrules.com already exists');
    const plain = await addDomain(ownerAccountId, 'noservice.com');
    const res = await owner.post('/api/emails', { domainId: plain, type: 'forward', address: 'a', destination: 'me@example.org' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Add the email service to noservice.com first');
  });

  it('allows 5 mailboxes and 5 forwards, even when added at once, and counts conversions toward the limit', async () => {
    const limited = await addDomain(ownerAccountId, 'limits.com');
    await buyEmail(owner, limited);
    const adds = await Promise.all(
      Array.from({ length: 7 }, (_, i) => owner.post('/api/emails', { domainId: limited, type: 'mailbox', address: `box${i}`, password: 'sunny-day-42' })),
    );
    expect(adds.filter((r) => r.status === 201)).toHaveLength(5);
    expect(adds.filter((r) => r.status === 409).map((r) => r.body.message)).toEqual(Array(2).fill('You can have up to 5 mailboxes on a domain'));
    const forwards = [];
    for (let i = 0; i < 5; i++)
      forwards.push(await owner.post('/api/emails', { domainId: limited, type: 'forward', address: `fwd${i}`, destination: 'me@example.org' }));
    expect(forwards.every((r) => r.status === 201)).toBe(true);
    const sixth = await owner.post('/api/emails', { domainId: limited, type: 'forward', address: 'fwd5', destination: 'me@example.org' });
    expect(sixth.body.message).toBe('You can have up to 5 forwards on a domain');
    const convert = await owner.patch(`/api/emails/${forwards[0].body.emailId}`, { type: 'mailbox', password: 'sunny-day-42' });
    expect(convert.status).toBe(409);
    expect(convert.body.message).toBe('You can have up to 5 mailboxes on a domain');
  });

  it('converts a mailbox to a forward (its messages go) and back (it needs a password)', async () => {
    const created = await owner.post('/api/emails', { domainId, type: 'mailbox', address: 'convert', password: 'sunny-day-42' });
    const id = created.body.emailId;
    expect((await owner.patch(`/api/emails/${id}`, { type: 'forward' })).body.message).toContain('Destination email is required');
    const toForward = await owner.patch(`/api/emails/${id}`, { type: 'forward', destination: 'Someone@Example.org' });
    expect(toForward.status).toBe(200);
    expect(toForward.body).toMatchObject({ type: 'forward', destination: 'someone@example.org', size: 0 });
    const [hosted] = await t.db.select().from(sandboxMailAddresses).where(eq(sandboxMailAddresses.address, 'convert@mailrules.com'));
    expect(hosted).toMatchObject({ kind: 'forward', destination: 'someone@example.org', usedBytes: 0 });
    expect((await owner.patch(`/api/emails/${id}`, { type: 'mailbox' })).body.message).toContain('Password is required');
    const toMailbox = await owner.patch(`/api/emails/${id}`, { type: 'mailbox', password: 'another-day-7' });
    expect(toMailbox.body).toMatchObject({ type: 'mailbox', destination: null });
    const [again] = await t.db.select().from(sandboxMailAddresses).where(eq(sandboxMailAddresses.address, 'convert@mailrules.com'));
    expect(again).toMatchObject({ kind: 'mailbox', destination: null });
    expect((await owner.patch(`/api/emails/${id}`, { type: 'mailbox', password: 'another-day-7' })).status).toBe(409);
  });

  it('changes a password or a destination, each only where it belongs', async () => {
    const box = (await owner.post('/api/emails', { domainId, type: 'mailbox', address: 'pw', password: 'sunny-day-42' })).body;
    const fwd = (await owner.post('/api/emails', { domainId, type: 'forward', address: 'dest', destination: 'a@example.org' })).body;
    expect((await owner.patch(`/api/emails/${box.emailId}`, { password: 'short' })).body.message).toBe('Use at least 8 characters');
    expect((await owner.patch(`/api/emails/${box.emailId}`, { password: 'new-secret-9' })).status).toBe(200);
    const [row] = await t.db.select().from(emails).where(eq(emails.emailId, box.emailId));
    expect(await verifyPassword(row.passwordHash ?? '', 'new-secret-9')).toBe(true);
    const [hosted] = await t.db.select().from(sandboxMailAddresses).where(eq(sandboxMailAddresses.address, 'pw@mailrules.com'));
    expect(hosted.secret).toBe(row.passwordHash);
    expect((await owner.patch(`/api/emails/${box.emailId}`, { destination: 'b@example.org' })).status).toBe(409);
    expect((await owner.patch(`/api/emails/${fwd.emailId}`, { password: 'new-secret-9' })).status).toBe(409);
    expect((await owner.patch(`/api/emails/${fwd.emailId}`, { destination: 'nope' })).body.message).toContain('Please enter a valid email address');
    expect((await owner.patch(`/api/emails/${fwd.emailId}`, { destination: 'b@example.org' })).body).toMatchObject({ destination: 'b@example.org' });
    expect((await owner.patch(`/api/emails/${fwd.emailId}`, { destination: 'b@example.org', password: 'new-secret-9' })).status).toBe(400);
  });

  it('deletes an address here and at the mail host; the name is free again', async () => {
    const box = (await owner.post('/api/emails', { domainId, type: 'mailbox', address: 'gone', password: 'sunny-day-42' })).body;
    expect((await owner.delete(`/api/emails/${box.emailId}`)).status).toBe(200);
    expect(await t.db.select().from(sandboxMailAddresses).where(eq(sandboxMailAddresses.address, 'gone@mailrules.com'))).toHaveLength(0);
    expect((await owner.delete(`/api/emails/${box.emailId}`)).status).toBe(404);
    expect((await owner.get(`/api/emails/${box.emailId}/usage`)).status).toBe(404);
    expect((await owner.post('/api/emails', { domainId, type: 'forward', address: 'gone', destination: 'a@example.org' })).status).toBe(201);
  });

  it('reports usage for mailboxes only', async () => {
    const box = (await owner.post('/api/emails', { domainId, type: 'mailbox', address: 'usage', password: 'sunny-day-42' })).body;
    await t.db.update(sandboxMailAddresses).set({ usedBytes: 5_500_000_000 }).where(eq(sandboxMailAddresses.address, 'usage@mailrules.com'));
    const res = await owner.get(`/api/emails/${box.emailId}/usage`);
    expect(res.body).toEqual({ emailId: box.emailId, size: 5.5, quota: 5, usedBytes: 5_500_000_000, $overQuota: true });
    const list = await owner.get(`/api/domains/${domainId}?$relations[]=emails`);
    expect(list.body.$emailOverLimit).toBe(true);
    const fwd = (await owner.post('/api/emails', { domainId, type: 'forward', address: 'nousage', destination: 'a@example.org' })).body;
    expect((await owner.get(`/api/emails/${fwd.emailId}/usage`)).status).toBe(400);
  });

  it('says so when the mail host refuses, and keeps nothing', async () => {
    const res = await owner.post('/api/emails', { domainId, type: 'mailbox', address: 'refused-box', password: 'sunny-day-42' });
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/mail server could not complete this request/);
    const rows = await t.db
      .select()
      .from(emails)
      .where(and(eq(emails.address, 'refused-box@mailrules.com'), eq(emails.status, 'active')));
    expect(rows).toHaveLength(0);
  });

  it('sends set-up instructions to a valid recipient, rate-limited per account', async () => {
    const box = (await owner.post('/api/emails', { domainId, type: 'mailbox', address: 'help', password: 'sunny-day-42' })).body;
    expect((await owner.post(`/api/emails/${box.emailId}/instructions`, {})).body.message).toContain('Recipient email is required');
    expect((await owner.post(`/api/emails/${box.emailId}/instructions`, { email: 'nope' })).body.message).toContain('Please enter a valid email address');
    const sent = await owner.post(`/api/emails/${box.emailId}/instructions`, { email: 'me@example.org' });
    expect(sent.status).toBe(200);
    await t.runJobs();
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, 'me@example.org'));
    expect(mail.subject).toBe('Set up help@mailrules.com on your phone or computer');
    expect(mail.body).toContain(box.$mobileConfigUrl);
    expect(mail.body).toContain('IMAP');
    expect(mail.body).not.toContain('sunny-day-42');
    let status = 200;
    for (let i = 0; i < 10 && status === 200; i++) status = (await owner.post(`/api/emails/${box.emailId}/instructions`, { email: 'me@example.org' })).status;
    expect(status).toBe(429);
  });

  it('answers 403 for another account’s address or domain and 404 for none, and 401 signed out', async () => {
    const domainId = await addDomain(ownerAccountId, 'ownership.com');
    await buyEmail(owner, domainId);
    const box = (await owner.post('/api/emails', { domainId, type: 'mailbox', address: 'mine', password: 'sunny-day-42' })).body;
    expect((await stranger.get(`/api/emails?domainId=${domainId}`)).status).toBe(403);
    expect((await stranger.post('/api/emails', { domainId, type: 'forward', address: 'x', destination: 'a@example.org' })).status).toBe(403);
    const strangerPatch = await stranger.patch(`/api/emails/${box.emailId}`, { password: 'new-secret-9' });
    expect(strangerPatch.status, JSON.stringify(strangerPatch.body)).toBe(403);
    expect((await stranger.delete(`/api/emails/${box.emailId}`)).status).toBe(403);
    expect((await stranger.get(`/api/emails/${box.emailId}/usage`)).status).toBe(403);
    expect((await stranger.post(`/api/emails/${box.emailId}/instructions`, { email: 'a@example.org' })).status).toBe(403);
    expect((await owner.patch('/api/emails/999999', { password: 'new-secret-9' })).status).toBe(404);
    expect((await owner.post('/api/emails', { domainId: 999999, type: 'forward', address: 'x', destination: 'a@example.org' })).status).toBe(404);
    expect((await t.client().get(`/api/emails?domainId=${domainId}`)).status).toBe(401);
    const list = await owner.get(`/api/emails?domainId=${domainId}`);
    expect(list.body.data.map((e: { address: string }) => e.address)).toEqual(['mine@ownership.com']);
  });
});
