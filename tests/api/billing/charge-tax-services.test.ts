/**
 * Services bought or billed after checkout are taxed and invoiced as checkout orders are: Domain Protection added
 * from My Domains by a New York customer pays 4% sales tax (California, where the operator does not collect, none);
 * email bought later by a German consumer pays 19% VAT and its refund gives the VAT back on a credit note; the monthly
 * plans of a Dutch consumer are billed with 21% on each plan, on the card, the invoice and the receipt email; a transfer
 * restarted with a new auth code pays Austrian VAT. Every invoice and credit note is numbered without a gap.
 */
import { addDays } from 'date-fns/addDays';
import { subDays } from 'date-fns/subDays';
import { and, asc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingDocuments, domains, outbox, transactions } from '../../../api/db/schema/index.ts';
import { runRecurringBilling } from '../../../api/services/billing/recurring-billing.ts';
import { useFileClock, useFileTestContext } from '../../fixtures/file-test-context.ts';
import { ownDomain } from '../../fixtures/renewal-domains.ts';
import { customerIn, invoiceOf } from '../../fixtures/tax-customers.ts';

const start = new Date(Date.UTC(2026, 2, 10, 15));
const clock = useFileClock(start);
const {
  t,
  nextBuyer,
  ledgerOf,
  payments,
  staff: { billing },
} = useFileTestContext({
  env: { OPERATOR_COUNTRY: 'NL', OPERATOR_TAX_ID: 'NL800000006B01', TAX_REGISTRATIONS: 'EU,US-NY' },
  staff: ['billing'],
});

let names = 0;
const name = (what: string) => `qwzcs-${what}-${++names}.com`;

describe('Domain Protection added after checkout', () => {
  it('pays New York sales tax on the card and the invoice; a California customer pays none', async () => {
    clock.set(start);
    const ny = await customerIn({ t, nextBuyer }, 'services-tax', 'US', 'NY');
    const ca = await customerIn({ t, nextBuyer }, 'services-tax', 'US', 'California');
    const paid: { payment: number; tax: number; invoice: Awaited<ReturnType<typeof invoiceOf>> }[] = [];
    for (const buyer of [ny, ca]) {
      // Two years left in the term: $10.00 of protection.
      const domain = await ownDomain(t, buyer.accountId, name('guard'), { expireDate: subDays(addDays(start, 730), 30) });
      const added = await buyer.client.patch(`/api/domains/${domain.domainId}`, { protectionEnabled: true });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const ledger = await ledgerOf(buyer.accountId);
      expect(ledger.find((row) => row.type === 'nrc')).toMatchObject({ amount: 1000, description: `Domain Protection: ${domain.domain} (2 years)` });
      const payment = ledger.find((row) => row.type === 'payment');
      const intent = await payments().retrieve(payment?.paymentReference ?? '');
      expect(intent.amountReceived, 'the card pays what the ledger says').toBe(-(payment?.amount ?? 0));
      paid.push({
        payment: -(payment?.amount ?? 0),
        tax: ledger.filter((row) => row.type === 'tax').reduce((sum, row) => sum + row.amount, 0),
        invoice: await invoiceOf(t.db, payment?.paymentReference ?? ''),
      });
    }
    expect(paid.map(({ payment, tax }) => [payment, tax])).toEqual([
      [1040, 40],
      [1000, 0],
    ]);
    expect(paid[0].invoice).toMatchObject({ subtotal: 1000, tax: 40, total: 1040, card: 1040 });
    expect(paid[0].invoice.lines[0]).toMatchObject({ taxRate: 0.04, tax: 40 });
    expect(paid[0].invoice.buyer).toMatchObject({ country: 'US', taxNote: 'Sales tax 4% (New York)' });
    expect(paid[1].invoice).toMatchObject({ subtotal: 1000, tax: 0, total: 1000 });
    expect(paid[1].invoice.buyer.taxNote).toBeNull();
    // What the account app adds to a price before it is charged.
    expect((await ny.client.get('/api/accounts/0')).body.chargeTax).toEqual({ rate: 0.04, note: 'Sales tax 4% (New York)', display: 'added' });
    expect((await ca.client.get('/api/accounts/0')).body.chargeTax).toBeNull();
  });
});

describe('email bought after checkout', () => {
  it('charges a German consumer 19% VAT on the first month, and a refund gives it back on a credit note', async () => {
    clock.set(start);
    const { client, accountId } = await customerIn({ t, nextBuyer }, 'services-tax', 'DE', 'Hamburg');
    const domain = await ownDomain(t, accountId, name('mail'), { expireDate: addDays(start, 300), status: 'active' });
    const bought = await client.patch(`/api/domains/${domain.domainId}`, { emailEnabled: true });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const ledger = await ledgerOf(accountId);
    const month = ledger.find((row) => row.type === 'mrc');
    const vat = Math.round((month?.amount ?? 0) * 0.19);
    expect(month?.amount).toBeGreaterThan(0);
    expect(ledger.find((row) => row.type === 'tax')).toMatchObject({ amount: vat, domainId: domain.domainId });
    const payment = ledger.find((row) => row.type === 'payment');
    expect(payment?.amount).toBe(-((month?.amount ?? 0) + vat));
    const invoice = await invoiceOf(t.db, payment?.paymentReference ?? '');
    expect(invoice).toMatchObject({ tax: vat, total: (month?.amount ?? 0) + vat });
    expect(invoice.buyer).toMatchObject({ country: 'DE', taxNote: 'VAT 19% (Germany)' });

    const refund = await billing.client.post(`/api/admin/payments/${payment?.paymentReference}/refunds`, {
      items: [{ transactionId: month?.transactionId, amount: month?.amount }],
      reason: 'Bought by mistake',
      idempotencyKey: `cs-email-${domain.domainId}`,
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    expect(refund.body.payment.refunded).toBe((month?.amount ?? 0) + vat);
    const [note] = await t.db.select().from(billingDocuments).where(eq(billingDocuments.refundId, refund.body.refund.refundId));
    expect(note).toMatchObject({ kind: 'creditNote', invoiceId: invoice.documentId, tax: -vat, total: -((month?.amount ?? 0) + vat) });
  });
});

describe('a transfer restarted with a new auth code', () => {
  it('charges an Austrian consumer the transfer price and 20% VAT when the registry takes the new code', async () => {
    clock.set(start);
    const { client, accountId } = await customerIn({ t, nextBuyer }, 'services-tax', 'AT', 'Wien');
    const domain = await ownDomain(t, accountId, `badcode-qwzcs-restart-${++names}.com`, {
      expireDate: addDays(start, 200),
      status: 'transfer',
      inboundTransferStatus: 'auth-code-rejected',
      pendingCharge: 1028,
      atRegistry: false,
    });
    const restarted = await client.patch(`/api/domains/${domain.domainId}`, { $restartInboundTransfer: 'Str0ng-Code#9x' });
    expect(restarted.status, JSON.stringify(restarted.body)).toBe(200);
    const ledger = await ledgerOf(accountId);
    expect(ledger.map((row) => [row.type, row.amount])).toEqual([
      ['transfer', 1028],
      ['tax', 206],
      ['payment', -1234],
    ]);
    const invoice = await invoiceOf(t.db, ledger[2].paymentReference ?? '');
    expect(invoice).toMatchObject({ subtotal: 1028, tax: 206, total: 1234 });
    expect(invoice.buyer).toMatchObject({ country: 'AT', taxNote: 'VAT 20% (Austria)' });
  });
});

describe('monthly plans', () => {
  it('bill a Dutch consumer 21% VAT on each plan: card, ledger, invoice and receipt email agree', async () => {
    clock.set(start);
    const buyer = await customerIn({ t, nextBuyer }, 'services-tax', 'NL', 'Zuid-Holland');
    const today = clock.now();
    const plans = await t.db
      .insert(domains)
      .values([
        { accountId: buyer.accountId, domain: name('suite'), expireDate: addDays(today, 365), emailEnabled: true, builderEnabled: true, mrc: 899 },
        { accountId: buyer.accountId, domain: name('mailonly'), expireDate: addDays(today, 365), emailEnabled: true, mrc: 500 },
      ])
      .returning();
    // Checkout paid the first 30 days.
    await t.db.insert(transactions).values(
      plans.map((row) => ({
        accountId: buyer.accountId,
        domainId: row.domainId,
        type: 'mrc' as const,
        description: `first month ${row.domain}`,
        amount: row.mrc,
        startDate: today,
        endDate: addDays(today, 30),
      })),
    );
    const suiteVat = Math.round(899 * 0.21);
    const mailVat = Math.round(500 * 0.21);
    const total = 1399 + suiteVat + mailVat;
    // The account page tells what the next bill will charge, VAT in it.
    expect((await buyer.client.get('/api/accounts/0')).body).toMatchObject({
      recurringBillDate: '2026-04-10T00:00:00.000Z',
      recurringBillAmount: total,
      chargeTax: { rate: 0.21, note: 'VAT 21% (Netherlands)', display: 'included' },
    });
    await runRecurringBilling(t.deps);
    clock.set(new Date('2026-04-10T00:30:00Z'));
    await runRecurringBilling(t.deps);

    const april = (await ledgerOf(buyer.accountId)).filter((row) => row.startDate >= new Date('2026-04-01'));
    expect(april.filter((row) => row.type === 'tax').map((row) => [row.domainId, row.amount])).toEqual(
      expect.arrayContaining([
        [plans[0].domainId, suiteVat],
        [plans[1].domainId, mailVat],
      ]),
    );
    const payment = april.find((row) => row.type === 'payment');
    expect(payment?.amount).toBe(-total);
    expect(await payments().retrieve(payment?.paymentReference ?? '')).toMatchObject({ amountReceived: total });
    const invoice = await invoiceOf(t.db, payment?.paymentReference ?? '');
    expect(invoice).toMatchObject({ subtotal: 1399, tax: suiteVat + mailVat, total, card: total });
    expect(invoice.lines.every((line) => line.taxRate === 0.21)).toBe(true);

    await t.runJobs();
    const [receipt] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, buyer.email), like(outbox.subject, '%receipt: monthly plans%')))
      .orderBy(asc(outbox.id));
    const cents = (n: number) => `$${(n / 100).toFixed(2)}`;
    expect(receipt.body).toContain(`We charged ${cents(total)}`);
    expect(receipt.body).toContain(`VAT 21% (Netherlands): ${cents(suiteVat + mailVat)}`);
    expect(receipt.body).toContain(`Total: ${cents(total)}`);
  });
});

describe('document numbers', () => {
  it('run without a gap across every invoice and credit note written above', async () => {
    const documents = await t.db.select().from(billingDocuments).orderBy(asc(billingDocuments.documentId));
    for (const series of ['invoice', 'creditNote'] as const) {
      const numbers = documents.filter((row) => row.kind === series).map((row) => row.sequence);
      expect(numbers.length).toBeGreaterThan(0);
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    }
  });
});
