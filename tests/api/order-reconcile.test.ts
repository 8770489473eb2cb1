/**
 * The order-reconcile job finishing checkouts whose process died half-way: the order and its lines are on record, the
 * registry is asked what it holds, and only that is recorded and charged, once, however often the job runs. The
 * "crash" is a registry or payments call that never returns, as a dead process never does.
 */
import { addMinutes } from 'date-fns';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, useClock } from '../../api/clock.ts';
import { carts, domains, orderLines, orders, registryDomains, transactions, } from '../../api/db/schema/index.ts';
import type { SandboxPayments } from '../../api/providers/payments/sandbox.ts';
import { scheduledJobRunner } from '../fixtures/jobs.ts';
import { signedInBuyer } from '../fixtures/buyers.ts';
import { createTestContext, type TestClient, type TestContext } from '../fixtures/test-app.ts';

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
  constructor(readonly name: string) {}
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
const clock = new ManualClock(new Date());
let restoreClock: () => void;

beforeAll(async () => {
  restoreClock = useClock(clock);
  t = await createTestContext({
    providers: (defaults) => ({
      registry: {
        ...defaults.registry,
        register: async (input) => {
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
  stallRegistration?.resume();
  stallAuthorization?.resume();
  await t.close();
  restoreClock();
});

const payments = () => t.deps.providers.payments as SandboxPayments;

let buyers = 0;
/** A signed-in customer with a saved card, and a cart of new names. */
async function buyerWithCart(names: string[]): Promise<{ client: TestClient; accountId: number; cartId: number; prices: Map<string, number> }> {
  const { client, accountId } = await signedInBuyer(t, `stopped-${++buyers}@example.org`);
  expect((await client.post('/api/cartItems', names.map((domain) => ({ type: 'domain', domain, domainType: 'new' })))).status).toBe(201);
  const cart = await client.get('/api/carts/0?$relations[]=cartItems');
  const prices = new Map<string, number>(cart.body.cartItems.map((item: { domain: string; totalPrice: number }) => [item.domain, item.totalPrice]));
  return { client, accountId, cartId: cart.body.cartId, prices };
}

const commit = (client: TestClient, cartId: number) => client.patch(`/api/carts/${cartId}`, { commit: true, a: {} });

const ledgerOf = async (accountId: number) =>
  (await t.db.select().from(transactions).where(eq(transactions.accountId, accountId)).orderBy(transactions.transactionId)).map((row) => [row.type, row.amount]);

describe('an order whose checkout died after registering', () => {
  it('is finished by the job 15 minutes later: what the registry holds is recorded and charged once; the rest goes back to the cart', async () => {
    const [first, second, third] = ['qwzxv-stopped-first.com', 'qwzxv-stopped-second.com', 'qwzxv-stopped-third.com'];
    const { client, accountId, cartId, prices } = await buyerWithCart([first, second, third]);
    const scheduled = scheduledJobRunner(t.deps);
    const intentsBefore = (await payments().ledger()).length;
    stallRegistration = new Stall(second);
    // The process "dies" once the registry has registered the second name, before its answer is written down.
    const stalled = commit(client, cartId);
    await stallRegistration.hit;

    const [order] = await t.db.select().from(orders).where(eq(orders.cartId, cartId));
    expect(order.status).toBe('authorized');
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.orderId)).orderBy(orderLines.orderLineId);
    expect(lines.map((line) => [line.domain, line.state])).toEqual([
      [first, 'delivered'],
      [second, 'pending'],
      [third, 'pending'],
    ]);
    // Retrying at once waits for the order; nothing is settled yet, and nothing before the order counts as stopped.
    clock.advance(5 * 60_000);
    expect(await scheduled.runDue()).toMatchObject({ 'order-reconcile': { settled: 0, waiting: 0 } });

    clock.advance(10 * 60_000);
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
    const [settled] = await t.db.select().from(orders).where(eq(orders.orderId, order.orderId));
    expect(settled.status).toBe('completed');
    // The name never asked for waits in the account's new cart; the old cart is checked out.
    const [oldCart] = await t.db.select().from(carts).where(eq(carts.cartId, cartId));
    expect(oldCart.status).toBe('checkedOut');
    const next = await client.get('/api/carts/0?$relations[]=cartItems');
    expect(next.body.cartItems.map((item: { domain: string }) => item.domain)).toEqual([third]);
    expect(await t.db.select().from(registryDomains).where(eq(registryDomains.domain, third))).toEqual([]);

    // Running again moves nothing.
    clock.advance(5 * 60_000);
    expect(await scheduled.runDue()).toMatchObject({ 'order-reconcile': { settled: 0, waiting: 0 } });
    expect((await payments().ledger()).slice(intentsBefore)).toHaveLength(1);
    expect(await ledgerOf(accountId)).toHaveLength(3);

    // The buyer reloading gets the order's answer.
    const replay = await commit(client, cartId);
    expect(replay.body).toMatchObject({ orderId: order.orderId, registered: [first, second], failedDomains: [third], totalPrice: paid });

    // Had the process only stalled, waking up it finds the order taken over: it asks the registry for nothing more
    // and moves no money.
    stallRegistration.resume();
    const late = await stalled;
    expect(late.status).toBe(409);
    expect(await t.db.select().from(registryDomains).where(eq(registryDomains.domain, third))).toEqual([]);
    expect((await payments().ledger()).slice(intentsBefore)).toEqual([expect.objectContaining({ status: 'succeeded', amountReceived: paid })]);
    expect(await ledgerOf(accountId)).toHaveLength(3);
    expect(await t.db.select().from(domains).where(inArray(domains.domain, [first, second, third]))).toHaveLength(2);
  });
});

describe('an order whose checkout died while authorising', () => {
  it('fails without a charge once stopped, and the same cart then checks out', async () => {
    const name = 'qwzxv-stopped-authorising.com';
    const { client, accountId, cartId, prices } = await buyerWithCart([name]);
    const scheduled = scheduledJobRunner(t.deps);
    const intentsBefore = (await payments().ledger()).length;
    stallAuthorization = new Stall(name);
    void commit(client, cartId);
    await stallAuthorization.hit;
    const [order] = await t.db.select().from(orders).where(eq(orders.cartId, cartId));
    expect(order).toMatchObject({ status: 'pending', paymentIntentId: null });

    clock.set(addMinutes(clock.now(), 11));
    expect(await scheduled.runDue()).toMatchObject({ 'order-reconcile': { settled: 1 } });
    const [failed] = await t.db.select().from(orders).where(eq(orders.orderId, order.orderId));
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed.error).toBe(`Order ${order.orderId} did not finish, so nothing was registered and your card was not charged. Please check out again.`);

    stallAuthorization = null;
    const again = await commit(client, cartId);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ orderId: order.orderId, registered: [name] });
    // The lost attempt's hold was never captured (it lapses at the issuer); the new attempt is charged once.
    const intents = (await payments().ledger()).slice(intentsBefore);
    expect(intents.map((intent) => intent.status)).toEqual(['requires_capture', 'succeeded']);
    expect(await ledgerOf(accountId)).toEqual([
      ['nrc', prices.get(name)],
      ['payment', -(prices.get(name) ?? 0)],
    ]);
  });
});
