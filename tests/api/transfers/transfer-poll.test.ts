/**
 * Inbound transfers over the days after checkout, with the clock moved a day at a time and the scheduled jobs run as
 * they fall due: the sandbox registry completes a transfer 5 days after the request and the losing registrar of a
 * `transfer-rejected-` name refuses it after 2; the transfer-poll job reads the registry's messages (and asks `info`)
 * and records each outcome, refunding a rejected transfer's charge once.
 */
import { addDays } from 'date-fns/addDays';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, useClock } from '../../../api/clock.ts';
import { domains, registryMessages, transactions } from '../../../api/db/schema/index.ts';
import type { SandboxPayments } from '../../../api/providers/payments/sandbox.ts';
import { pollInboundTransfers } from '../../../api/services/transfers/inbound-transfers.ts';
import { scheduledJobRunner } from '../../fixtures/jobs.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
const clock = new ManualClock(new Date());
let restoreClock: () => void;

beforeAll(async () => {
  restoreClock = useClock(clock);
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
  restoreClock();
});

const payments = () => t.deps.providers.payments as SandboxPayments;
const registry = () => t.deps.providers.registry;

let buyers = 0;
const nextBuyer = () => signedInBuyer(t, `transfer-poll-${++buyers}@example.org`);

/** Checks out transfers; answers with each line's price and the order's one payment intent. */
async function buyTransfers(client: TestClient, names: string[]) {
  expect(
    (
      await client.post(
        '/api/cartItems',
        names.map((domain) => ({ type: 'domain', domainType: 'transfer', domain, authCode: 'CODE-1' })),
      )
    ).status,
  ).toBe(201);
  const cart = await client.get('/api/carts/0?$relations[]=cartItems');
  const prices = new Map<string, number>(cart.body.cartItems.map((item: { domain: string; totalPrice: number }) => [item.domain, item.totalPrice]));
  const done = await client.patch(`/api/carts/${cart.body.cartId}`, { commit: true, a: {} });
  expect(done.status).toBe(200);
  expect(done.body.registered.sort()).toEqual([...names].sort());
  const intent = (await payments().ledger()).find((p) => p.id === done.body.paymentIntentId);
  return { prices, intentId: done.body.paymentIntentId as string, captured: intent?.amountReceived };
}

const rowsOf = async (names: string[]) =>
  Object.fromEntries((await t.db.select().from(domains).where(inArray(domains.domain, names))).map((row) => [row.domain, row]));

describe('transfers over the days after checkout', () => {
  it('completes one on day 5 with the registry expiry, refunds the rejected one on day 2, and then does nothing more', async () => {
    const arrives = 'transfer-qwzxv-arrives.com';
    const refused = 'transfer-rejected-qwzxv-refused.com';
    const { client, accountId } = await nextBuyer();
    const scheduled = scheduledJobRunner(t.deps);
    const start = clock.now();
    const { prices, intentId, captured } = await buyTransfers(client, [arrives, refused]);
    const both = (prices.get(arrives) ?? 0) + (prices.get(refused) ?? 0);
    expect(captured).toBe(both);
    const atCheckout = await rowsOf([arrives, refused]);
    expect(atCheckout[arrives]).toMatchObject({ status: 'transfer', inboundTransferStatus: 'pending' });

    const days: Record<string, string>[] = [];
    const polls: unknown[] = [];
    for (let day = 1; day <= 6; day++) {
      clock.set(addDays(start, day));
      const ran = await scheduled.runDue();
      polls.push(ran['transfer-poll']);
      const rows = await rowsOf([arrives, refused]);
      days.push(Object.fromEntries(Object.entries(rows).map(([name, row]) => [name, `${row.status}/${row.inboundTransferStatus}`])));
    }
    const pending = 'transfer/pending';
    expect(days).toEqual([
      { [arrives]: pending, [refused]: pending },
      { [arrives]: pending, [refused]: 'transfer/rejected' },
      { [arrives]: pending, [refused]: 'transfer/rejected' },
      { [arrives]: pending, [refused]: 'transfer/rejected' },
      { [arrives]: 'active/null', [refused]: 'transfer/rejected' },
      { [arrives]: 'active/null', [refused]: 'transfer/rejected' },
    ]);
    // Each outcome came as a message (read, recorded, acknowledged); on other days info found them still pending.
    expect(polls).toEqual([
      { messages: 0, completed: 0, rejected: 0, pending: 2 },
      { messages: 1, completed: 0, rejected: 1, pending: 1 },
      { messages: 0, completed: 0, rejected: 0, pending: 1 },
      { messages: 0, completed: 0, rejected: 0, pending: 1 },
      { messages: 1, completed: 1, rejected: 0, pending: 0 },
      { messages: 0, completed: 0, rejected: 0, pending: 0 },
    ]);
    expect(await t.db.select().from(registryMessages)).toEqual([]);

    const settled = await rowsOf([arrives, refused]);
    const atRegistry = await registry().info(arrives);
    expect(atRegistry).toMatchObject({ ours: true });
    expect(settled[arrives].expireDate).toEqual(atRegistry?.expireDate);
    expect(settled[arrives].expireDate.getTime()).toBeGreaterThan(atCheckout[arrives].expireDate.getTime() - 24 * 3600_000);
    // The rejected transfer waits for the customer again, its price ready for when a new code restarts it; the
    // name is back with its registrar, free to be asked for again.
    expect(settled[refused]).toMatchObject({ pendingCharge: prices.get(refused) });
    expect(await registry().transferCheck(refused, new Set(['com']))).toMatchObject({ ok: true });

    // Charged for both at checkout; the rejected one refunded once, the completed one still charged.
    expect((await payments().ledger()).find((p) => p.id === intentId)).toMatchObject({
      status: 'succeeded',
      amountReceived: both,
      amountRefunded: prices.get(refused),
    });
    const ledger = await t.db.select().from(transactions).where(eq(transactions.accountId, accountId)).orderBy(transactions.transactionId);
    expect(ledger.map((row) => [row.type, row.amount])).toEqual([
      ['transfer', prices.get(arrives)],
      ['transfer', prices.get(refused)],
      ['payment', -both],
      ['transfer', -(prices.get(refused) ?? 0)],
      ['payment', prices.get(refused)],
    ]);
    expect(ledger.at(-1)?.description).toBe(`Refund for the rejected transfer of ${refused}, to Visa ending in 4242`);
    expect(ledger.reduce((sum, row) => sum + row.amount, 0)).toBe(0);

    // A week later: nothing pending, nothing moved.
    clock.set(addDays(start, 13));
    expect((await scheduled.runDue())['transfer-poll']).toEqual({ messages: 0, completed: 0, rejected: 0, pending: 0 });
    expect(await t.db.select().from(transactions).where(eq(transactions.accountId, accountId))).toHaveLength(5);
    const list = await client.get('/api/domains');
    expect(list.body.data.map((d: { domain: string; $displayStatus: string }) => [d.domain, d.$displayStatus])).toEqual(
      expect.arrayContaining([
        [arrives, 'active'],
        [refused, 'pending'],
      ]),
    );
  });

  it('refunds a transfer charged when its new auth code was given, once the losing registrar rejects it', async () => {
    const start = clock.now();
    const { client, accountId } = await nextBuyer();
    const name = 'transfer-rejected-qwzxv-restarted.com';
    const [row] = await t.db
      .insert(domains)
      .values({
        accountId,
        domain: name,
        status: 'transfer',
        inboundTransferStatus: 'auth-code-rejected',
        pendingCharge: 1599,
        expireDate: addDays(start, 100),
        createDate: start,
      })
      .returning();
    const restarted = await client.patch(`/api/domains/${row.domainId}`, { $restartInboundTransfer: 'Tr4nsfer#Code9' });
    expect(restarted.status).toBe(200);
    const [charge] = await t.db.select().from(transactions).where(eq(transactions.accountId, accountId));
    const intent = async () => (await payments().ledger()).find((p) => p.id === charge.paymentReference);
    expect(await intent()).toMatchObject({ amountReceived: 1599 });
    expect((await intent())?.amountRefunded ?? 0).toBe(0);

    clock.set(addDays(start, 3));
    await pollInboundTransfers(t.deps);
    await pollInboundTransfers(t.deps);
    const [settled] = await t.db.select().from(domains).where(eq(domains.domainId, row.domainId));
    expect(settled).toMatchObject({ status: 'transfer', inboundTransferStatus: 'rejected', pendingCharge: 1599 });
    expect(await intent()).toMatchObject({ amountReceived: 1599, amountRefunded: 1599 });
    const ledger = await t.db.select().from(transactions).where(eq(transactions.accountId, accountId)).orderBy(transactions.transactionId);
    expect(ledger.map((r) => [r.type, r.amount])).toEqual([
      ['transfer', 1599],
      ['payment', -1599],
      ['transfer', -1599],
      ['payment', 1599],
    ]);
    expect(ledger.at(-1)?.description).toBe(`Refund for the rejected transfer of ${name}`);
  });

  it('completes a transfer from the registry record when no message comes, and never twice', async () => {
    const quiet = 'transfer-qwzxv-quiet.com';
    const { client } = await nextBuyer();
    const start = clock.now();
    const { intentId, captured } = await buyTransfers(client, [quiet]);
    clock.set(addDays(start, 5));
    // The registry settles it when next asked, and its message is lost (read by something else, say).
    await registry().info(quiet);
    await t.db.delete(registryMessages).where(eq(registryMessages.domain, quiet));
    const [first, second] = await Promise.all([pollInboundTransfers(t.deps), pollInboundTransfers(t.deps)]);
    expect(first.completed + second.completed).toBe(1);
    const [row] = await t.db.select().from(domains).where(eq(domains.domain, quiet));
    expect(row).toMatchObject({ status: 'active', inboundTransferStatus: null, authCode: null });
    expect(row.expireDate).toEqual((await registry().info(quiet))?.expireDate);
    const intent = (await payments().ledger()).find((p) => p.id === intentId);
    expect(intent).toMatchObject({ status: 'succeeded', amountReceived: captured });
    expect(intent?.amountRefunded ?? 0).toBe(0);
  });
});
