/**
 * Cards at checkout through the API: a card declined at commit or at setup, one that needs authentication at setup or
 * at commit, and a signed-in customer's saved cards (picked, added, made the default, removed).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkoutAnswerSchema } from '../../../api/contract/carts/checkout-answer.ts';
import { domains, users } from '../../../api/db/schema/index.ts';
import { createSession } from '../../../api/services/auth/sessions.ts';
import { useCheckoutContext } from '../../fixtures/checkout-context.ts';

const { t, payments, newClient, addCard, setup, readyVisitor, commit } = useCheckoutContext();

describe('payments at checkout', () => {
  it('answers a declined card with the provider message and leaves the cart intact', async () => {
    const { client, cartId } = await readyVisitor(['qwzxv-declined.com'], '4000000000000341');
    const declined = await commit(client, cartId);
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe('Your card was declined.');
    const cart = await client.get('/api/carts/0?$relations[]=cartItems');
    expect(cart.body.cartId).toBe(cartId);
    expect(cart.body.cartItems.map((i: { domain: string }) => i.domain)).toEqual(['qwzxv-declined.com']);
    // A working card then completes the same cart.
    await addCard(client, '4242424242424242');
    const done = await commit(client, cartId);
    expect(done.status).toBe(200);
  });

  it('refuses a card declined at setup with the provider message', async () => {
    const client = newClient();
    await client.post('/api/cartItems', { domain: 'qwzxv-setup-decline.com' });
    const setup = await addCard(client, '4000000000000002');
    expect(setup.status).toBe(402);
    expect(setup.body.message).toBe('Your card was declined.');
  });

  it('sets up a card that needs authentication only after the test dialog completes', async () => {
    const client = newClient();
    await client.post('/api/cartItems', { domain: 'qwzxv-three-d.com' });
    const pm = await client.post('/api/paymentMethods/sandboxCard', {
      number: '4000 0025 0000 3155',
      expMonth: 1,
      expYear: new Date().getFullYear() + 1,
      cvc: '999',
    });
    const first = await setup(client, { stripePaymentMethodId: pm.body.id });
    expect(first.body.setupIntent.status).toBe('requires_action');
    expect(first.body.paymentMethod).toBeNull();
    await client.post('/api/paymentMethods/sandboxAuthenticate', { intentId: first.body.setupIntent.id, outcome: 'complete' });
    const second = await setup(client, { stripePaymentMethodId: pm.body.id, stripeSetupIntentId: first.body.setupIntent.id });
    expect(second.body.setupIntent.status).toBe('succeeded');
    expect(second.body.paymentMethod.description).toMatch(/^Visa ending in 3155/);
  });

  it('asks for authentication at commit, then completes with the confirm call', async () => {
    const { client, cartId } = await readyVisitor(['qwzxv-auth-always.com'], '4000002760003184');
    // 3184 needs authentication at setup too
    const pending = await client.get('/api/carts/0');
    expect(pending.body.paymentSetupComplete).toBe(false);
    const methods = await client.post('/api/paymentMethods/sandboxCard', {
      number: '4000002760003184',
      expMonth: 2,
      expYear: new Date().getFullYear() + 1,
      cvc: '123',
    });
    const first = await setup(client, { stripePaymentMethodId: methods.body.id });
    await client.post('/api/paymentMethods/sandboxAuthenticate', { intentId: first.body.setupIntent.id, outcome: 'complete' });
    await setup(client, { stripePaymentMethodId: methods.body.id, stripeSetupIntentId: first.body.setupIntent.id });
    const asked = await commit(client, cartId);
    expect(asked.body.requiresAction).toBe(true);
    checkoutAnswerSchema.parse(asked.body);
    const again = await commit(client, cartId);
    expect(again.body.paymentIntentId).toBe(asked.body.paymentIntentId);
    await client.post('/api/paymentMethods/sandboxAuthenticate', { intentId: asked.body.paymentIntentId, outcome: 'complete' });
    const confirmed = await client.patch(`/api/carts/${cartId}`, { cartId, commit: true, a: { paymentIntentId: asked.body.paymentIntentId } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.requiresAction).toBe(false);
    checkoutAnswerSchema.parse(confirmed.body);
    expect((await payments().ledger()).find((p) => p.id === asked.body.paymentIntentId)?.status).toBe('succeeded');
  });
});

describe('logged-in checkout', () => {
  it('uses a saved card without contact or code steps', async () => {
    const visitor = await readyVisitor(['qwzxv-returning-one.com']);
    await commit(visitor.client, visitor.cartId);
    const [user] = await t.db.select().from(users).where(eq(users.email, visitor.contact.email));
    const client = newClient();
    const session = await createSession(t.db, { userId: user.userId, accountId: user.accountId, state: 'active' });
    client.cookies.set('ds_session', session.token);
    const added = await client.post('/api/cartItems', { domain: 'qwzxv-returning-two.net' });
    const cart = await client.get('/api/carts/0?$relations[]=cartItems');
    expect(cart.body.$isLoggedIn).toBe(true);
    expect(cart.body.$paymentMethods).toHaveLength(1);
    const picked = await client.patch(`/api/carts/${added.body.cartId}`, { paymentMethodId: cart.body.$paymentMethods[0].paymentMethodId });
    expect(picked.body.paymentMethodId).toBe(cart.body.$paymentMethods[0].paymentMethodId);
    const done = await commit(client, added.body.cartId);
    expect(done.status).toBe(200);
    const owned = await t.db.select().from(domains).where(eq(domains.accountId, user.accountId));
    expect(owned.map((d) => d.domain).sort()).toEqual(['qwzxv-returning-one.com', 'qwzxv-returning-two.net']);
    const pm = await client.post('/api/paymentMethods/sandboxCard', { number: '5555555555554444', expMonth: 3, expYear: 2041, cvc: '321' });
    const second = await setup(client, { stripePaymentMethodId: pm.body.id });
    expect(second.body.paymentMethod).toMatchObject({ description: 'Mastercard ending in 4444 (exp 03/41)', isDefault: false });
    const made = await client.patch(`/api/paymentMethods/${second.body.paymentMethod.paymentMethodId}`, { isDefault: true });
    expect(made.body.isDefault).toBe(true);
    const list = await client.get('/api/paymentMethods?status=active');
    expect(list.body.total).toBe(2);
    expect(list.body.data[0].paymentMethodId).toBe(second.body.paymentMethod.paymentMethodId);
    const removed = await client.delete(`/api/paymentMethods/${second.body.paymentMethod.paymentMethodId}`);
    expect(removed.body.status).toBe('deleted');
    const after = await client.get('/api/paymentMethods?status=active');
    expect(after.body.total).toBe(1);
    expect(after.body.data[0].isDefault).toBe(true);
    const other = newClient();
    expect((await other.delete(`/api/paymentMethods/${list.body.data[0].paymentMethodId}`)).status).toBe(404);
  });
});
