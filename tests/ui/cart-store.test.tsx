// @vitest-environment happy-dom
/** The cart store: patches go one at a time, so a slow earlier answer never puts back what a later patch saved. */
import { afterEach, expect, test, vi } from 'vitest';
import { $cart, patchCart } from '../../site/stores/cart.ts';

afterEach(() => vi.unstubAllGlobals());

test('a later patch’s cart stands even when the earlier patch answers slowly', async () => {
  $cart.set({ cartId: 5, contact: {} } as never);
  const started: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit = {}) => {
      const body = JSON.parse(String(init.body));
      started.push(Object.keys(body).join());
      const contact = { firstName: 'Grace', ...(body.contact.phone ? { phone: body.contact.phone } : {}) };
      // The first patch (no phone) takes longer than the second would.
      await new Promise((resolve) => setTimeout(resolve, body.contact.phone ? 5 : 50));
      // A cart as the server answers one (a commit would answer the order instead, which has no item count).
      return new Response(JSON.stringify({ cartId: 5, itemCount: 0, contact }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  const first = patchCart({ contact: { firstName: 'Grace' } });
  const second = patchCart({ contact: { phone: '+14155550100' } });
  await expect(Promise.all([first, second])).resolves.toEqual([true, true]);
  expect(started).toEqual(['contact', 'contact']);
  expect($cart.get()?.contact).toEqual({ firstName: 'Grace', phone: '+14155550100' });
});
