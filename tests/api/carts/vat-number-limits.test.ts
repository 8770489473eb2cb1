/**
 * The cart's VAT number check asks VIES, an outside service, for every number typed: sent a dozen at once, it still
 * asks at most ten times in 15 minutes per cart, answers the rest with a 429 that says when to try again, and never
 * fails with a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('VAT numbers checked in the cart', () => {
  it('asks VIES at most ten times for one cart, however many checks arrive at once', async () => {
    const client = t.client({ ip: '10.9.0.1' });
    const added = await client.post('/api/cartItems', [{ domain: 'qwzxv-vat-flood.com', type: 'domain', domainType: 'new' }]);
    expect(added.status).toBe(201);
    const cartId = added.body[0].cartId;
    expect((await client.patch(`/api/carts/${cartId}`, { contact: { country: 'DE', state: 'Berlin' } })).status).toBe(200);

    const { vies } = t.deps.providers;
    const check = vies.check;
    let asked = 0;
    vies.check = (country, number) => {
      asked++;
      return check.call(vies, country, number);
    };
    try {
      // Twelve different numbers (each a well-formed German one, so every one would need VIES), all at once.
      const numbers = ['DE100000008', 'DE111111125', 'DE122222226', 'DE133333335', 'DE144444444', 'DE155555553', 'DE166666662'];
      const typed = Array.from({ length: 12 }, (_, i) => `${numbers[i % numbers.length]}${' '.repeat(Math.floor(i / numbers.length))}`);
      const answers = await Promise.all(typed.map((vatNumber) => client.patch(`/api/carts/${cartId}`, { contact: { vatNumber } })));
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      expect(statuses.filter((status) => status === 429)).toHaveLength(2);
      const refused = answers.find((answer) => answer.status === 429);
      expect(refused?.body.message).toMatch(/^Too many VAT number checks for this cart\. Please try again in \d+ minutes?\.$/);
      expect(asked).toBeLessThanOrEqual(10);
    } finally {
      vies.check = check;
    }
  });
});
