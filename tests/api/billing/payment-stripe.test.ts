import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
const webhookSecret = 'whsec_test_dotspot';

beforeAll(async () => {
  t = await createTestContext({
    env: { STRIPE_SECRET_KEY: 'sk_test_offline', STRIPE_PUBLISHABLE_KEY: 'pk_test_offline', STRIPE_WEBHOOK_SECRET: webhookSecret },
  });
});
afterAll(() => t.close());

describe('Stripe mode', () => {
  it('selects Stripe when the secret key is set and tells the browser to load Elements', async () => {
    expect(t.deps.providers.payments.name).toBe('stripe');
    const config = await t.client().get('/api/paymentMethods/config');
    expect(config.body).toEqual({ provider: 'stripe', publishableKey: 'pk_test_offline' });
  });

  it('never takes card numbers: the sandbox card form is off', async () => {
    const answer = await t.client().post('/api/paymentMethods/sandboxCard', { number: '4242424242424242', expMonth: 1, expYear: 2040, cvc: '123' });
    expect(answer.status).toBe(404);
  });

  it('accepts a webhook only with a valid signature', async () => {
    const payload = JSON.stringify({ id: 'evt_test', object: 'event', type: 'payment_intent.succeeded', data: { object: {} } });
    const stripe = new Stripe('sk_test_offline');
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const good = await t.client().request('POST', '/api/stripeWebhook', payload, { 'content-type': 'application/json', 'stripe-signature': signature });
    expect(good.status).toBe(200);
    expect(good.body).toEqual({ received: true });
    const forged = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    const bad = await t.client().request('POST', '/api/stripeWebhook', payload, { 'content-type': 'application/json', 'stripe-signature': forged });
    expect(bad.status).toBe(400);
  });
});
