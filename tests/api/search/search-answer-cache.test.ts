/**
 * Over EPP a search may reuse a registry's answer for a few seconds; a cart and checkout never do. A name another
 * registrar took since a search found it free is still shown free to the next search for a moment, but adding it to a
 * cart asks the registry and is refused, and a name taken after it went into a cart is refused at checkout, uncharged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registryDomains } from '../../../api/db/schema/index.ts';
import type { SandboxPayments } from '../../../api/providers/payments/sandbox.ts';
import type { Availability } from '../../../api/providers/registry/index.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ overEpp: true });
});
afterAll(() => t.close());

/** What a search's registry check answers for `names`. */
function searchCheck(names: string[]): Promise<Availability[]> {
  return new Promise((resolve, reject) => {
    const answers: Availability[] = [];
    t.deps.providers.registry.checkStreaming(names, {
      onAnswers(list) {
        answers.push(...list);
        if (answers.length === names.length) resolve(answers);
      },
      onFailure: (_names, error) => reject(error),
    });
  });
}

/** Another registrar registers the name at the (sandbox) registry. */
const takenElsewhere = (domain: string) =>
  t.db.insert(registryDomains).values({ domain, registrarName: 'Other Registrar LLC', authCode: 'other-code', expireDate: new Date(Date.UTC(2030, 0, 1)) });

const add = (client: TestClient, domain: string) => client.post('/api/cartItems', [{ type: 'domain', domainType: 'new', domain, years: 1 }]);
const commit = (client: TestClient, cartId: number) => client.patch(`/api/carts/${cartId}`, { commit: true, $redirectHost: 'localhost', a: {} });

describe('the search answer cache and the cart', () => {
  it('shows a search the recent answer, while the cart asks the registry again and refuses a name taken meanwhile', async () => {
    const domain = 'qzvbx-taken-since-search.com';
    expect(await searchCheck([domain])).toEqual([{ domain, available: true }]);
    await takenElsewhere(domain);
    expect(await searchCheck([domain])).toEqual([{ domain, available: true }]);
    const { client } = await signedInBuyer(t, 'cache-cart@example.org');
    const added = await add(client, domain);
    expect(added.status).toBe(409);
    expect(added.body.message).toBe(`${domain} is no longer available`);
  });

  it('refuses at checkout, charging nothing, a name taken after it went into the cart', async () => {
    const domain = 'qzvbx-taken-after-cart.com';
    const { client } = await signedInBuyer(t, 'cache-checkout@example.org');
    const added = await add(client, domain);
    expect(added.status).toBe(201);
    expect(await searchCheck([domain])).toEqual([{ domain, available: true }]);
    await takenElsewhere(domain);
    const payments = t.deps.providers.payments as SandboxPayments;
    const charges = (await payments.ledger()).length;
    const refused = await commit(client, added.body[0].cartId);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(`${domain} is no longer available`);
    expect((await payments.ledger()).length).toBe(charges);
  });
});
