/**
 * A checkout happens once and only once: concurrent commits of one cart, a registry that fails or never answers, an
 * authorisation whose answer was lost or whose process died, a name taken meanwhile, one new email in two checkouts at
 * once, and a failure after the capture: each charged at most once, refunded or released when nothing was delivered.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../../api/db/client.ts';
import { domains, orderLines, orders, registryDomains, transactions, users } from '../../../api/db/schema/index.ts';
import { authorizeKey, emailTakenMessage } from '../../../api/services/checkout/orders.ts';
import { reconcileUnknownOrders } from '../../../api/services/checkout/reconcile-orders.ts';
import { useCheckoutContext } from '../../fixtures/checkout-context.ts';

const { t, faults, payments, readyVisitor, commit, intentsSince, paymentRows } = useCheckoutContext();

describe('exactly once', () => {
  it('makes one order and one charge from 20 concurrent commits of one cart', async () => {
    const { client, cartId } = await readyVisitor(['qwzxv-concurrent.com']);
    const before = (await payments().ledger()).length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => commit(client, cartId)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body.orderId)).size).toBe(1);
    const charges = (await payments().ledger()).slice(before);
    expect(charges).toHaveLength(1);
    expect(charges[0].status).toBe('succeeded');
    expect(await t.db.select().from(orders).where(eq(orders.cartId, cartId))).toHaveLength(1);
    const owned = await t.db.select().from(domains).where(eq(domains.domain, 'qwzxv-concurrent.com'));
    expect(owned).toHaveLength(1);
    const payment = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.accountId, owned[0].accountId), eq(transactions.type, 'payment')));
    expect(payment).toHaveLength(1);
    // a retry after the fact answers with the same order
    const retry = await commit(client, cartId);
    expect(retry.body.orderId).toBe(answers[0].body.orderId);
  });

  it('does not charge when the registry fails after authorisation, and tells the buyer', async () => {
    faults.failRegistrations = new Set(['qwzxv-registry-down.com']);
    const { client, cartId, contact } = await readyVisitor(['qwzxv-registry-down.com']);
    const before = (await payments().ledger()).length;
    const answer = await commit(client, cartId);
    expect(answer.status).toBe(502);
    // The account reserved for the order is gone again: the buyer can try once more with the same email.
    expect(await t.db.select().from(users).where(eq(users.email, contact.email))).toHaveLength(0);
    expect(answer.body.message).toBe('We could not register qwzxv-registry-down.com. Your card was not charged. Please try again later or contact support.');
    const charges = (await payments().ledger()).slice(before);
    expect(charges.map((c) => c.status)).toEqual(['canceled']);
    expect(await t.db.select().from(domains).where(eq(domains.domain, 'qwzxv-registry-down.com'))).toHaveLength(0);
    expect((await client.get('/api/carts/0?$relations[]=cartItems')).body.cartItems).toHaveLength(1);
    faults.failRegistrations = new Set();
  });

  it('captures only what was registered when one of several names fails, and keeps the other in a new cart', async () => {
    faults.failRegistrations = new Set(['qwzxv-partial-bad.com']);
    const { client, cartId } = await readyVisitor(['qwzxv-partial-good.com', 'qwzxv-partial-bad.com']);
    const before = (await payments().ledger()).length;
    const cart = await client.get('/api/carts/0?$relations[]=cartItems');
    const answer = await commit(client, cartId);
    expect(answer.status).toBe(200);
    expect(answer.body.failedDomains).toEqual(['qwzxv-partial-bad.com']);
    const [charge] = (await payments().ledger()).slice(before);
    expect(charge.amountReceived).toBe(cart.body.cartItems[0].totalPrice);
    const next = await client.get('/api/carts/0?$relations[]=cartItems');
    expect(next.body.cartItems.map((i: { domain: string }) => i.domain)).toEqual(['qwzxv-partial-bad.com']);
    faults.failRegistrations = new Set();
  });

  it('lets a retry wait for a live checkout, then take its order over once the lease lapses: the authorisation it never wrote down is released', async () => {
    const { client, cartId } = await readyVisitor(['qwzxv-stuck.com']);
    const before = (await payments().ledger()).length;
    // As a checkout leaves its order when its process dies while the payments provider answers: the authorisation's
    // key is on record, its id is not; the lease has a second left.
    const [order] = await t.db
      .insert(orders)
      .values({
        cartId,
        status: 'pending',
        totalPrice: 1000,
        detail: { attempt: 1 },
        leaseOwner: 'gone:1:000000',
        leaseExpireDate: new Date(Date.now() + 1000),
      })
      .returning();
    const key = authorizeKey(order.orderId, 1);
    await t.db.update(orders).set({ authorizeKey: key }).where(eq(orders.orderId, order.orderId));
    const hold = await payments().authorize({
      customerId: 'cus_sandbox_gone',
      paymentMethodId: 'pm_sandbox_gone_visa_4242',
      amount: 1000,
      idempotencyKey: key,
      description: 'cut',
    });

    const answer = await commit(client, cartId);
    expect(answer.status).toBe(402);
    expect(answer.body.message).toBe(`Order ${order.orderId} did not finish, so nothing was registered and your card was not charged. Please check out again.`);
    expect(await intentsSince(before)).toEqual([expect.objectContaining({ id: hold.id, status: 'canceled' })]);
    // Nothing was asked of the registry: the same cart checks out afresh.
    const again = await commit(client, cartId);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ orderId: order.orderId, registered: ['qwzxv-stuck.com'] });
    expect((await intentsSince(before)).map((p) => p.status)).toEqual(['canceled', 'succeeded']);
  });

  it('releases an authorisation whose answer was lost, says the payment failed, and checks out on the next try', async () => {
    faults.loseAuthorizeAnswers = new Set(['qwzxv-lost-answer.com']);
    const { client, cartId } = await readyVisitor(['qwzxv-lost-answer.com']);
    const before = (await payments().ledger()).length;
    const answer = await commit(client, cartId);
    expect(answer.status).toBe(402);
    expect(answer.body.message).toBe('There was a processing your payment. Please contact support if issue continues.');
    // The provider made the hold all the same: found by the key recorded before asking, and released.
    expect((await intentsSince(before)).map((p) => p.status)).toEqual(['canceled']);
    faults.loseAuthorizeAnswers = new Set();
    const again = await commit(client, cartId);
    expect(again.status).toBe(200);
    expect((await intentsSince(before)).map((p) => p.status)).toEqual(['canceled', 'succeeded']);
  });

  it('names a domain taken since it was added and charges nothing', async () => {
    const { client, cartId } = await readyVisitor(['qwzxv-sniped.com']);
    await t.db.insert(registryDomains).values({ domain: 'qwzxv-sniped.com', registrarName: 'Other', authCode: 'x', expireDate: new Date(Date.now() + 1e10) });
    const before = (await payments().ledger()).length;
    const answer = await commit(client, cartId);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('qwzxv-sniped.com is no longer available. Remove it from your cart to check out.');
    expect((await payments().ledger()).length).toBe(before);
  });
});

describe('registry answers that never came', () => {
  it('holds the authorisation for a registration whose answer never came, and captures it once when the registry says the name is ours', async () => {
    const { client, cartId, contact } = await readyVisitor(['timeout-qwzxv-held.com', 'qwzxv-beside-held.com']);
    const cart = await client.get('/api/carts/0?$relations[]=cartItems');
    const before = (await payments().ledger()).length;
    const answer = await commit(client, cartId);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ registered: ['qwzxv-beside-held.com'], unconfirmedDomains: ['timeout-qwzxv-held.com'] });
    expect(answer.body.message).toContain('The registry has not confirmed timeout-qwzxv-held.com yet.');
    const [held] = await intentsSince(before);
    expect(held).toMatchObject({ status: 'requires_capture', amountReceived: 0 });
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.domain, 'timeout-qwzxv-held.com'));
    expect(line.state).toBe('unknown');

    // Opening My Domains asks the registry, records the name and takes the money for both names, once.
    const list = await client.get('/api/domains');
    expect(list.body.data.map((d: { domain: string }) => d.domain)).toEqual(['qwzxv-beside-held.com', 'timeout-qwzxv-held.com']);
    expect((await payments().ledger()).find((p) => p.id === held.id)).toMatchObject({ status: 'succeeded', amountReceived: cart.body.totalPrice });
    const [user] = await t.db.select().from(users).where(eq(users.email, contact.email));
    await Promise.all([reconcileUnknownOrders(t.deps), reconcileUnknownOrders(t.deps), client.get('/api/domains')]);
    expect((await paymentRows(user.accountId)).map((r) => r.amount)).toEqual([-cart.body.totalPrice]);
    expect(await t.db.select().from(domains).where(eq(domains.domain, 'timeout-qwzxv-held.com'))).toHaveLength(1);
    expect(await intentsSince(before)).toHaveLength(1);
    // A replayed commit answers with the same order and moves no money.
    expect((await commit(client, cartId)).body.orderId).toBe(answer.body.orderId);
    expect(await intentsSince(before)).toHaveLength(1);
  });

  it('releases the authorisation when the registry has no record of the name, and puts it back in the cart', async () => {
    const { client, cartId, contact } = await readyVisitor(['dropped-qwzxv-lost.com']);
    const before = (await payments().ledger()).length;
    const answer = await commit(client, cartId);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ registered: [], unconfirmedDomains: ['dropped-qwzxv-lost.com'], totalPrice: 0 });
    // What start-up runs: every unconfirmed order is settled.
    expect((await reconcileUnknownOrders(t.deps)).settled).toBeGreaterThanOrEqual(1);
    expect((await intentsSince(before)).map((p) => p.status)).toEqual(['canceled']);
    expect((await client.get('/api/domains')).body.total).toBe(0);
    const [user] = await t.db.select().from(users).where(eq(users.email, contact.email));
    expect(await paymentRows(user.accountId)).toEqual([]);
    const cart = await client.get('/api/carts/0?$relations[]=cartItems');
    expect(cart.body.cartItems.map((i: { domain: string }) => i.domain)).toEqual(['dropped-qwzxv-lost.com']);
  });

  it('keeps an order waiting while the registry cannot be asked, and settles it when it can', async () => {
    const { client, cartId } = await readyVisitor(['timeout-qwzxv-patient.com']);
    const before = (await payments().ledger()).length;
    expect((await commit(client, cartId)).status).toBe(200);
    faults.registryUnreachable = true;
    try {
      const waiting = await client.get('/api/domains');
      expect(waiting.status).toBe(200);
      expect(waiting.body.total).toBe(0);
      expect((await intentsSince(before)).map((p) => p.status)).toEqual(['requires_capture']);
    } finally {
      faults.registryUnreachable = false;
    }
    expect((await client.get('/api/domains')).body.data.map((d: { domain: string }) => d.domain)).toEqual(['timeout-qwzxv-patient.com']);
    expect((await intentsSince(before)).map((p) => p.status)).toEqual(['succeeded']);
  });
});

describe('one new email, two checkouts at once', () => {
  it('makes exactly one account; the other buyer is told to log in and is not charged', async () => {
    const a = await readyVisitor(['qwzxv-race-first.com'], '4242424242424242', 'racer@example.org');
    const b = await readyVisitor(['qwzxv-race-second.com'], '4242424242424242', 'Racer@Example.org');
    const before = (await payments().ledger()).length;
    const [first, second] = await Promise.all([commit(a.client, a.cartId), commit(b.client, b.cartId)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const [winner, loser] = first.status === 200 ? [a, b] : [b, a];
    const lost = first.status === 200 ? second : first;
    expect(lost.body.message).toBe(emailTakenMessage);
    const accountsForEmail = await t.db.select().from(users).where(sql`lower(${users.email}) = 'racer@example.org'`);
    expect(accountsForEmail).toHaveLength(1);
    // One charge captured; the loser's authorisation, if it got that far, was released.
    const charges = await intentsSince(before);
    expect(charges.filter((c) => c.status === 'succeeded')).toHaveLength(1);
    expect(charges.filter((c) => c.status !== 'succeeded').every((c) => c.status === 'canceled')).toBe(true);
    const loserDomain = winner === a ? 'qwzxv-race-second.com' : 'qwzxv-race-first.com';
    expect(await t.db.select().from(registryDomains).where(eq(registryDomains.domain, loserDomain))).toHaveLength(0);
    expect(await t.db.select().from(domains).where(eq(domains.domain, loserDomain))).toHaveLength(0);
    // The loser keeps their cart, still signed out.
    const kept = await loser.client.get('/api/carts/0?$relations[]=cartItems');
    expect(kept.body.$isLoggedIn).toBe(false);
    expect(kept.body.cartItems.map((i: { domain: string }) => i.domain)).toEqual([loserDomain]);
  });
});

describe('a failure after the capture', () => {
  beforeAll(async () => {
    // The ledger write of one order fails, as a database error in the recording transaction would. Triggers are the
    // owner's to create: the app's login may not.
    const owner = createDb(t.databaseUrl, { max: 1 });
    await owner.execute(sql`
      create function fail_ledger_write() returns trigger language plpgsql as $$
      begin
        if new.description like '%qwzxv-record-fails%' then raise exception 'ledger write failed (injected by the test)'; end if;
        return new;
      end $$`);
    await owner.execute(sql`create trigger fail_ledger_write before insert on transactions for each row execute function fail_ledger_write()`);
    await owner.$end();
  });

  it('refunds what was captured, fails the order with a message, and frees the email', async () => {
    const { client, cartId, contact } = await readyVisitor(['qwzxv-record-fails.com']);
    const cart = await client.get('/api/carts/0?$relations[]=cartItems');
    const before = (await payments().ledger()).length;
    const answer = await commit(client, cartId);
    expect(answer.status).toBe(500);
    const charged = `$${(cart.body.totalPrice / 100).toFixed(2)}`;
    expect(answer.body.message).toBe(`We could not record your order, so the ${charged} charged to your card was refunded. Please contact support.`);
    expect(await intentsSince(before)).toEqual([
      expect.objectContaining({ status: 'succeeded', amountReceived: cart.body.totalPrice, amountRefunded: cart.body.totalPrice }),
    ]);
    const [order] = await t.db.select().from(orders).where(eq(orders.cartId, cartId));
    expect(order).toMatchObject({ status: 'failed', error: answer.body.message });
    expect(await t.db.select().from(domains).where(eq(domains.domain, 'qwzxv-record-fails.com'))).toHaveLength(0);
    expect(await t.db.select().from(users).where(eq(users.email, contact.email))).toHaveLength(0);
    expect(client.cookies.has('ds_session')).toBe(false);
  });
});
