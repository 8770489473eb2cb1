/**
 * A visitor's checkout through the API: the phone code and new-account checks before the button, the account, domain,
 * ledger and session an order makes, the session it hands over once, a business visitor's EU VAT number, and the email
 * of a closed account. Cards are in checkout-cards.test.ts; what happens once and only once in checkout-exactly-once.
 */
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, domains, orders, outbox, registryDomains, transactions, users, verificationCodes } from '../../../api/db/schema/index.ts';
import { emailOfClosedAccountMessage } from '../../../api/services/checkout/orders.ts';
import { configuredNameservers, useCheckoutContext } from '../../fixtures/checkout-context.ts';

const { t, payments, newClient, contactFor, latestCode, addCard, sendCode, readyVisitor, commit, intentsSince } = useCheckoutContext();

describe('visitor checkout', () => {
  it('asks the new registrant to verify their email (WAPS) once the order is through', async () => {
    const { client, cartId, contact } = await readyVisitor(['qwzxv-verify-me.com']);
    expect((await commit(client, cartId)).status).toBe(200);
    await t.runJobs();
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, contact.email), like(outbox.subject, 'Verify your email%')));
    expect(mail.body).toContain('/account/verify-registrant?token=');
    expect((await client.get('/api/registrantVerifications/0')).body).toMatchObject({ state: 'pending', email: contact.email });
  });

  it('creates the account, registers the domain, records the ledger, signs the buyer in and starts a new cart', async () => {
    const { client, cartId, contact } = await readyVisitor(['qwzxv-first-order.com']);
    await client.patch('/api/cartItems/0', {}); // unknown id 0 is not found; nothing changes
    const cart = await client.get('/api/carts/0?$relations[]=cartItems');
    const item = cart.body.cartItems[0];
    await client.patch(`/api/cartItems/${item.cartItemId}`, { years: 2, protectionEnabled: true, emailEnabled: true });
    const priced = await client.get('/api/carts/0?$relations[]=cartItems');
    expect(priced.body.paymentSetupComplete).toBe(true);
    expect(priced.body.$paymentMethodDescription).toMatch(/^Visa ending in 4242/);

    const done = await commit(client, cartId);
    expect(done.status).toBe(200);
    expect(done.body.requiresAction).toBe(false);
    expect(done.body.totalPrice).toBe(priced.body.totalPrice);
    expect(client.cookies.has('ds_session')).toBe(true);

    const [user] = await t.db.select().from(users).where(eq(users.email, contact.email));
    const [account] = await t.db.select().from(accounts).where(eq(accounts.accountId, user.accountId));
    expect(account.statedSource).toBe('friend');
    expect(account.referrer).toBe('https://news.example/');
    const [domain] = await t.db.select().from(domains).where(eq(domains.accountId, user.accountId));
    expect(domain).toMatchObject({
      domain: 'qwzxv-first-order.com',
      status: 'active',
      privacyEnabled: true,
      autoRenewEnabled: true,
      protectionEnabled: true,
      emailEnabled: true,
      mrc: 500,
    });
    const years = (domain.expireDate.getTime() - Date.now()) / (365 * 24 * 3600 * 1000);
    expect(years).toBeGreaterThan(1.99);
    expect(years).toBeLessThan(2.01);
    const [registry] = await t.db.select().from(registryDomains).where(eq(registryDomains.domain, 'qwzxv-first-order.com'));
    expect(registry.ours).toBe(true);
    // Delegated to DEFAULT_NAMESERVERS, at the registry and in the account.
    expect(registry.nameservers).toEqual(configuredNameservers);
    expect(domain.ns).toEqual(configuredNameservers);
    const ledger = await t.db.select().from(transactions).where(eq(transactions.accountId, user.accountId));
    expect(ledger.map((r) => r.type).sort()).toEqual(['mrc', 'nrc', 'other', 'payment']);
    expect(ledger.reduce((sum, r) => sum + r.amount, 0)).toBe(0);

    const fresh = await client.get('/api/carts/0?$relations[]=cartItems');
    expect(fresh.body.$isLoggedIn).toBe(true);
    expect(fresh.body.cartItems).toEqual([]);
    expect(fresh.body.cartId).not.toBe(cartId);
  });

  it('refuses to check out before the phone is verified, and a new phone clears the verification', async () => {
    const client = newClient();
    const added = await client.post('/api/cartItems', { domain: 'qwzxv-unverified.com' });
    const cartId = added.body.cartId;
    const contact = contactFor('unverified@example.org');
    await client.patch(`/api/carts/${cartId}`, { contact: { ...contact, password: 'long enough pass' } });
    await sendCode(client, cartId, contact.phone);
    expect((await client.post('/api/validate', { cartId, phone: contact.phone, code: '12345' })).body).toEqual({ valid: false, msg: '' });
    const code = await latestCode(contact.phone);
    expect((await client.post('/api/validate', { cartId, phone: contact.phone, code })).body.valid).toBe(true);
    expect((await client.post('/api/validate', { cartId, phone: contact.phone, code })).body.valid).toBe(false);
    expect((await client.get('/api/carts/0')).body.verified).toBe(true);
    await client.patch(`/api/carts/${cartId}`, { contact: { phone: '+14155559999' } });
    expect((await client.get('/api/carts/0')).body.verified).toBe(false);
    await addCard(client, '4242424242424242');
    const refused = await commit(client, cartId);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Please verify your phone number with the code we sent');
  });

  it('refuses an expired code', async () => {
    const client = newClient();
    const added = await client.post('/api/cartItems', { domain: 'qwzxv-expired-code.com' });
    const phone = '+14155560999';
    await sendCode(client, added.body.cartId, phone);
    const code = await latestCode(phone);
    await t.db
      .update(verificationCodes)
      .set({ expireDate: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.phone, phone));
    const answer = await client.post('/api/validate', { cartId: added.body.cartId, phone, code });
    expect(answer.body).toEqual({ valid: false, msg: 'This code has expired. Request a new code.' });
  });

  it('rate-limits codes per phone with a clear message, and reports an SMS that cannot be sent', async () => {
    const client = newClient();
    const added = await client.post('/api/cartItems', { domain: 'qwzxv-ratelimit.com' });
    const phone = '+14155550777';
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await sendCode(client, added.body.cartId, phone));
    expect(answers.slice(0, 5).every((a) => a.status === 200)).toBe(true);
    expect(answers[5].status).toBe(429);
    expect(answers[5].body.message).toMatch(/^Too many verification codes were requested for this phone\. Please try again in \d+ minutes?\.$/);
    const other = newClient();
    await other.post('/api/cartItems', { domain: 'qwzxv-nosms.com' });
    const failed = await sendCode(other, 0, '+14155550199');
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe('Error sending SMS');
  });

  it('checks new-account email and password with the spec messages', async () => {
    const client = newClient();
    expect((await client.post('/api/validate', { email: '  ' })).body).toEqual({ valid: false, msg: 'Please enter a email' });
    expect((await client.post('/api/validate', { email: 'not-an-email' })).body).toEqual({ valid: false, msg: 'Please enter a valid email' });
    expect((await client.post('/api/validate', { password: ' ' })).body).toEqual({ valid: false, msg: 'Please enter a password' });
    const fresh = await client.post('/api/validate', { email: ' Fresh@Example.org ', recaptchaToken: await client.botToken() });
    expect(fresh.body).toEqual({ valid: true, msg: '' });
    const { client: buyer, cartId, contact: existing } = await readyVisitor(['qwzxv-email-owner.com']);
    expect((await commit(buyer, cartId)).status).toBe(200);
    const answer = await client.post('/api/validate', { email: existing.email.toUpperCase(), recaptchaToken: await client.botToken() });
    expect(answer.body.valid).toBe(false);
    expect(answer.body.msg.startsWith('/login')).toBe(true);
  });

  it('tells whether an email has an account only to a request with a solved bot check', async () => {
    const { client: buyer, cartId, contact: existing } = await readyVisitor(['qwzxv-email-secret.com']);
    expect((await commit(buyer, cartId)).status).toBe(200);
    const client = newClient();
    const known = await client.post('/api/validate', { email: existing.email });
    const unknown = await client.post('/api/validate', { email: 'nobody-here@example.org' });
    expect(known.status).toBe(400);
    expect(known.body.data).toEqual({ botCheckRequired: true });
    expect(unknown.body).toEqual(known.body);
    const token = await client.botToken();
    expect((await client.post('/api/validate', { email: existing.email, recaptchaToken: token })).body.msg).toMatch(/^\/login\?as=/);
    // Each answer costs a new proof of work.
    expect((await client.post('/api/validate', { email: existing.email, recaptchaToken: token })).status).toBe(400);
  });
});

describe('the session a visitor checkout hands over', () => {
  it('goes once, to the commit that created the account; a replay with the old cart cookie gets the order but no session', async () => {
    const { client, cartId } = await readyVisitor(['qwzxv-replayed-commit.com']);
    const oldCartCookie = client.cookies.get('ds_cart') as string;
    const done = await commit(client, cartId);
    expect(done.status).toBe(200);
    expect(client.cookies.has('ds_session')).toBe(true);

    const replayer = t.client({ ip: '198.51.100.99' });
    replayer.cookies.set('ds_cart', oldCartCookie);
    const replay = await commit(replayer, cartId);
    expect(replay.status).toBe(200);
    expect(replay.body.orderId).toBe(done.body.orderId);
    expect(replayer.cookies.has('ds_session')).toBe(false);
    expect((await replayer.get('/api/carts/0')).body.$isLoggedIn).toBe(false);

    // Nor after the owner changed the password.
    expect((await client.patch('/api/users/0', { password: 'a changed password', currentPassword: 'correct horse battery' })).status).toBe(200);
    const later = t.client({ ip: '198.51.100.98' });
    later.cookies.set('ds_cart', oldCartCookie);
    expect((await commit(later, cartId)).status).toBe(200);
    expect(later.cookies.has('ds_session')).toBe(false);
    expect((await later.get('/api/users/0')).status).toBe(401);
  });
});

describe('a business visitor with an EU VAT number', () => {
  it('is reverse-charged once VIES confirms the number, and the new account keeps it; a bad number is a 400 and changes nothing', async () => {
    const { client, cartId } = await readyVisitor(['qwzxv-b2b-visitor.com']);
    const german = await client.patch(`/api/carts/${cartId}`, { contact: { country: 'DE', state: 'Berlin' } });
    expect(german.body.$tax).toMatchObject({ rate: 0.19, reverseCharge: false });

    const malformed = await client.patch(`/api/carts/${cartId}`, { contact: { vatNumber: 'DE12' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/^DE12 is not a valid EU VAT number/);
    const foreign = await client.patch(`/api/carts/${cartId}`, { contact: { vatNumber: 'NL800000006B01' } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('This VAT number is from Netherlands, but your billing country is Germany');
    // A status sent by the client is not believed: only VIES's answer counts.
    const claimed = await client.patch(`/api/carts/${cartId}`, { contact: { vatStatus: 'confirmed' } });
    expect(claimed.body.$tax).toMatchObject({ rate: 0.19, reverseCharge: false });

    const confirmed = await client.patch(`/api/carts/${cartId}`, { contact: { vatNumber: 'de 100000008' } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.contact).toMatchObject({ vatNumber: 'DE100000008', vatStatus: 'confirmed' });
    expect(confirmed.body.$tax).toMatchObject({ reverseCharge: true, rate: 0 });
    expect(confirmed.body.taxPrice).toBe(0);

    const done = await commit(client, cartId);
    expect(done.status).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.orderId, done.body.orderId));
    expect(order.tax).toMatchObject({ reverseCharge: true, buyerTaxId: 'DE100000008' });
    const [account] = await t.db
      .select()
      .from(accounts)
      .where(eq(accounts.accountId, order.accountId as number));
    expect(account).toMatchObject({ vatNumber: 'DE100000008', vatStatus: 'confirmed' });
  });
});

describe('the email of a closed account', () => {
  it('is told the account was closed and how to go on, not to log in; nothing is charged', async () => {
    const closed = await readyVisitor(['qwzxv-closed-first.com'], '4242424242424242', 'came-back@example.org');
    expect((await commit(closed.client, closed.cartId)).status).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.email, 'came-back@example.org'));
    await t.db.update(accounts).set({ closedAt: new Date() }).where(eq(accounts.accountId, user.accountId));

    const again = await readyVisitor(['qwzxv-closed-again.com'], '4242424242424242', 'Came-Back@example.org');
    const before = (await payments().ledger()).length;
    const answer = await commit(again.client, again.cartId);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(emailOfClosedAccountMessage);
    expect(await intentsSince(before)).toEqual([]);
  });
});
