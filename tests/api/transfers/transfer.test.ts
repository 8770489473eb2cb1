import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains, registryDomains, transactions } from '../../../api/db/schema/index.ts';
import type { SandboxPayments } from '../../../api/providers/payments/sandbox.ts';
import { transferCheckResultSchema } from '../../../api/contract/transfers/transfer.ts';
import { formatMoney } from '../../../api/contract/money.ts';
import { premiumPrice } from '../../../api/providers/registry/sandbox-world.ts';
import { reconcileUnknownOrders } from '../../../api/services/checkout/reconcile-orders.ts';
import { catalogue } from '../../../api/services/search/catalogue.ts';
import { demoContact } from '../../../api/services/platform/seed.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('transfer check', () => {
  it('answers every reason of the sandbox world with prices and registry facts', async () => {
    await t.deps.providers.registry.register({ domain: 'qwzxv-already-ours.com', years: 1, contact: demoContact, nameservers: [] });
    const client = t.client();
    await client.post('/api/cartItems', { domain: 'transfer-in-cart.com', domainType: 'transfer' });
    const token = await client.botToken();
    const answer = await client.post(`/api/domainTransferCheck?token=${encodeURIComponent(token)}`, {
      domains: [
        'transfer-bakery.com',
        'locked-bakery.com',
        'newly-bakery.com',
        'maxed-bakery.com',
        'qwzxv-nobody-owns.com',
        'transfer-bakery.notarealtld',
        'qwzxv-already-ours.com',
        'transfer-in-cart.com',
        'Transfer-Bakery.com',
      ],
    });
    expect(answer.status).toBe(200);
    transferCheckResultSchema.array().parse(answer.body.domains);
    const byName = Object.fromEntries(answer.body.domains.map((d: { domain: string }) => [d.domain, d]));
    expect(answer.body.domains).toHaveLength(8);
    expect(byName['transfer-bakery.com']).toMatchObject({ ok: true, reason: null, transferPrice: expect.any(Number), renewPrice: expect.any(Number) });
    expect(byName['transfer-bakery.com'].registrarName).toBeTruthy();
    expect(byName['transfer-bakery.com'].expireDate).toMatch(/^\d{4}-/);
    expect(byName['locked-bakery.com']).toMatchObject({ ok: false, reason: 'locked' });
    expect(byName['newly-bakery.com']).toMatchObject({ ok: false, reason: 'too-new' });
    expect(byName['maxed-bakery.com']).toMatchObject({ ok: false, reason: 'too-far-in-the-future' });
    expect(byName['qwzxv-nobody-owns.com']).toMatchObject({ ok: false, reason: 'not-registered' });
    expect(byName['transfer-bakery.notarealtld']).toMatchObject({ ok: false, reason: 'unsupported-tld' });
    expect(byName['qwzxv-already-ours.com']).toMatchObject({ ok: false, reason: 'ours' });
    expect(byName['transfer-in-cart.com']).toMatchObject({ ok: false, reason: 'inCart' });
  });

  it('needs a bot-check token, used once', async () => {
    const client = t.client();
    expect((await client.post('/api/domainTransferCheck', { domains: ['transfer-x1.com'] })).status).toBe(400);
    const token = await client.botToken();
    expect((await client.post(`/api/domainTransferCheck?token=${encodeURIComponent(token)}`, { domains: ['transfer-x1.com'] })).status).toBe(200);
    expect((await client.post(`/api/domainTransferCheck?token=${encodeURIComponent(token)}`, { domains: ['transfer-x1.com'] })).status).toBe(400);
    expect((await client.post(`/api/domainTransferCheck?token=${encodeURIComponent(await client.botToken())}`, { domains: [] })).body.message).toMatch(
      /No domains entered/,
    );
  });

  it('adds transfers in one batch and a completed order leaves them pending with a year added', async () => {
    const client = t.client();
    const added = await client.post('/api/cartItems', [
      { type: 'domain', domain: 'transfer-batch-one.com', domainType: 'transfer', authCode: 'AUTH-1', price: 1 },
      { type: 'domain', domain: 'transfer-batch-two.net', domainType: 'transfer', authCode: '' },
    ]);
    expect(added.status).toBe(201);
    expect(added.body.map((i: { domainType: string }) => i.domainType)).toEqual(['transfer', 'transfer']);
    expect(added.body[0].yearOptions).toHaveLength(9);
    const { client: buyer } = await signedInBuyer(t, 'transfer-buyer@example.org');
    const cart = await buyer.post('/api/cartItems', { domain: 'transfer-logged-in.com', domainType: 'transfer' });
    const done = await buyer.patch(`/api/carts/${cart.body.cartId}`, { commit: true, a: {} });
    expect(done.status).toBe(200);
    const [domain] = await t.db.select().from(domains).where(eq(domains.domain, 'transfer-logged-in.com'));
    expect(domain).toMatchObject({ status: 'transfer', inboundTransferStatus: 'pending', privacyEnabled: true, autoRenewEnabled: true });
  });
});

const payments = () => t.deps.providers.payments as SandboxPayments;

type PricedItem = { domain: string; totalPrice: number };

async function buyTransfers(client: TestClient, items: { domain: string; authCode: string }[]) {
  const added = await client.post(
    '/api/cartItems',
    items.map((item) => ({ type: 'domain', domainType: 'transfer', ...item })),
  );
  expect(added.status).toBe(201);
  const cart = await client.get('/api/carts/0?$relations[]=cartItems');
  const prices = new Map<string, number>(cart.body.cartItems.map((i: PricedItem) => [i.domain, i.totalPrice]));
  const before = (await payments().ledger()).length;
  const answer = await client.patch(`/api/carts/${cart.body.cartId}`, { commit: true, a: {} });
  return { answer, prices, intents: async () => (await payments().ledger()).slice(before) };
}

describe('transfers the registry answers with auth-code-needed or auth-code-rejected', () => {
  it('records them in the account, waiting for a new code, and charges only the transfer the registry took', async () => {
    const { client, accountId } = await signedInBuyer(t, 'codes@example.org');
    const { answer, prices, intents } = await buyTransfers(client, [
      { domain: 'authneeded-qwzxv-one.com', authCode: '' },
      { domain: 'badcode-qwzxv-two.com', authCode: 'WRONG-CODE-1' },
      { domain: 'transfer-qwzxv-three.com', authCode: 'GOOD-CODE-1' },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      registered: ['transfer-qwzxv-three.com'],
      awaitingAuthCode: ['authneeded-qwzxv-one.com', 'badcode-qwzxv-two.com'],
      totalPrice: prices.get('transfer-qwzxv-three.com'),
    });
    expect(answer.body.message).toBe(
      'The transfer of authneeded-qwzxv-one.com, badcode-qwzxv-two.com waits for a new auth code from the current registrar, so it was not charged. Enter the code in My Domains; the transfer is charged when it goes ahead.',
    );
    expect(await intents()).toEqual([expect.objectContaining({ status: 'succeeded', amountReceived: prices.get('transfer-qwzxv-three.com') })]);

    const rows = await t.db.select().from(domains).where(eq(domains.accountId, accountId));
    const byName = Object.fromEntries(rows.map((row) => [row.domain, row]));
    expect(byName['authneeded-qwzxv-one.com']).toMatchObject({
      status: 'transfer',
      inboundTransferStatus: 'auth-code-needed',
      pendingCharge: prices.get('authneeded-qwzxv-one.com'),
    });
    expect(byName['badcode-qwzxv-two.com']).toMatchObject({
      status: 'transfer',
      inboundTransferStatus: 'auth-code-rejected',
      pendingCharge: prices.get('badcode-qwzxv-two.com'),
    });
    expect(byName['transfer-qwzxv-three.com']).toMatchObject({ status: 'transfer', inboundTransferStatus: 'pending', pendingCharge: null });
    const ledger = await t.db.select().from(transactions).where(eq(transactions.accountId, accountId));
    expect(ledger.map((row) => [row.type, row.amount])).toEqual([
      ['transfer', prices.get('transfer-qwzxv-three.com')],
      ['payment', -(prices.get('transfer-qwzxv-three.com') ?? 0)],
    ]);
    // The control panel shows them as transfers in progress.
    const list = await client.get('/api/domains');
    expect(list.body.data.filter((d: { $transferPending: boolean }) => d.$transferPending)).toHaveLength(3);
  });

  it('charges nothing when every transfer waits for a code, and still records them', async () => {
    const { client, accountId } = await signedInBuyer(t, 'only-codes@example.org');
    const { answer, intents } = await buyTransfers(client, [{ domain: 'badcode-qwzxv-alone.com', authCode: 'NOPE' }]);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ registered: [], awaitingAuthCode: ['badcode-qwzxv-alone.com'], totalPrice: 0 });
    expect((await intents()).map((p) => p.status)).toEqual(['canceled']);
    expect(await t.db.select().from(transactions).where(eq(transactions.accountId, accountId))).toEqual([]);
    const [row] = await t.db.select().from(domains).where(eq(domains.domain, 'badcode-qwzxv-alone.com'));
    expect(row).toMatchObject({ accountId, inboundTransferStatus: 'auth-code-rejected' });
  });
});

describe('a transfer request whose answer never came', () => {
  it('waits unconfirmed, then is charged once when the registry shows it pending for us', async () => {
    const { client, accountId } = await signedInBuyer(t, 'lost-transfer@example.org');
    const { answer, prices, intents } = await buyTransfers(client, [{ domain: 'transfer-timeout-qwzxv-shop.com', authCode: 'CODE-9' }]);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ unconfirmedDomains: ['transfer-timeout-qwzxv-shop.com'], totalPrice: 0 });
    expect((await intents()).map((p) => p.status)).toEqual(['requires_capture']);
    expect(await t.db.select().from(domains).where(eq(domains.accountId, accountId))).toEqual([]);

    await Promise.all([reconcileUnknownOrders(t.deps), reconcileUnknownOrders(t.deps, { accountId })]);
    expect(await intents()).toEqual([expect.objectContaining({ status: 'succeeded', amountReceived: prices.get('transfer-timeout-qwzxv-shop.com') })]);
    const [row] = await t.db.select().from(domains).where(eq(domains.accountId, accountId));
    expect(row).toMatchObject({ domain: 'transfer-timeout-qwzxv-shop.com', status: 'transfer', inboundTransferStatus: 'pending' });
    const ledger = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.accountId, accountId), inArray(transactions.type, ['transfer', 'payment'])));
    expect(ledger.map((r) => r.amount).sort((a, b) => a - b)).toEqual([
      -(prices.get('transfer-timeout-qwzxv-shop.com') ?? 0),
      prices.get('transfer-timeout-qwzxv-shop.com'),
    ]);
  });
});

describe('a name the registry prices as premium to transfer', () => {
  const supported = () => new Set(catalogue().list.map((tld) => tld.tld));

  it('is shown, added and charged at the registry fee, and the request acknowledges that fee', async () => {
    const domain = 'transfer-premium-qwzxv-studio.com';
    const fee = premiumPrice(domain);
    const standard = catalogue().forDomain(domain)!.transferPricing[0];
    expect(fee).not.toBeNull();
    expect(fee).not.toBe(standard);
    const { client, accountId } = await signedInBuyer(t, 'premium-transfer@example.org');
    const token = await client.botToken();
    const check = await client.post(`/api/domainTransferCheck?token=${encodeURIComponent(token)}`, { domains: [domain, 'transfer-qwzxv-plain.com'] });
    expect(check.body.domains).toEqual([
      expect.objectContaining({ domain, ok: true, premium: true, transferPrice: fee }),
      expect.objectContaining({ domain: 'transfer-qwzxv-plain.com', ok: true, premium: false, transferPrice: standard }),
    ]);

    const { answer, prices, intents } = await buyTransfers(client, [{ domain, authCode: 'GOOD-CODE-9' }]);
    expect(answer.status).toBe(200);
    expect(prices.get(domain)).toBe(fee);
    expect(await intents()).toEqual([expect.objectContaining({ status: 'succeeded', amountReceived: fee })]);
    const ledger = await t.db.select().from(transactions).where(eq(transactions.accountId, accountId));
    expect(ledger.map((row) => [row.type, row.amount])).toEqual([
      ['transfer', fee],
      ['payment', -(fee ?? 0)],
    ]);
    // The registry refuses a request that acknowledges another fee than its own.
    const refused = await t.deps.providers.registry.requestTransfer({
      domain: 'transfer-premium-qwzxv-other.com',
      authCode: 'GOOD-CODE-9',
      shownPrice: standard,
    });
    expect(refused).toMatchObject({ status: 'failed', reason: expect.stringMatching(/premium/) });
  });

  it('is not charged at the price in the cart when the registry fee changed since: the cart shows the new fee first', async () => {
    const domain = 'transfer-premium-qwzxv-bakery.com';
    const fee = premiumPrice(domain)!;
    const { client } = await signedInBuyer(t, 'premium-transfer-change@example.org');
    const added = await client.post('/api/cartItems', { type: 'domain', domain, domainType: 'transfer', authCode: 'GOOD-CODE-8' });
    expect(added.body).toMatchObject({ premium: true, price: fee });

    const registry = t.deps.providers.registry;
    const realCheck = registry.transferCheck;
    registry.transferCheck = async (name, tlds) => ({ ...(await realCheck(name, tlds)), premiumPrice: fee + 10000 });
    try {
      const before = (await payments().ledger()).length;
      const refused = await client.patch(`/api/carts/${added.body.cartId}`, { commit: true, a: {} });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(`The registry's transfer price of ${domain} has changed to ${formatMoney(fee + 10000)}. Please review your cart.`);
      expect((await payments().ledger()).slice(before)).toEqual([]);
      const cart = await client.get(`/api/carts/${added.body.cartId}?$relations[]=cartItems`);
      expect(cart.body.cartItems).toEqual([expect.objectContaining({ domain, premium: true, price: fee + 10000 })]);
    } finally {
      registry.transferCheck = realCheck;
    }
    expect(await registry.transferCheck(domain, supported())).toMatchObject({ ok: true, premiumPrice: fee });
  });
});

describe('a new auth code for a transfer whose registry fee changed since the order', () => {
  /**
   * A transfer ordered while the registry's check priced it at `paid` (null: the standard price), whose code the losing
   * registrar rejected: in the account, waiting for a new code, its price not charged yet.
   */
  async function orderedAt(domain: string, paid: number | null) {
    const registry = t.deps.providers.registry;
    const [realCheck, realRequest] = [registry.transferCheck, registry.requestTransfer];
    registry.transferCheck = async (name, tlds) => ({ ...(await realCheck(name, tlds)), premiumPrice: paid ?? undefined });
    registry.requestTransfer = async () => ({ status: 'auth-code-rejected' });
    try {
      const { client, accountId } = await signedInBuyer(t, `restart-${domain}@example.org`);
      const { answer, prices } = await buyTransfers(client, [{ domain, authCode: 'WRONG-CODE-1' }]);
      expect(answer.body).toMatchObject({ awaitingAuthCode: [domain], totalPrice: 0 });
      const [row] = await t.db.select().from(domains).where(eq(domains.accountId, accountId));
      expect(row).toMatchObject({ inboundTransferStatus: 'auth-code-rejected', pendingCharge: paid ?? prices.get(domain) });
      return { client, accountId, row };
    } finally {
      Object.assign(registry, { transferCheck: realCheck, requestTransfer: realRequest });
    }
  }
  /** Restarts with a good code: the answer, the payment intents it made, and what the account and registry hold after. */
  async function restart(client: TestClient, accountId: number, domainId: number, domain: string) {
    const before = (await payments().ledger()).length;
    const answer = await client.patch(`/api/domains/${domainId}`, { $restartInboundTransfer: 'Tr4nsfer#Code9' });
    return {
      answer,
      intents: (await payments().ledger()).slice(before).map((intent) => intent.status),
      ledger: await t.db.select().from(transactions).where(eq(transactions.accountId, accountId)),
      row: (await t.db.select().from(domains).where(eq(domains.domainId, domainId)))[0],
      atRegistry: await t.db.select().from(registryDomains).where(eq(registryDomains.domain, domain)),
    };
  }

  it.each([
    ['a premium fee other than the one paid', 'transfer-premium-qwzxv-restart.com', (fee: number) => fee - 5000],
    ['a premium on a name ordered at the standard price', 'transfer-premium-qwzxv-restart-plain.com', () => null],
  ])('is refused with the new fee, requesting and charging nothing, when the registry now asks %s', async (_, domain, paidOf) => {
    const fee = premiumPrice(domain)!;
    const { client, accountId, row } = await orderedAt(domain, paidOf(fee));
    const after = await restart(client, accountId, row.domainId, domain);
    expect(after.answer.status).toBe(409);
    expect(after.answer.body.message).toBe(
      `The registry's transfer price of ${domain} has changed to ${formatMoney(fee)} since your order, so the transfer was not requested and you were not charged. Please contact support.`,
    );
    expect(after).toMatchObject({ intents: [], ledger: [], atRegistry: [] });
    expect(after.row).toMatchObject({ inboundTransferStatus: 'auth-code-rejected', pendingCharge: row.pendingCharge });
  });

  it('is refused by the registry, charging nothing, when the fee changes between the restart check and the request', async () => {
    const domain = 'transfer-premium-qwzxv-restart-race.com';
    const fee = premiumPrice(domain)!;
    const { client, accountId, row } = await orderedAt(domain, fee - 5000);
    // The restart's own look still finds the fee paid; the request acknowledges that fee, which the registry refuses.
    const registry = t.deps.providers.registry;
    const realCheck = registry.transferCheck;
    registry.transferCheck = async (name, tlds) => ({ ...(await realCheck(name, tlds)), premiumPrice: fee - 5000 });
    try {
      const after = await restart(client, accountId, row.domainId, domain);
      expect(after.answer.status).toBe(502);
      expect(after.answer.body.message).toMatch(
        new RegExp(`^The registry did not accept the transfer of ${domain}: .*${(fee / 100).toFixed(2)}.*\\. You were not charged\\.$`),
      );
      expect(after).toMatchObject({ intents: ['canceled'], ledger: [], atRegistry: [] });
      expect(after.row).toMatchObject({ inboundTransferStatus: 'auth-code-rejected', pendingCharge: fee - 5000 });
    } finally {
      registry.transferCheck = realCheck;
    }
  });
});
