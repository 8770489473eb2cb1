import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../fixtures/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('cart items', () => {
  it('prices terms, plans and protection on the server, whatever price the client sends', async () => {
    const client = t.client();
    const added = await client.post('/api/cartItems', { type: 'domain', domain: 'qwzxv-priced.com', price: 1, domainType: 'new' });
    expect(added.status).toBe(201);
    const id = added.body.cartItemId;
    expect(added.body.price).not.toBe(1);
    const oneYear = added.body.price;
    expect((await client.patch(`/api/cartItems/${id}`, { cartItemId: id, years: 11 })).status).toBe(400);
    await client.patch(`/api/cartItems/${id}`, { cartItemId: id, years: 3, protectionEnabled: true, emailEnabled: true, hostingEnabled: true });
    const cart = await client.get('/api/carts/0?$relations[]=cartItems');
    const item = cart.body.cartItems[0];
    expect(item.years).toBe(3);
    expect(item.price).toBe(item.yearOptions[2].price);
    expect(item.protectionPrice).toBe(1500);
    expect(item.monthlyPrice).toBe(899);
    expect(cart.body.oneTimePrice).toBe(item.price + 1500);
    expect(cart.body.monthlyPrice).toBe(899);
    expect(cart.body.totalPrice).toBe(item.price + 1500 + 899);
    expect(item.price).toBeGreaterThan(oneYear);
    await client.patch(`/api/cartItems/${id}`, { cartItemId: id, emailEnabled: false });
    expect((await client.get('/api/carts/0?$relations[]=cartItems')).body.monthlyPrice).toBe(500);
  });

  it('removes an item by patching it deleted, and DELETE answers the removed item', async () => {
    const client = t.client();
    const [a, b] = (await client.post('/api/cartItems', [{ domain: 'qwzxv-keep.com' }, { domain: 'qwzxv-drop.com' }])).body;
    await client.patch(`/api/cartItems/${a.cartItemId}`, { cartItemId: a.cartItemId, status: 'deleted' });
    const removed = await client.delete(`/api/cartItems/${b.cartItemId}`);
    expect(removed.body.domain).toBe('qwzxv-drop.com');
    const cart = await client.get('/api/carts/0?$relations[]=cartItems');
    expect(cart.body.cartItems).toEqual([]);
    expect(cart.body.totalPrice).toBe(0);
  });

  it('keeps the visitor password hashed and out of the cart view, and refuses a card that is not theirs', async () => {
    const client = t.client();
    const added = await client.post('/api/cartItems', { domain: 'qwzxv-private.com' });
    const patched = await client.patch(`/api/carts/${added.body.cartId}`, { contact: { firstName: 'Ada', password: 'a secret phrase' } });
    expect(patched.body.$hasPassword).toBe(true);
    expect(JSON.stringify(patched.body)).not.toContain('a secret phrase');
    expect(JSON.stringify(patched.body)).not.toContain('passwordHash');
    expect((await client.patch(`/api/carts/${added.body.cartId}`, { contact: { password: 'short' } })).body.message).toBe(
      'Password must be at least 8 characters',
    );
    const other = t.client();
    await other.post('/api/cartItems', { domain: 'qwzxv-other.com' });
    const pm = await other.post('/api/paymentMethods/sandboxCard', { number: '4242424242424242', expMonth: 1, expYear: 2040, cvc: '123' });
    const setup = await other.post('/api/paymentMethods/setup', { stripePaymentMethodId: pm.body.id, recaptchaToken: await other.botToken() });
    const stolen = await client.patch(`/api/carts/${added.body.cartId}`, { paymentMethodId: setup.body.paymentMethod.paymentMethodId });
    expect(stolen.status).toBe(400);
  });
});
