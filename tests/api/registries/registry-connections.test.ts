/**
 * Several registry connections behind one storefront: each extension sells through its own connection, one that is
 * down or paused refuses only its own names (before any charge), and a premium price that changed between cart and
 * checkout is refused. The connections here are the in-process sandbox behind the router; tests/unit/registry-router
 * runs the same router over EPP.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registriesOverviewSchema } from '../../../api/contract/registries.ts';
import { auditLog } from '../../../api/db/schema/index.ts';
import { appOperations } from '../../../api/openapi/app-operations.ts';
import type { SandboxPayments } from '../../../api/providers/payments/sandbox.ts';
import type { RegistryProvider } from '../../../api/providers/registry/index.ts';
import { createRegistryRouter, type RoutedConnection } from '../../../api/providers/registry/router.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { staffClient } from '../../fixtures/staff.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
let pirDown = false;
let premiumRaise = 0;

function connection(name: string, extensions: string[], provider: RegistryProvider): RoutedConnection {
  return { name, extensions, host: 'sandbox', port: 700, username: `dotspot-${name}`, sessions: 1, commandsPerSecond: 50, contacts: 'required', provider };
}

beforeAll(async () => {
  t = await createTestContext({
    env: { BOT_CHECK_DIFFICULTY: '1' },
    providers: (defaults) => {
      const sandbox = defaults.registry;
      const verisign: RegistryProvider = {
        ...sandbox,
        checkStreaming: (domains, listener) =>
          sandbox.checkStreaming(domains, {
            ...listener,
            onAnswers: (answers) =>
              listener.onAnswers(answers.map((a) => (a.premiumPrice != null ? { ...a, premiumPrice: a.premiumPrice + premiumRaise } : a))),
          }),
      };
      const pir: RegistryProvider = {
        ...sandbox,
        checkStreaming: (domains, listener) => {
          if (pirDown) listener.onFailure(domains, new Error('Could not connect to the registry at epp.pir.test:700: ECONNREFUSED'));
          else sandbox.checkStreaming(domains, listener);
        },
      };
      const byExtension = new Map([
        ['com', 'verisign'],
        ['net', 'verisign'],
        ['org', 'pir'],
      ]);
      const registry = createRegistryRouter({
        connections: [connection('verisign', ['com', 'net'], verisign), connection('pir', ['org'], pir)],
        byExtension,
        unserved: ['shop'],
        defaultNameservers: sandbox.defaultNameservers,
        name: 'sandbox',
      });
      return { registry };
    },
  });
});
afterAll(() => t.close());

const payments = () => t.deps.providers.payments as SandboxPayments;
let people = 0;
const buyer = () => signedInBuyer(t, `registries-${++people}@example.org`);

const add = (client: TestClient, domain: string, domainType = 'new') => client.post('/api/cartItems', [{ type: 'domain', domainType, domain, years: 1 }]);
const commit = (client: TestClient, cartId: number) => client.patch(`/api/carts/${cartId}`, { commit: true, $redirectHost: 'localhost', a: {} });

describe('registry connections at the storefront', () => {
  it('a registry that is down refuses only its own names, before any charge, and the rest still sell', async () => {
    const { client } = await buyer();
    const org = await add(client, 'qzvbx-isolated-one.org');
    expect(org.status).toBe(201);
    pirDown = true;
    try {
      expect((await add(client, 'qzvbx-isolated-two.org')).status).toBe(503);
      const charges = (await payments().ledger()).length;
      const refused = await commit(client, org.body[0].cartId);
      expect(refused.status).toBe(503);
      expect(refused.body.message).toContain('Nothing was charged');
      expect((await payments().ledger()).length).toBe(charges);

      const other = await buyer();
      const com = await add(other.client, 'qzvbx-isolated-three.com');
      expect(com.status).toBe(201);
      expect((await commit(other.client, com.body[0].cartId)).status).toBe(200);
    } finally {
      pirDown = false;
    }
    expect((await commit(client, org.body[0].cartId)).status).toBe(200);
  });

  it('search answers names of a registry that is down as unknown, and names of an extension with no connection as not available here', async () => {
    const answers = await t.deps.providers.registry.check(['qzvbx-search.com', 'qzvbx-search.shop']);
    expect(answers.map((a) => [a.domain, a.available, a.reason])).toEqual([
      ['qzvbx-search.com', true, undefined],
      ['qzvbx-search.shop', false, 'not-offered'],
    ]);
    pirDown = true;
    try {
      const check = await (await buyer()).client.get('/api/domainSearch/check?domain=qzvbx-search.org');
      expect(check.status).toBe(503);
    } finally {
      pirDown = false;
    }
  });

  it('refuses a premium name whose registry price changed between cart and checkout, charging nothing', async () => {
    const { client } = await buyer();
    const added = await add(client, 'qzvbk.com', 'premium');
    expect(added.status).toBe(201);
    expect(added.body[0].domainType).toBe('premium');
    premiumRaise = 10_000;
    try {
      const charges = (await payments().ledger()).length;
      const refused = await commit(client, added.body[0].cartId);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/The registry price of qzvbk\.com has changed to \$[\d,.]+ for one year/);
      expect((await payments().ledger()).length).toBe(charges);
    } finally {
      premiumRaise = 0;
    }
  });
});

describe('the Registries screen', () => {
  it('lists the connections to owner and support; only the owner pauses one, with a reason, and its names stop selling until resumed', async () => {
    const owner = await staffClient(t, 'owner');
    const support = await staffClient(t, 'support');
    const billing = await staffClient(t, 'billing');
    const list = await support.client.get('/api/admin/registries');
    expect(list.status).toBe(200);
    registriesOverviewSchema.parse(list.body);
    expect(list.body.connections.map((c: { name: string }) => c.name)).toEqual(['verisign', 'pir']);
    expect(list.body.unserved).toEqual(['shop']);
    expect((await billing.client.get('/api/admin/registries')).status).toBe(403);
    expect((await support.client.get('/api/admin/registries/extensions/.ORG')).body).toEqual({
      extension: 'org',
      connection: 'pir',
      forSale: true,
      paused: false,
    });
    expect((await support.client.post('/api/admin/registries/pir/pause', { reason: 'registry maintenance' })).status).toBe(403);
    expect((await owner.client.post('/api/admin/registries/pir/pause', { reason: '' })).status).toBe(400);
    expect((await owner.client.post('/api/admin/registries/nowhere/pause', { reason: 'registry maintenance' })).status).toBe(404);

    const paused = await owner.client.post('/api/admin/registries/pir/pause', { reason: 'registry maintenance' });
    expect(paused.status).toBe(200);
    registriesOverviewSchema.parse(paused.body);
    expect(paused.body.connections.find((c: { name: string }) => c.name === 'pir').paused.reason).toBe('registry maintenance');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'registry.pause'), eq(auditLog.targetId, 'pir')));
    expect(entry).toMatchObject({ staffId: owner.staffId, reason: 'registry maintenance' });

    const { client } = await buyer();
    expect((await add(client, 'qzvbx-paused.org')).status).toBe(503);
    expect((await add(client, 'qzvbx-not-paused.com')).status).toBe(201);
    expect((await support.client.get('/api/admin/registries/extensions/org')).body).toMatchObject({ forSale: false, paused: true });

    expect((await owner.client.post('/api/admin/registries/pir/resume', {})).status).toBe(200);
    expect((await owner.client.post('/api/admin/registries/pir/resume', {})).status).toBe(409);
    expect((await add(client, 'qzvbx-paused.org')).status).toBe(201);
    const commands = await support.client.get('/api/admin/registries/commands?domain=qzvbx-paused.org');
    expect(commands.status).toBe(200);
    appOperations['GET /admin/registries/commands'].response.schema.parse(commands.body);
  });
});
