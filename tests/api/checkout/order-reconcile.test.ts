/**
 * Checkouts whose process died half-way, taken over once their lease lapses: the order and its lines are on record,
 * the registry is asked what it holds, and only that is recorded and charged, once, however often it is tried. Here
 * the "process" is a second app with leases of its own in this test process: it dies when its heartbeat stops while
 * one of its calls never returns (tests/api/checkout/checkout-crash.test.ts kills real processes). The lease runs on the one
 * clock, so moving it past 30 s is a lease lapsing.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app.ts';
import { ManualClock, useClock } from '../../../api/clock.ts';
import { carts, domains, orderLines, orders, registrantVerifications, registryDomains, transactions } from '../../../api/db/schema/index.ts';
import type { SandboxPayments } from '../../../api/providers/payments/sandbox.ts';
import { type CheckoutLeases, createCheckoutLeases, leaseMs } from '../../../api/services/checkout/checkout-leases.ts';
import { reconcileUnknownOrders } from '../../../api/services/checkout/reconcile-orders.ts';
import { demoContact } from '../../../api/services/platform/seed.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { scheduledJobRunner } from '../../fixtures/jobs.ts';
import { createTestContext, TestClient, type TestContext } from '../../fixtures/test-app.ts';

const stalls: Stall[] = [];

/** A call that stops there, as if its process died; `resume()` lets it carry on (a process that was only stalled). */
class Stall {
  private release: () => void = () => {};
  private reached: () => void = () => {};
  readonly hit = new Promise<void>((resolve) => {
    this.reached = resolve;
  });
  private readonly gate = new Promise<void>((resolve) => {
    this.release = resolve;
  });
  constructor(readonly name: string) {
    stalls.push(this);
  }
  async stop(): Promise<void> {
    this.reached();
    await this.gate;
  }
  resume() {
    this.release();
  }
}

let t: TestContext;
let stallRegistration: Stall | null = null;
let stallAuthorization: Stall | null = null;
let refuseRegistrations = new Set<string>();
const processes: CheckoutLeases[] = [];
/** Commits whose process "died": they end once their stalled call is let go, and must end before the database closes. */
const cut: Promise<unknown>[] = [];
const clock = new ManualClock(new Date());
let restoreClock: () => void;

beforeAll(async () => {
  restoreClock = useClock(clock);
  t = await createTestContext({
    providers: (defaults) => ({
      registry: {
        ...defaults.registry,
        register: async (input) => {
          if (refuseRegistrations.has(input.domain)) throw new Error(`${input.domain} is refused by the registry (injected by the test)`);
          const record = await defaults.registry.register(input);
          if (stallRegistration?.name === input.domain) await stallRegistration.stop();
          return record;
        },
      },
      payments: {
        ...defaults.payments,
        authorize: async (input) => {
          const intent = await defaults.payments.authorize(input);
          if (stallAuthorization && input.description.includes(stallAuthorization.name)) await stallAuthorization.stop();
          return intent;
        },
      },
    }),
  });
});
afterAll(async () => {
  for (const stall of stalls) stall.resume();
  await Promise.all(cut);
  await Promise.all(processes.map((leases) => leases.stop({ drainMs: 0 })));
  await t.close();
  restoreClock();
});

const payments = () => t.deps.providers.payments as SandboxPayments;

/** Another server process on the same database: its own leases (and heartbeat), the same providers. */
function otherProcess(options: { heartbeatMs?: number } = {}) {
  const leases = createCheckoutLeases(t.db, options);
  processes.push(leases);
  const app = createApp({ ...t.deps, checkoutLeases: leases });
  /** The same browser (its cookies) with its request sent to this process. */
  const browser = (client: TestClient) => {
    const other = new TestClient(app, client.ip);
    for (const [name, value] of client.cookies) other.cookies.set(name, value);
    return other;
  };
  return { leases, browser, die: () => leases.stop({ drainMs: 0 }) };
}

let buyers = 0;
/** A signed-in customer with a saved card, and a cart of new names. */
async function buyerWithCart(names: string[]): Promise<{ client: TestClient; accountId: number; cartId: number; prices: Map<string, number> }> {
  const { client, accountId } = await signedInBuyer(t, `cut-${++buyers}@example.org`);
  expect(
    (
      await client.post(
        '/api/cartItems',
        names.map((domain) => ({ type: 'domain', domain, domainType: 'new' })),
      )
    ).status,
  ).toBe(201);
  const cart = await client.get('/api/carts/0?$relations[]=cartItems');
  const prices = new Map<string, number>(cart.body.cartItems.map((item: { domain: string; totalPrice: number }) => [item.domain, item.totalPrice]));
  return { client, accountId, cartId: cart.body.cartId, prices };
}

const commit = (client: TestClient, cartId: number) => client.patch(`/api/carts/${cartId}`, { commit: true, a: {} });

const ledgerOf = async (accountId: number) =>
  (await t.db.select().from(transactions).where(eq(transactions.accountId, accountId)).orderBy(transactions.transactionId)).map((row) => [
    row.type,
    row.amount,
  ]);

const orderOf = async (cartId: number) => (await t.db.select().from(orders).where(eq(orders.cartId, cartId)))[0];

describe('an order whose checkout died after registering', () => {
  it('is taken over once its lease lapses: what the registry holds is recorded and charged once; the rest goes back to the cart', async () => {
    const [first, second, third] = ['qwzxv-cut-first.com', 'qwzxv-cut-second.com', 'qwzxv-cut-third.com'];
    const { client, accountId, cartId, prices } = await buyerWithCart([first, second, third]);
    const scheduled = scheduledJobRunner(t.deps);
    const intentsBefore = (await payments().ledger()).length;
    const web = otherProcess();
    stallRegistration = new Stall(second);
    // The process dies once the registry has registered the second name, before its answer is written down.
    const stalled = commit(web.browser(client), cartId);
    await stallRegistration.hit;
    await web.die();

    const order = await orderOf(cartId);
    expect(order).toMatchObject({ status: 'authorized', leaseOwner: web.leases.owner });
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.orderId)).orderBy(orderLines.orderLineId);
    expect(lines.map((line) => [line.domain, line.state])).toEqual([
      [first, 'delivered'],
      [second, 'pending'],
      [third, 'pending'],
    ]);
    // Before its lease lapses the order is the dead process's still: nothing takes it.
    clock.advance(leaseMs - 1000);
    expect(await reconcileUnknownOrders(t.deps)).toEqual({ settled: 0, waiting: 0 });

    // 30 s without a heartbeat: the next pass (here the 5-minute job's) takes it over.
    clock.advance(5 * 60_000);
    expect(await scheduled.runDue()).toMatchObject({ 'order-reconcile': { settled: 1, waiting: 0 } });
    const owned = await t.db.select().from(domains).where(eq(domains.accountId, accountId)).orderBy(domains.domain);
    expect(owned.map((d) => [d.domain, d.status])).toEqual([
      [first, 'active'],
      [second, 'active'],
    ]);
    const paid = (prices.get(first) ?? 0) + (prices.get(second) ?? 0);
    expect((await payments().ledger()).slice(intentsBefore)).toEqual([expect.objectContaining({ status: 'succeeded', amountReceived: paid })]);
    expect(await ledgerOf(accountId)).toEqual([
      ['nrc', prices.get(first)],
      ['nrc', prices.get(second)],
      ['payment', -paid],
    ]);
    const settled = await orderOf(cartId);
    expect(settled).toMatchObject({ status: 'completed', leaseOwner: t.deps.checkoutLeases.owner });
    // The name never asked for waits in the account's new cart; the old cart is checked out.
    const [oldCart] = await t.db.select().from(carts).where(eq(carts.cartId, cartId));
    expect(oldCart.status).toBe('checkedOut');
    const next = await client.get('/api/carts/0?$relations[]=cartItems');
    expect(next.body.cartItems.map((item: { domain: string }) => item.domain)).toEqual([third]);
    expect(await t.db.select().from(registryDomains).where(eq(registryDomains.domain, third))).toEqual([]);

    // Completed by the takeover, not by a checkout's answer: its follow-up still asks the registrant to verify (WAPS).
    await t.runJobs();
    const [asked] = await t.db.select().from(registrantVerifications).where(eq(registrantVerifications.accountId, accountId));
    expect(asked).toMatchObject({ status: 'pending', trigger: 'registration', email: demoContact.email.toLowerCase() });
    expect((await client.get('/api/registrantVerifications/0')).body).toMatchObject({ state: 'pending', email: demoContact.email.toLowerCase() });

    // Running again moves nothing.
    clock.advance(5 * 60_000);
    expect(await scheduled.runDue()).toMatchObject({ 'order-reconcile': { settled: 0, waiting: 0 } });
    expect((await payments().ledger()).slice(intentsBefore)).toHaveLength(1);
    expect(await ledgerOf(accountId)).toHaveLength(3);

    // The buyer reloading gets the order's answer.
    const replay = await commit(client, cartId);
    expect(replay.body).toMatchObject({ orderId: order.orderId, registered: [first, second], failedDomains: [third], totalPrice: paid });

    // Had the process only been frozen, waking up it finds the order is no longer its own: it asks the registry for
    // nothing more, moves no money, and answers with what the takeover settled.
    stallRegistration.resume();
    const late = await stalled;
    expect(late.status).toBe(200);
    expect(late.body).toEqual(replay.body);
    expect(await t.db.select().from(registryDomains).where(eq(registryDomains.domain, third))).toEqual([]);
    expect((await payments().ledger()).slice(intentsBefore)).toEqual([expect.objectContaining({ status: 'succeeded', amountReceived: paid })]);
    expect(await ledgerOf(accountId)).toHaveLength(3);
    expect(
      await t.db
        .select()
        .from(domains)
        .where(inArray(domains.domain, [first, second, third])),
    ).toHaveLength(2);
    stallRegistration = null;
  });
});

describe('an order whose checkout died while the payments provider answered', () => {
  it('is taken over by its buyer committing again: the authorisation whose id never came back is found by its key and released, and the retry says so', async () => {
    const name = 'qwzxv-cut-authorising.com';
    const { client, accountId, cartId, prices } = await buyerWithCart([name]);
    const intentsBefore = (await payments().ledger()).length;
    const web = otherProcess();
    stallAuthorization = new Stall(name);
    cut.push(commit(web.browser(client), cartId));
    await stallAuthorization.hit;
    await web.die();
    // The provider authorised; the process died before it wrote the intent's id down. The key it asked with is on record.
    const order = await orderOf(cartId);
    expect(order).toMatchObject({ status: 'pending', paymentIntentId: null, authorizeKey: `order-${order.orderId}-authorize-1` });
    expect((await payments().ledger()).slice(intentsBefore).map((intent) => intent.status)).toEqual(['requires_capture']);

    // The buyer commits again once the lease has lapsed: the retry takes the order over and answers with what it found.
    clock.advance(leaseMs + 1000);
    const retry = await commit(client, cartId);
    expect(retry.status).toBe(402);
    expect(retry.body.message).toBe(`Order ${order.orderId} did not finish, so nothing was registered and your card was not charged. Please check out again.`);
    expect((await payments().ledger()).slice(intentsBefore).map((intent) => intent.status)).toEqual(['canceled']);
    expect(await orderOf(cartId)).toMatchObject({ status: 'failed', paymentIntentId: (await payments().ledger()).at(-1)?.id });

    stallAuthorization = null;
    const again = await commit(client, cartId);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ orderId: order.orderId, registered: [name] });
    // The lost attempt's hold was released; the new attempt is charged once.
    expect((await payments().ledger()).slice(intentsBefore).map((intent) => intent.status)).toEqual(['canceled', 'succeeded']);
    expect(await ledgerOf(accountId)).toEqual([
      ['nrc', prices.get(name)],
      ['payment', -(prices.get(name) ?? 0)],
    ]);
  });
});

describe('a slow but live process', () => {
  it('keeps its order: the heartbeat runs while the registry call is in flight, and nothing takes it over', async () => {
    const [first, second] = ['qwzxv-slow-first.com', 'qwzxv-slow-second.com'];
    const { client, accountId, cartId, prices } = await buyerWithCart([first, second]);
    const web = otherProcess({ heartbeatMs: 50 });
    stallRegistration = new Stall(first);
    const slow = commit(web.browser(client), cartId);
    await stallRegistration.hit;
    // A minute passes inside one registry call; the heartbeat keeps the lease ahead of the clock all the same.
    clock.advance(60_000);
    await expect
      .poll(async () => (await orderOf(cartId)).leaseExpireDate?.getTime() ?? 0, { timeout: 10_000, interval: 20 })
      .toBeGreaterThan(clock.now().getTime());
    expect(await reconcileUnknownOrders(t.deps)).toEqual({ settled: 0, waiting: 0 });
    expect(await orderOf(cartId)).toMatchObject({ status: 'authorized', leaseOwner: web.leases.owner });

    stallRegistration.resume();
    const done = await slow;
    expect(done.status).toBe(200);
    expect(done.body.registered).toEqual([first, second]);
    const paid = (prices.get(first) ?? 0) + (prices.get(second) ?? 0);
    expect(await ledgerOf(accountId)).toEqual([
      ['nrc', prices.get(first)],
      ['nrc', prices.get(second)],
      ['payment', -paid],
    ]);
    stallRegistration = null;
    await web.die();
  });
});

describe('a second attempt cut half-way', () => {
  it('is finished from its own lines only: the first attempt refused names stay out of its answer, its charge and the new cart', async () => {
    const [first, second] = ['qwzxv-again-first.com', 'qwzxv-again-second.com'];
    const { client, accountId, cartId, prices } = await buyerWithCart([first, second]);
    const intentsBefore = (await payments().ledger()).length;
    // Attempt 1: the registry refuses both names, so the order fails and nothing is charged.
    refuseRegistrations = new Set([first, second]);
    const refused = await commit(client, cartId);
    expect(refused.status).toBe(502);
    refuseRegistrations = new Set();

    // Attempt 2 of the same order: its process dies once the registry has registered the second name.
    const web = otherProcess();
    stallRegistration = new Stall(second);
    cut.push(commit(web.browser(client), cartId));
    await stallRegistration.hit;
    await web.die();
    const order = await orderOf(cartId);
    expect((order.detail as { attempt: number }).attempt).toBe(2);
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.orderId)).orderBy(orderLines.orderLineId);
    expect(lines.map((line) => [line.attempt, line.domain, line.state])).toEqual([
      [1, first, 'failed'],
      [1, second, 'failed'],
      [2, first, 'delivered'],
      [2, second, 'pending'],
    ]);

    clock.advance(leaseMs + 1000);
    expect(await reconcileUnknownOrders(t.deps, { lapsedOnly: true })).toEqual({ settled: 1, waiting: 0 });
    const paid = (prices.get(first) ?? 0) + (prices.get(second) ?? 0);
    const answer = await commit(client, cartId);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ orderId: order.orderId, registered: [first, second], failedDomains: [], totalPrice: paid });
    expect((await payments().ledger()).slice(intentsBefore).map((intent) => [intent.status, intent.amountReceived])).toEqual([
      ['canceled', 0],
      ['succeeded', paid],
    ]);
    expect(await ledgerOf(accountId)).toEqual([
      ['nrc', prices.get(first)],
      ['nrc', prices.get(second)],
      ['payment', -paid],
    ]);
    const next = await client.get('/api/carts/0?$relations[]=cartItems');
    expect(next.body.cartItems).toEqual([]);
    stallRegistration.resume();
    stallRegistration = null;
  });
});
