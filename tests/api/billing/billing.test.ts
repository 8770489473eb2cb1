/**
 * Billing history and payment methods: one month of the ledger grouped by the spec's types with per-type totals and
 * balances, the statement PDF (its text read back), ownership and bad months, set default and the only-card rule,
 * and the account's auto-renew and auto-pay figures.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, useClock } from '../../../api/clock.ts';
import { paymentMethodSchema } from '../../../api/contract/billing/payment-methods.ts';
import { transactionsAnswerSchema } from '../../../api/contract/billing/transactions.ts';
import { accounts, domains, paymentMethods, transactions } from '../../../api/db/schema/index.ts';
import { demoContact } from '../../../api/services/platform/seed.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { readPdfText } from '../../fixtures/pdf-text.ts';
import { createTestContext, type TestClient, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
const clock = new ManualClock(new Date('2026-03-15T12:00:00Z'));
let restoreClock: () => void;

beforeAll(async () => {
  restoreClock = useClock(clock);
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
  restoreClock();
});

let buyers = 0;
async function buyerCreated(createDate: string) {
  const buyer = await signedInBuyer(t, `billing-${++buyers}@example.org`);
  await t.db
    .update(accounts)
    .set({ createDate: new Date(createDate) })
    .where(eq(accounts.accountId, buyer.accountId));
  return buyer;
}

type Row = { type: (typeof transactions.$inferInsert)['type']; description: string; amount: number; startDate: string };
async function addRows(accountId: number, rows: Row[]) {
  await t.db.insert(transactions).values(rows.map((row) => ({ ...row, accountId, startDate: new Date(row.startDate) })));
}

/** The raw bytes of an answer (the test client reads bodies as text, which would mangle a PDF). */
async function download(client: TestClient, path: string) {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await t.app.request(`http://localhost${path}`, { headers: { cookie } }, { requestIP: () => ({ address: client.ip }) });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe('GET /api/transactions?yyyymm=', () => {
  it('answers the month grouped by type with per-type totals, the starting balance and the ending balance', async () => {
    const { client, accountId } = await buyerCreated('2026-01-05T09:00:00Z');
    await addRows(accountId, [
      // January: charged 30.00, paid 20.00, so February starts owing 10.00.
      { type: 'nrc', description: 'Registration of january.com (1 year)', amount: 3000, startDate: '2026-01-05T09:00:00Z' },
      { type: 'payment', description: 'Card payment, visa ending in 4242', amount: -2000, startDate: '2026-01-05T09:00:00Z' },
      { type: 'nrc', description: 'Registration of february.com (1 year)', amount: 1028, startDate: '2026-02-03T10:00:00Z' },
      { type: 'mrc', description: 'Email plan for february.com', amount: 500, startDate: '2026-02-10T00:00:00Z' },
      { type: 'mrc', description: 'Website Builder plan for february.com', amount: 500, startDate: '2026-02-11T00:00:00Z' },
      { type: 'payment', description: 'Card payment, visa ending in 4242', amount: -2028, startDate: '2026-02-28T23:59:00Z' },
      // The first instant of March is March's.
      { type: 'other', description: 'Domain Protection for march.com', amount: 500, startDate: '2026-03-01T00:00:00Z' },
    ]);
    const february = await client.get('/api/transactions?yyyymm=202602');
    expect(february.status).toBe(200);
    expect(() => transactionsAnswerSchema.parse(february.body)).not.toThrow();
    expect(february.body.data.map((row: { description: string }) => row.description)).toEqual([
      'Registration of february.com (1 year)',
      'Email plan for february.com',
      'Website Builder plan for february.com',
      'Card payment, visa ending in 4242',
    ]);
    expect(february.body.metaData.totals).toMatchObject({ start: 1000, nrc: 1028, mrc: 1000, payment: -2028, other: 0, balance: 1000 });
    expect(february.body.metaData).toMatchObject({ yyyymm: '202602', startDate: '2026-02-01T00:00:00.000Z', endDate: '2026-03-01T00:00:00.000Z' });

    const march = await client.get('/api/transactions?yyyymm=202603');
    expect(march.body.metaData.totals).toMatchObject({ start: 1000, other: 500, balance: 1500 });
    expect(march.body.data).toHaveLength(1);
  });

  it('refuses a malformed month, a month before the account existed and a month to come with 400', async () => {
    const { client } = await buyerCreated('2026-01-05T09:00:00Z');
    for (const query of ['', '?yyyymm=2026-02', '?yyyymm=202613', '?yyyymm=202600', '?yyyymm=abcdef', '?yyyymm=202512', '?yyyymm=202604']) {
      const answer = await client.get(`/api/transactions${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.message, query).toMatch(/yyyymm/);
    }
  });

  it('shows only the caller’s rows: 401 for a visitor, 403 for another account’s transaction, 404 for none', async () => {
    const alice = await buyerCreated('2026-01-05T09:00:00Z');
    const bob = await buyerCreated('2026-01-05T09:00:00Z');
    await addRows(alice.accountId, [{ type: 'nrc', description: 'Alice’s registration', amount: 1000, startDate: '2026-03-02T00:00:00Z' }]);
    const bobsMonth = await bob.client.get('/api/transactions?yyyymm=202603');
    expect(bobsMonth.body.data).toEqual([]);
    const [row] = await t.db.select().from(transactions).where(eq(transactions.accountId, alice.accountId));
    expect((await alice.client.get(`/api/transactions/${row.transactionId}`)).body.description).toBe('Alice’s registration');
    expect((await bob.client.get(`/api/transactions/${row.transactionId}`)).status).toBe(403);
    expect((await bob.client.get('/api/transactions/999999')).status).toBe(404);
    expect((await t.client().get('/api/transactions?yyyymm=202603')).status).toBe(401);
    expect((await download(t.client(), '/api/transactions?$pdf=true&yyyymm=202603')).status).toBe(401);
  });
});

describe('GET /api/transactions?$pdf=true&yyyymm=', () => {
  it('downloads a statement named brand + yyyymm whose text holds the contact, the grouped rows, totals and balances', async () => {
    const { client, accountId } = await buyerCreated('2026-01-05T09:00:00Z');
    await addRows(accountId, [
      { type: 'nrc', description: 'Registration of statement.com (1 year)', amount: 1028, startDate: '2026-02-03T10:00:00Z' },
      { type: 'mrc', description: 'Website & Email plan for statement.com', amount: 899, startDate: '2026-02-10T00:00:00Z' },
      { type: 'payment', description: 'Card payment, visa ending in 4242', amount: -1927, startDate: '2026-02-10T00:00:00Z' },
    ]);
    const answer = await download(client, '/api/transactions?$pdf=true&yyyymm=202602');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="Dotspot-202602.pdf"');
    const { text, pages } = await readPdfText(answer.bytes);
    expect(pages).toHaveLength(1);
    for (const expected of [
      'Dotspot',
      'Account Statement',
      'February 2026',
      'Feb 1, 2026 – Feb 28, 2026',
      'Dana Demo',
      'Non-Recurring Charges',
      'Registration of statement.com (1 year)',
      'Recurring Charges',
      'Website & Email plan for statement.com',
      'Payments',
      '-$19.27',
      'Total Non-Recurring Charges',
      '$10.28',
      'Starting Balance',
      'Ending Balance',
      'Page 1 of 1',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('never leaves the ending balance alone on a page: the table’s last row and total go with it', async () => {
    const { client, accountId } = await buyerCreated('2026-01-05T09:00:00Z');
    let broken = 0;
    // One more row each time, so the page break falls at every point of the statement's end in turn.
    for (let count = 1; count <= 48; count++) {
      await addRows(accountId, [
        { type: 'nrc', description: `Registration of page-end-${count}.com (1 year)`, amount: 1000, startDate: '2026-03-02T00:00:00Z' },
      ]);
      const { pages } = await readPdfText((await download(client, '/api/transactions?$pdf=true&yyyymm=202603')).bytes);
      const last = pages.at(-1) ?? '';
      expect(last, `${count} rows`).toContain('Ending Balance');
      if (pages.length === 1) continue;
      broken += 1;
      expect(last, `${count} rows`).toContain(`Registration of page-end-${count}.com (1 year)`);
      expect(last, `${count} rows`).toContain('Total Non-Recurring Charges');
    }
    // The loop reached statements of two pages, or it proved nothing.
    expect(broken).toBeGreaterThan(5);
  });

  it('numbers the pages of a long month', async () => {
    const { client, accountId } = await buyerCreated('2026-01-05T09:00:00Z');
    await addRows(
      accountId,
      Array.from({ length: 70 }, (_, i) => ({
        type: 'nrc' as const,
        description: `Registration of long-month-${i + 1}.com (1 year)`,
        amount: 1000,
        startDate: '2026-03-02T00:00:00Z',
      })),
    );
    const { text, pages } = await readPdfText((await download(client, '/api/transactions?$pdf=true&yyyymm=202603')).bytes);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
    expect(text).toContain('Registration of long-month-70.com (1 year)');
    expect(text).toContain('$700.00');
  });

  it('refuses a bad month with 400 rather than an empty statement', async () => {
    const { client } = await buyerCreated('2026-01-05T09:00:00Z');
    const answer = await client.get('/api/transactions?$pdf=true&yyyymm=209912');
    expect(answer.status).toBe(400);
  });
});

describe('payment methods', () => {
  async function addCard(accountId: number, last4: string) {
    const [row] = await t.db
      .insert(paymentMethods)
      .values({
        accountId,
        provider: 'sandbox',
        providerPaymentMethodId: `pm_sandbox_x_mastercard_${last4}`,
        providerCustomerId: 'cus_sandbox_demo',
        brand: 'mastercard',
        last4,
        expMonth: 4,
        expYear: 2031,
      })
      .returning();
    return row.paymentMethodId;
  }
  const addDomain = (accountId: number, values: Partial<typeof domains.$inferInsert> & { domain: string }) =>
    t.db.insert(domains).values({ accountId, expireDate: new Date('2027-01-01T00:00:00Z'), ...values });

  it('sets another card as default, and Auto Pay follows it', async () => {
    const { client, accountId } = await buyerCreated('2026-01-05T09:00:00Z');
    const second = await addCard(accountId, '4444');
    expect((await client.patch(`/api/paymentMethods/${second}`, { isDefault: true })).status).toBe(200);
    const cards = (await client.get('/api/paymentMethods')).body.data;
    expect(() => paymentMethodSchema.array().parse(cards)).not.toThrow();
    expect(cards.map((c: { last4: string; isDefault: boolean }) => [c.last4, c.isDefault])).toEqual([
      ['4444', true],
      ['4242', false],
    ]);
    expect((await client.get('/api/accounts/0')).body.autoPayDescription).toBe('Mastercard ending in 4444 (exp 04/31)');
  });

  it('will not delete the only card while auto-renew or plans depend on it, and says why', async () => {
    const { client, accountId } = await buyerCreated('2026-01-05T09:00:00Z');
    await addDomain(accountId, { domain: 'only-card-a.com', autoRenewEnabled: true });
    await addDomain(accountId, { domain: 'only-card-b.com', autoRenewEnabled: true, emailEnabled: true, mrc: 500 });
    const [only] = (await client.get('/api/paymentMethods')).body.data;
    const refused = await client.delete(`/api/paymentMethods/${only.paymentMethodId}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "You can't delete your only card while it pays for auto-renew of 2 domains and monthly plans on 1 domain. Add another card first, or turn those off.",
    );
    // With a second card it may go; the other becomes the default.
    await addCard(accountId, '5555');
    expect((await client.delete(`/api/paymentMethods/${only.paymentMethodId}`)).status).toBe(200);
    const left = (await client.get('/api/paymentMethods')).body.data;
    expect(left).toMatchObject([{ last4: '5555', isDefault: true }]);
  });

  it('deletes the only card when nothing is charged to it; Auto Pay then reads off', async () => {
    const { client, accountId } = await buyerCreated('2026-01-05T09:00:00Z');
    await addDomain(accountId, { domain: 'manual-renew.com', autoRenewEnabled: false });
    const [only] = (await client.get('/api/paymentMethods')).body.data;
    expect((await client.delete(`/api/paymentMethods/${only.paymentMethodId}`)).status).toBe(200);
    expect((await client.get('/api/accounts/0')).body.autoPayDescription).toBeNull();
  });

  it('refuses another account’s card with 403', async () => {
    const alice = await buyerCreated('2026-01-05T09:00:00Z');
    const bob = await buyerCreated('2026-01-05T09:00:00Z');
    const [card] = (await alice.client.get('/api/paymentMethods')).body.data;
    expect((await bob.client.patch(`/api/paymentMethods/${card.paymentMethodId}`, { isDefault: true })).status).toBe(403);
    expect((await bob.client.delete(`/api/paymentMethods/${card.paymentMethodId}`)).status).toBe(403);
  });
});

describe('the account’s auto-renew figures', () => {
  it('is the day 15 days before the first auto-renewing expiry and the renew prices of every domain renewing that day', async () => {
    const { client, accountId } = await buyerCreated('2026-01-05T09:00:00Z');
    const expiry = new Date('2026-05-20T08:00:00Z');
    await t.db.insert(domains).values([
      { accountId, domain: 'renews-first.com', expireDate: expiry, autoRenewEnabled: true },
      { accountId, domain: 'renews-first.net', expireDate: new Date('2026-05-20T20:00:00Z'), autoRenewEnabled: true },
      { accountId, domain: 'manual-first.com', expireDate: new Date('2026-04-01T00:00:00Z'), autoRenewEnabled: false },
      { accountId, domain: 'renews-later.com', expireDate: new Date('2026-09-01T00:00:00Z'), autoRenewEnabled: true },
    ]);
    const prices = await client.get('/api/domains?$renewalPricing=true');
    const renewPrice = (name: string) => prices.body.data.find((d: { domain: string }) => d.domain === name)?.renewPrice;
    const account = (await client.get('/api/accounts/0')).body;
    expect(account.autoRenewDate).toBe('2026-05-05T08:00:00.000Z');
    expect(account.autoRenewAmount).toBe(renewPrice('renews-first.com') + renewPrice('renews-first.net'));
    expect(account.autoRenewAmount).toBeGreaterThan(0);
  });

  it('includes the VAT each renewal will be charged, as the monthly bill does, for a customer who pays VAT', async () => {
    const { client, accountId } = await buyerCreated('2026-01-05T09:00:00Z');
    const dutch = { ...demoContact, country: 'NL', state: 'Noord-Holland' };
    await t.db.update(accounts).set({ registrantContact: dutch, whoisBillingContact: dutch }).where(eq(accounts.accountId, accountId));
    await t.db.insert(domains).values([
      { accountId, domain: 'vat-renews.com', expireDate: new Date('2026-05-20T08:00:00Z'), autoRenewEnabled: true },
      { accountId, domain: 'vat-renews.net', expireDate: new Date('2026-05-20T09:00:00Z'), autoRenewEnabled: true },
    ]);
    const prices = await client.get('/api/domains?$renewalPricing=true');
    const renewPrice = (name: string): number => prices.body.data.find((d: { domain: string }) => d.domain === name)?.renewPrice;
    const withVat = (cents: number) => cents + Math.round(cents * 0.21);
    const answer = (await client.get('/api/accounts/0')).body;
    expect(answer.chargeTax).toEqual({ rate: 0.21, note: 'VAT 21% (Netherlands)', display: 'included' });
    expect(answer.autoRenewAmount).toBe(withVat(renewPrice('vat-renews.com')) + withVat(renewPrice('vat-renews.net')));
  });
});
