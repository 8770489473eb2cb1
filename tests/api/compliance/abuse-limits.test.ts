/**
 * What strangers cannot do through checkout's open doors: send text messages at our cost (SMS pumping), try cards
 * (card testing), guess a phone code in parallel, or finish another visitor's card setup.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../../api/db/schema/index.ts';
import { maxCodeAttempts } from '../../../api/services/accounts/phone-verification.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ env: { BOT_CHECK_DIFFICULTY: '1' } });
});
afterAll(() => t.close());

let counter = 0;
const phone = () => `+1415558${String(1000 + ++counter)}`;

/** A visitor at `ip` with a cart. */
async function visitor(context: TestContext, ip: string): Promise<{ client: TestClient; cartId: number }> {
  const client = context.client({ ip });
  const added = await client.post('/api/cartItems', { domain: `qwzxv-abuse-${++counter}.com` });
  expect(added.status).toBe(201);
  return { client, cartId: added.body.cartId };
}

const sendCode = async (client: TestClient, cartId: number, to: string) =>
  client.post('/api/validate', { cartId, phone: to, recaptchaToken: await client.botToken() });

async function messagesTo(context: TestContext, to: string) {
  return context.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id));
}

async function newCard(client: TestClient, number = '4242424242424242'): Promise<string> {
  const pm = await client.post('/api/paymentMethods/sandboxCard', { number, expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' });
  expect(pm.status).toBe(201);
  return pm.body.id;
}

describe('sending a checkout phone code', () => {
  it('sends nothing without a solved bot check, and says a bot check is needed', async () => {
    const { client, cartId } = await visitor(t, '198.51.100.1');
    const to = phone();
    const bare = await client.post('/api/validate', { cartId, phone: to });
    expect(bare.status).toBe(400);
    expect(bare.body.data).toEqual({ botCheckRequired: true });
    const forged = await client.post('/api/validate', { cartId, phone: to, recaptchaToken: Buffer.from('{"challenge":{}}').toString('base64') });
    expect(forged.status).toBe(400);
    expect(await messagesTo(t, to)).toHaveLength(0);
    expect((await sendCode(client, cartId, to)).status).toBe(200);
    expect(await messagesTo(t, to)).toHaveLength(1);
  });

  it('stops one address after ten codes, whatever the carts and phones', async () => {
    const statuses: number[] = [];
    const phones: string[] = [];
    for (let i = 0; i < 11; i++) {
      const { client, cartId } = await visitor(t, '198.51.100.2');
      phones.push(phone());
      const answer = await sendCode(client, cartId, phones[i]);
      statuses.push(answer.status);
      if (i === 10) expect(answer.body.message).toMatch(/^Too many verification codes were requested from your network\. Please try again in \d+ minutes?\.$/);
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    expect(await messagesTo(t, phones[10])).toHaveLength(0);
  });

  it('judges at most five of fifty wrong codes sent at once, and then refuses the right one', async () => {
    const { client, cartId } = await visitor(t, '198.51.100.3');
    const to = phone();
    await sendCode(client, cartId, to);
    const code = /\b(\d{6})\b/.exec((await messagesTo(t, to))[0].body)?.[1] as string;
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(Array.from({ length: 50 }, () => client.post('/api/validate', { cartId, phone: to, code: wrong })));
    const judged = answers.filter((a) => a.body.msg === 'That code is not right. Check the text message and try again.');
    expect(judged.length).toBeGreaterThan(0);
    expect(judged.length).toBeLessThanOrEqual(maxCodeAttempts);
    const right = await client.post('/api/validate', { cartId, phone: to, code });
    expect(right.body).toEqual({ valid: false, msg: 'Too many wrong codes. Request a new code.' });
    expect((await client.get('/api/carts/0')).body.verified).toBe(false);
  });
});

describe('setting up a card', () => {
  it('saves no card without a solved bot check, and says a bot check is needed', async () => {
    const { client } = await visitor(t, '198.51.100.4');
    const bare = await client.post('/api/paymentMethods/setup', { stripePaymentMethodId: await newCard(client) });
    expect(bare.status).toBe(400);
    expect(bare.body.data).toEqual({ botCheckRequired: true });
    expect((await client.get('/api/paymentMethods')).body.total).toBe(0);
  });

  it('stops one address after thirty setups', async () => {
    const { client } = await visitor(t, '198.51.100.5');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const answer = await client.post('/api/paymentMethods/setup', { stripePaymentMethodId: await newCard(client), recaptchaToken: await client.botToken() });
      statuses.push(answer.status);
      if (i === 30) expect(answer.body.message).toMatch(/^Too many card attempts\. Please try again in \d+ minutes?\.$/);
    }
    expect(statuses).toEqual([...Array(30).fill(200), 429]);
  });

  it('refuses to finish a card setup another visitor started, and saves nothing for the intruder', async () => {
    const owner = await visitor(t, '198.51.100.6');
    const card = await newCard(owner.client, '4000002500003155');
    const started = await owner.client.post('/api/paymentMethods/setup', { stripePaymentMethodId: card, recaptchaToken: await owner.client.botToken() });
    expect(started.body.setupIntent.status).toBe('requires_action');
    await owner.client.post('/api/paymentMethods/sandboxAuthenticate', { intentId: started.body.setupIntent.id, outcome: 'complete' });

    const intruder = await visitor(t, '198.51.100.7');
    const stolen = await intruder.client.post('/api/paymentMethods/setup', {
      stripePaymentMethodId: card,
      stripeSetupIntentId: started.body.setupIntent.id,
      recaptchaToken: await intruder.client.botToken(),
    });
    expect(stolen.status).toBe(403);
    expect((await intruder.client.get('/api/paymentMethods')).body.total).toBe(0);
    expect((await intruder.client.get('/api/carts/0')).body.paymentSetupComplete).toBe(false);

    // The visitor who started it finishes it.
    const finished = await owner.client.post('/api/paymentMethods/setup', {
      stripePaymentMethodId: card,
      stripeSetupIntentId: started.body.setupIntent.id,
      recaptchaToken: await owner.client.botToken(),
    });
    expect(finished.status).toBe(200);
    expect(finished.body.paymentMethod.description).toMatch(/^Visa ending in 3155/);
  });
});

describe('caps across every visitor', () => {
  let capped: TestContext;
  beforeAll(async () => {
    capped = await createTestContext({ env: { BOT_CHECK_DIFFICULTY: '1', VERIFICATION_SMS_PER_HOUR: '3', CARD_SETUPS_PER_HOUR: '3' } });
  });
  afterAll(() => capped.close());

  it('sends no more phone codes in an hour than VERIFICATION_SMS_PER_HOUR, from any number of addresses', async () => {
    const statuses: number[] = [];
    const phones: string[] = [];
    for (let i = 0; i < 4; i++) {
      const { client, cartId } = await visitor(capped, `203.0.113.${i + 1}`);
      phones.push(phone());
      const answer = await sendCode(client, cartId, phones[i]);
      statuses.push(answer.status);
      if (i === 3) expect(answer.body.message).toMatch(/^We are sending too many verification codes right now\. Please try again in \d+ minutes?\.$/);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await messagesTo(capped, phones[3])).toHaveLength(0);
  });

  it('sets up no more cards in an hour than CARD_SETUPS_PER_HOUR, from any number of addresses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const { client } = await visitor(capped, `203.0.113.${i + 11}`);
      const answer = await client.post('/api/paymentMethods/setup', { stripePaymentMethodId: await newCard(client), recaptchaToken: await client.botToken() });
      statuses.push(answer.status);
      if (i === 3) expect(answer.body.message).toMatch(/^We are setting up too many cards right now\./);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
