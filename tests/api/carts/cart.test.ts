import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItemSchema, cartSchema } from '../../../api/contract/carts/cart.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

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

  it('registers a premium name for one year, the term its registry price covers, refuses a longer one, and shows its premium renewal', async () => {
    const client = t.client();
    const added = await client.post('/api/cartItems', { domain: 'qxzvw.com', years: 3 });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ domainType: 'premium', years: 1 });
    expect(added.body.yearOptions).toEqual([{ years: 1, price: added.body.price }]);
    // The sandbox registry renews a premium name at its premium price: the cart says so, not the catalogue's renewal.
    expect(added.body.renewalPrice).toBe(added.body.price);
    const longer = await client.patch(`/api/cartItems/${added.body.cartItemId}`, { cartItemId: added.body.cartItemId, years: 2 });
    expect(longer.status).toBe(400);
    expect(longer.body.message).toBe('years: must be one of 1');
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
    cartSchema.parse(patched.body);
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

  it('adds a name once when one request names it twice, in any case', async () => {
    const client = t.client();
    const added = await client.post('/api/cartItems', [{ domain: 'qwzxv-Repeat.com' }, { domain: 'QWZXV-repeat.com' }]);
    expect(added.status).toBe(201);
    expect(added.body[0].cartItemId).toBe(added.body[1].cartItemId);
    expect((await client.get('/api/carts/0')).body.itemCount).toBe(1);
  });

  it('refuses to bring back a removed item whose name was added again', async () => {
    const client = t.client();
    const first = await client.post('/api/cartItems', { domain: 'qwzxv-back.com' });
    await client.delete(`/api/cartItems/${first.body.cartItemId}`);
    await client.post('/api/cartItems', { domain: 'qwzxv-back.com' });
    const revived = await client.patch(`/api/cartItems/${first.body.cartItemId}`, { status: 'active' });
    expect(revived.status).toBe(409);
    expect(revived.body.message).toBe('qwzxv-back.com is already in your cart');
    expect((await client.get('/api/carts/0')).body.itemCount).toBe(1);
  });

  it('answers carts and cart items in the shapes the contract gives the site', async () => {
    const client = t.client();
    expect(cartSchema.safeParse((await client.get('/api/carts/0')).body).error).toBeUndefined();
    const added = await client.post('/api/cartItems', { domain: 'qwzxv-shape.com' });
    expect(cartItemSchema.safeParse(added.body).error).toBeUndefined();
    const patched = await client.patch('/api/carts/0', { contact: { firstName: 'Ada', phone: '+14155550100', password: 'a secret phrase' } });
    expect(cartSchema.safeParse(patched.body).error).toBeUndefined();
    expect(patched.body.cartItems).toHaveLength(1);
    const cart = await client.get('/api/carts/0?$relations[]=cartItems');
    expect(cartSchema.safeParse(cart.body).error).toBeUndefined();
    expect(cart.body.createDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});

describe('a double click on Add to cart', () => {
  const clicks = 4;
  let racing: TestContext;
  beforeAll(async () => {
    // The registry answers the clicks' checks together, so every request has looked for the name before any adds it.
    const waiting: (() => void)[] = [];
    racing = await createTestContext({
      providers: (defaults) => {
        const registry = Object.create(defaults.registry) as typeof defaults.registry;
        registry.check = async (names) => {
          if (names.includes('qwzxv-twice.com')) {
            await new Promise<void>((resolve) => {
              waiting.push(resolve);
              if (waiting.length === clicks) for (const release of waiting.splice(0)) release();
            });
          }
          return defaults.registry.check(names);
        };
        return { registry };
      },
    });
  });
  afterAll(() => racing.close());

  it('adds the name once, and answers every click with that one item', async () => {
    const client = racing.client();
    await client.post('/api/cartItems', { domain: 'qwzxv-first.com' });
    const adds = await Promise.all(Array.from({ length: clicks }, () => client.post('/api/cartItems', { domain: 'qwzxv-twice.com' })));
    expect(adds.map((a) => a.status)).toEqual(Array(clicks).fill(201));
    expect(new Set(adds.map((a) => a.body.cartItemId)).size).toBe(1);
    const cart = await client.get('/api/carts/0?$relations[]=cartItems');
    expect(cart.body.cartItems.map((i: { domain: string }) => i.domain)).toEqual(['qwzxv-first.com', 'qwzxv-twice.com']);
  });
});
