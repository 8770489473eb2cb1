import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryNames } from '../../../api/contract/search/categories.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('API conventions', () => {
  it('lists the catalogue as { total, limit, skip, data } sorted by the $sort word', async () => {
    const { status, body } = await t.client().get('/api/tlds?$sort[tld]=1');
    expect(status).toBe(200);
    expect(body.total).toBeGreaterThanOrEqual(380);
    expect(body.skip).toBe(0);
    expect(body.data).toHaveLength(body.total);
    const names = body.data.map((d: { tld: string }) => d.tld);
    expect(names).toEqual([...names].sort());
    const com = body.data.find((d: { tld: string }) => d.tld === 'com');
    expect(com.categories).toContain('popular');
    expect(com.newPricing).toHaveLength(10);
    expect(Number.isInteger(com.newPricing[0])).toBe(true);
  });

  it('sorts descending, pages with limit and skip, and filters by plain fields', async () => {
    const client = t.client();
    const page = await client.get('/api/tlds?$sort[tld]=-1&limit=3&skip=1');
    expect(page.body.limit).toBe(3);
    expect(page.body.data).toHaveLength(3);
    expect(page.body.data[0].tld > page.body.data[1].tld).toBe(true);
    const popular = await client.get('/api/tlds?categories=popular');
    expect(popular.body.total).toBeGreaterThan(0);
    expect(popular.body.data.every((d: { categories: string[] }) => d.categories.includes('popular'))).toBe(true);
  });

  it('names every category key in domainSearch metadata', async () => {
    const { body } = await t.client().get('/api/domainSearch');
    for (const key of ['all', 'animals', 'cctlds', 'popular', 'premium', 'travel']) {
      expect(body.categoryNames[key]).toBe(categoryNames[key as keyof typeof categoryNames]);
    }
  });

  it('answers bad input with a 400 and a readable message, never a 500', async () => {
    const client = t.client();
    const badSort = await client.get('/api/tlds?$sort[tld]=up');
    expect(badSort.status).toBe(400);
    expect(badSort.body).toMatchObject({ name: 'BadRequest', code: 400, message: '$sort[tld] must be 1 or -1' });
    const badJson = await client.request('POST', '/api/cartItems', '{not json');
    expect(badJson.status).toBe(400);
    expect(badJson.body.message).toBe('The request body is not valid JSON');
    const badId = await client.get('/api/carts/abc');
    expect(badId.status).toBe(400);
    const badRelation = await client.get('/api/carts/0?$relations[]=secrets');
    expect(badRelation.status).toBe(400);
    expect(badRelation.body.message).toContain('Unknown relation secrets');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const { status, body } = await t.client().get('/api/nothing-here');
    expect(status).toBe(404);
    expect(body).toEqual({ name: 'NotFound', code: 404, message: 'No API route for GET /api/nothing-here' });
  });

  it('refuses unsafe requests from another origin', async () => {
    const { status, body } = await t.client().post('/api/cartItems', { domain: 'example-shop.com' }, { origin: 'https://evil.example' });
    expect(status).toBe(403);
    expect(body.message).toBe('Cross-site requests are not allowed');
  });

  it('gives an anonymous visitor an httpOnly SameSite=Lax cart cookie and keeps their cart', async () => {
    const client = t.client();
    const added = await client.post('/api/cartItems', { domain: 'qwzxv-unusual-shop.com', price: 1 });
    expect(added.status).toBe(201);
    expect(added.body.price).toBe(1028);
    const cookie = added.headers.getSetCookie().join(';');
    expect(cookie).toMatch(/ds_cart=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const cart = await client.get('/api/carts/0?$relations[]=cartItems');
    expect(cart.body.cartItems.map((i: { domain: string }) => i.domain)).toEqual(['qwzxv-unusual-shop.com']);
    expect(cart.body.totalPrice).toBe(1028);
    expect(cart.body.$isLoggedIn).toBe(false);
  });

  it("answers another visitor's cart with 403", async () => {
    const owner = t.client();
    const added = await owner.post('/api/cartItems', { domain: 'qwzxv-private-cart.com' });
    const stranger = t.client();
    await stranger.post('/api/cartItems', { domain: 'qwzxv-stranger-cart.com' });
    const peek = await stranger.get(`/api/carts/${added.body.cartId}`);
    expect(peek.status).toBe(403);
    const edit = await stranger.patch(`/api/cartItems/${added.body.cartItemId}`, { years: 2 });
    expect(edit.status).toBe(403);
  });
});
