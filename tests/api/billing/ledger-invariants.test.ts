/**
 * One invariant, tested: random sequences of orders (with a promo code, spending account credit), renewals, refunds
 * (whole or partial, to the card or as credit), credit granted and taken back, market sales and seller payouts, run
 * through the real services and routes against the database, and after every step: for every account, charges less
 * refunds equal what the cards kept (the payments provider's word) plus credit spent less credit returned, and the
 * statement's balance is the credit and the sales share still owed; for every seller, sales share less payouts is the
 * balance their Earnings show; invoices less credit notes are what the ledger says was sold, numbered without gaps.
 */
import { addDays } from 'date-fns/addDays';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../../api/clock.ts';
import { promoCodeCreateSchema } from '../../../api/contract/promotions/promo-codes.ts';
import { accounts, billingDocuments, domains, marketSales, orderLines, orders, refunds, sellerPayouts, transactions } from '../../../api/db/schema/index.ts';
import { AppError } from '../../../api/errors.ts';
import type { SandboxPayments } from '../../../api/providers/payments/sandbox.ts';
import { type StaffActor, systemActor } from '../../../api/services/audit/audit-log.ts';
import { creditBalance, grantCredit, revokeCredit } from '../../../api/services/billing/account-credit.ts';
import { findPayment, refundPayment } from '../../../api/services/billing/refunds.ts';
import { createPromoCode } from '../../../api/services/promotions/promo-codes.ts';
import { findSellerEarnings, listSellerBalances, payOutSeller } from '../../../api/services/selling/payouts.ts';
import { demoContact } from '../../../api/services/platform/seed.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { ownDomain } from '../../fixtures/renewal-domains.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
type Customer = { accountId: number; client: TestClient };
const customers: Customer[] = [];
const billing: StaffActor = { staffId: null, email: 'billing@staff.example', role: 'billing', ip: '192.0.2.50' };

beforeAll(async () => {
  t = await createTestContext({ env: { BOT_CHECK_DIFFICULTY: '1' } });
  for (let i = 0; i < 3; i++) customers.push(await signedInBuyer(t, `ledger-${i}@example.org`));
  // A Dutch consumer pays 21% VAT on top of every line; a German business with a confirmed VAT number is reverse-charged.
  await t.db
    .update(accounts)
    .set({ registrantContact: { ...demoContact, country: 'NL', state: 'Noord-Holland', city: 'Amsterdam' } })
    .where(eq(accounts.accountId, customers[0].accountId));
  await t.db
    .update(accounts)
    .set({ registrantContact: { ...demoContact, country: 'DE', state: 'Berlin', city: 'Berlin' } })
    .where(eq(accounts.accountId, customers[2].accountId));
  const vat = await customers[2].client.patch('/api/accounts/0', { vatNumber: 'DE 100 000 008' });
  expect(vat.body).toMatchObject({ vatNumber: 'DE100000008', vatStatus: 'confirmed' });
  await createPromoCode(t.db, systemActor, promoCodeCreateSchema.parse({ code: 'LEDGER20', kind: 'percent', value: 20, years: 'first' }));
});
afterAll(() => t.close());

let counter = 0;
const unique = (what: string) => `qwzlg-${what}-${++counter}-${Math.random().toString(36).slice(2, 6)}`;

const step = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('order' as const), who: fc.nat(2), names: fc.integer({ min: 1, max: 2 }), promo: fc.boolean() }), weight: 3 },
  {
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      pick: fc.nat(50),
      whole: fc.boolean(),
      to: fc.constantFrom('original' as const, 'credit' as const),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('grant' as const), who: fc.nat(2), amount: fc.integer({ min: 1, max: 1500 }) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('takeBack' as const), who: fc.nat(2), amount: fc.integer({ min: 1, max: 1500 }) }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constant('sale' as const), seller: fc.nat(2), buyer: fc.nat(1), price: fc.integer({ min: 10_000, max: 60_000 }) }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('payout' as const), who: fc.nat(2), manual: fc.boolean() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('renew' as const), who: fc.nat(2) }), weight: 2 },
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

/** A refusal a user would read (4xx) leaves the books as they were; anything else fails the run. */
async function refusedOrDone(work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof AppError) || error.code >= 500) throw error;
  }
}

async function checkout(buyer: Customer, add: () => Promise<number>, promo: boolean): Promise<void> {
  const cartId = await add();
  if (promo) expect((await buyer.client.patch(`/api/carts/${cartId}`, { promoCode: 'LEDGER20' })).status).toBe(200);
  const order = await buyer.client.patch(`/api/carts/${cartId}`, { commit: true });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
}

async function run(s: Step): Promise<void> {
  if (s.kind === 'order') {
    const buyer = customers[s.who];
    await checkout(
      buyer,
      async () => {
        let cartId = 0;
        for (let i = 0; i < s.names; i++) cartId = (await buyer.client.post('/api/cartItems', { domain: `${unique('order')}.com` })).body.cartId;
        return cartId;
      },
      s.promo,
    );
  } else if (s.kind === 'renew') {
    // The account's first name that is still its own, renewed for a year from the account app.
    const buyer = customers[s.who];
    const [name] = await t.db
      .select({ domainId: domains.domainId })
      .from(domains)
      .where(and(eq(domains.accountId, buyer.accountId), eq(domains.status, 'active')))
      .orderBy(domains.domainId)
      .limit(1);
    if (!name) return;
    const renewed = await buyer.client.post('/api/renewals', {
      renewalPeriod: 1,
      domains: [{ domainId: name.domainId }],
      commit: true,
      orderKey: unique('renew'),
    });
    expect(renewed.status, JSON.stringify(renewed.body)).toBeLessThan(500);
  } else if (s.kind === 'refund') {
    // Any card payment, newest first: an order's capture or a renewal's.
    const paid = await t.db
      .select({ pi: transactions.paymentReference })
      .from(transactions)
      .where(isNotNull(transactions.paymentReference))
      .groupBy(transactions.paymentReference)
      .orderBy(sql`max(${transactions.transactionId}) desc`);
    const pi = paid.length ? paid[s.pick % paid.length].pi : null;
    if (!pi) return;
    const payment = await findPayment(t.db, pi);
    const open = payment.charges.filter((charge) => charge.refundable > 0);
    if (open.length === 0) return;
    const items = s.whole
      ? open.map((charge) => ({ transactionId: charge.transactionId, amount: charge.refundable }))
      : [{ transactionId: open[0].transactionId, amount: Math.max(1, Math.floor(open[0].refundable / 2)) }];
    await refusedOrDone(() =>
      refundPayment(t.deps, {
        paymentIntentId: pi,
        items,
        reason: 'Property test refund',
        idempotencyKey: unique('refund'),
        actor: billing,
        to: s.to,
      }),
    );
  } else if (s.kind === 'grant') {
    await grantCredit(t.deps, billing, { accountId: customers[s.who].accountId, amount: s.amount, note: 'Goodwill', reason: 'Property test credit' });
  } else if (s.kind === 'takeBack') {
    await refusedOrDone(() =>
      revokeCredit(t.deps, billing, { accountId: customers[s.who].accountId, amount: s.amount, note: 'Mistake', reason: 'Property test' }),
    );
  } else if (s.kind === 'sale') {
    const seller = customers[s.seller];
    const buyer = customers.filter((c) => c !== seller)[s.buyer];
    const name = `${unique('sale')}.com`;
    const row = await ownDomain(t, seller.accountId, name, { expireDate: addDays(now(), 200), status: 'active' });
    const listed = await seller.client.patch(`/api/domains/${row.domainId}`, { forSale: true, floorPrice: 9_900, listPrice: s.price });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    await checkout(
      buyer,
      async () => {
        const added = await buyer.client.post('/api/cartItems', [{ type: 'domain', domain: name, domainType: 'market' }]);
        expect(added.status, JSON.stringify(added.body)).toBe(201);
        return added.body[0].cartId;
      },
      false,
    );
  } else {
    const accountId = customers[s.who].accountId;
    const method = s.manual ? ('manual' as const) : ('provider' as const);
    await refusedOrDone(() => payOutSeller(t.deps, billing, { accountId, method, reference: 'BANK-REF-1', idempotencyKey: unique('payout') }));
  }
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const cents = sql<number>`coalesce(sum(${transactions.amount}), 0)::int`;

/** For every account: what it was charged and got back adds up to what its cards kept and its credit paid. */
async function checkAccounts(): Promise<void> {
  const payments = t.deps.providers.payments as SandboxPayments;
  for (const { accountId } of await t.db.select({ accountId: accounts.accountId }).from(accounts)) {
    const rows = await t.db.select().from(transactions).where(eq(transactions.accountId, accountId));
    const isRefund = (row: (typeof rows)[number]) => (row.metaData as { refundOf?: number } | null)?.refundOf != null;
    const sold = rows.filter((row) => row.type !== 'payment' && row.type !== 'payout');
    const charged = sum(sold.filter((row) => !isRefund(row)).map((row) => row.amount));
    const refunded = -sum(sold.filter(isRefund).map((row) => row.amount));
    let cardsKept = 0;
    for (const pi of new Set(rows.map((row) => row.paymentReference).filter((pi) => pi != null))) {
      const intent = await payments.retrieve(pi);
      cardsKept += (intent.amountReceived ?? 0) - (intent.amountRefunded ?? 0);
    }
    const [spent] = await t.db
      .select({ credit: sql<number>`coalesce(sum(${orderLines.credit}), 0)::int` })
      .from(orderLines)
      .innerJoin(orders, eq(orders.orderId, orderLines.orderId))
      .where(and(eq(orders.accountId, accountId), eq(orderLines.state, 'delivered')));
    const [returned] = await t.db
      .select({ credit: sql<number>`coalesce(sum(${refunds.creditAmount}), 0)::int` })
      .from(refunds)
      .where(and(eq(refunds.accountId, accountId), ne(refunds.status, 'claimed')));
    const where = `account ${accountId}`;
    expect(charged - refunded, `${where}: charges - refunds = captures + credit spent - credit returned`).toBe(
      cardsKept + Number(spent.credit) - Number(returned.credit),
    );
    // The statement's balance (negative: in the customer's favour) is the credit they can spend and the share owed.
    const credit = await creditBalance(t.db, accountId);
    const { balance: owed } = await findSellerEarnings(t.db, accountId);
    expect(credit, `${where}: credit never below zero`).toBeGreaterThanOrEqual(0);
    expect(sum(rows.map((row) => row.amount)) + credit + owed, `${where}: statement balance + credit + share owed`).toBe(0);
  }
}

/** For every seller: sales share less payouts is what their Earnings and the back office say is owed. */
async function checkSellers(): Promise<void> {
  const owedList = await listSellerBalances(t.db);
  const sellers = await t.db
    .select({ accountId: marketSales.sellerAccountId, share: sql<number>`sum(${marketSales.payout})::int` })
    .from(marketSales)
    .where(eq(marketSales.status, 'completed'))
    .groupBy(marketSales.sellerAccountId);
  expect(owedList.map((s) => s.accountId).sort()).toEqual(sellers.map((s) => s.accountId).sort());
  for (const seller of sellers) {
    const [paid] = await t.db
      .select({ cents: sql<number>`coalesce(sum(${sellerPayouts.amount}), 0)::int` })
      .from(sellerPayouts)
      .where(eq(sellerPayouts.accountId, seller.accountId));
    const earnings = await findSellerEarnings(t.db, seller.accountId);
    const owed = Number(seller.share) - Number(paid.cents);
    expect(earnings, `seller ${seller.accountId}`).toMatchObject({ share: Number(seller.share), paidOut: Number(paid.cents), balance: owed });
    expect(owed).toBeGreaterThanOrEqual(0);
    expect(owedList.find((s) => s.accountId === seller.accountId)?.balance).toBe(owed);
  }
}

/** Invoices less credit notes are what the ledger sold (orders and single charges); each series is numbered without gaps. */
async function checkDocuments(): Promise<void> {
  const documents = await t.db
    .select({ accountId: billingDocuments.accountId, total: sql<number>`sum(${billingDocuments.total})::int` })
    .from(billingDocuments)
    .groupBy(billingDocuments.accountId);
  const ledger = await t.db
    .select({ accountId: transactions.accountId, total: cents })
    .from(transactions)
    .where(sql`${transactions.type} not in ('payment', 'payout')`)
    .groupBy(transactions.accountId);
  const byAccount = (rows: { accountId: number; total: number }[]) =>
    Object.fromEntries(rows.map((row) => [row.accountId, Number(row.total)]).filter(([, total]) => total !== 0));
  expect(byAccount(documents), 'invoices - credit notes = sold').toEqual(byAccount(ledger));
  // Tax too: what the documents say was charged in tax less what notes took back is the ledger's tax rows.
  const documentTax = await t.db
    .select({ accountId: billingDocuments.accountId, total: sql<number>`sum(${billingDocuments.tax})::int` })
    .from(billingDocuments)
    .groupBy(billingDocuments.accountId);
  const ledgerTax = await t.db
    .select({ accountId: transactions.accountId, total: cents })
    .from(transactions)
    .where(eq(transactions.type, 'tax'))
    .groupBy(transactions.accountId);
  expect(byAccount(documentTax), 'invoice tax - credit note tax = tax in the ledger').toEqual(byAccount(ledgerTax));
  for (const kind of ['invoice', 'creditNote'] as const) {
    const numbers = await t.db.select({ sequence: billingDocuments.sequence }).from(billingDocuments).where(eq(billingDocuments.kind, kind));
    const sorted = numbers.map((row) => row.sequence).sort((a, b) => a - b);
    expect(sorted, `${kind} numbers without gaps`).toEqual(sorted.map((_, i) => i + 1));
  }
}

/** One sequence with every kind of step, run first, so every run covers them all whatever the random ones draw. */
const everyKind: Step[] = [
  { kind: 'grant', who: 0, amount: 400 },
  { kind: 'order', who: 0, names: 2, promo: true },
  { kind: 'refund', pick: 0, whole: false, to: 'original' },
  { kind: 'refund', pick: 0, whole: true, to: 'original' },
  { kind: 'sale', seller: 1, buyer: 1, price: 18_000 },
  { kind: 'refund', pick: 1, whole: false, to: 'credit' },
  { kind: 'payout', who: 1, manual: false },
  { kind: 'takeBack', who: 2, amount: 100 },
  { kind: 'order', who: 2, names: 1, promo: false },
  { kind: 'renew', who: 0 },
  { kind: 'refund', pick: 0, whole: true, to: 'original' },
];

describe('the ledger', () => {
  it('adds up after every step of random orders, renewals, refunds, credits, market sales and payouts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        for (const s of steps) {
          await run(s);
          await checkAccounts();
          await checkSellers();
          await checkDocuments();
        }
      }),
      // The database carries over from run to run, so a shrunk sequence would not replay the same books: report the first.
      { numRuns: 15, endOnFailure: true, examples: [[everyKind]] },
    );
    // The runs did what they say: orders, refunds both ways, sales, payouts and renewals.
    const [counts] = await t.db.execute<Record<string, number>>(sql`select
      (select count(*) from orders where status = 'completed')::int as orders,
      (select count(*) from refunds where credit_amount > 0)::int as to_credit,
      (select count(*) from refunds where amount > 0)::int as to_card,
      (select count(*) from market_sales where status = 'completed')::int as sales,
      (select count(*) from seller_payouts)::int as payouts,
      (select count(*) from renewals where status in ('renewed', 'refunded'))::int as renewals,
      (select count(*) from billing_documents where kind = 'invoice' and tax > 0)::int as taxed_invoices,
      (select count(*) from billing_documents where kind = 'creditNote' and tax < 0)::int as tax_given_back,
      (select count(*) from orders where (tax->>'reverseCharge')::boolean)::int as reverse_charged`);
    expect(
      Object.values(counts).every((n) => Number(n) > 0),
      JSON.stringify(counts),
    ).toBe(true);
  }, 120_000);
});
