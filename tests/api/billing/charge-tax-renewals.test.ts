/**
 * Renewals after checkout are taxed and invoiced as checkout orders are: a German consumer renewing from the account
 * app sees 19% VAT in the preview, the card pays the price with it, the ledger has the tax row, the invoice shows the
 * line's tax and the buyer's country, and a refund gives the VAT back on a credit note naming the invoice. The nightly
 * auto-renewal charges a Dutch consumer 21% on each line (renewal and Domain Protection) and reverse-charges a Belgian
 * business whose VAT number VIES confirmed: no VAT, its number and the Article 196 wording on the invoice.
 */
import { addDays } from 'date-fns/addDays';
import { and, asc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingDocuments, transactions } from '../../../api/db/schema/index.ts';
import { runDomainCalendar } from '../../../api/services/renewals/domain-calendar.ts';
import { useFileClock, useFileTestContext } from '../../fixtures/file-test-context.ts';
import { readPdfText } from '../../fixtures/pdf-text.ts';
import { ownDomain } from '../../fixtures/renewal-domains.ts';
import { customerIn, invoiceOf } from '../../fixtures/tax-customers.ts';

const start = new Date(Date.UTC(2026, 4, 1, 3));
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

/** The .com renewal price for a year and Domain Protection's, in cents. */
const comRenewal = 1128;
const protectionYear = 500;
let names = 0;
const name = (what: string) => `qwzct-${what}-${++names}.com`;

describe('a renewal from the account app', () => {
  it('charges a German consumer 19% VAT on the card, writes the tax row and invoices it; a refund gives the VAT back on a credit note', async () => {
    clock.set(start);
    const { client, accountId } = await customerIn({ t, nextBuyer }, 'charge-tax', 'DE', 'Berlin');
    const domain = await ownDomain(t, accountId, name('berlin'), { expireDate: addDays(start, 200), autoRenewEnabled: true });
    const request = { renewalPeriod: 1, domains: [{ domainId: domain.domainId }] };
    const vat = Math.round(comRenewal * 0.19);

    const preview = await client.post('/api/renewals', request);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ totalPrice: comRenewal, tax: vat, taxNote: 'VAT 19% (Germany)', committed: false });

    const done = await client.post('/api/renewals', { ...request, commit: true, orderKey: `charge-tax-${domain.domainId}` });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ totalPrice: comRenewal, tax: vat, taxNote: 'VAT 19% (Germany)', committed: true });

    const ledger = await ledgerOf(accountId);
    const renewal = ledger.find((row) => row.type === 'nrc');
    const tax = ledger.find((row) => row.type === 'tax');
    const payment = ledger.find((row) => row.type === 'payment');
    expect(renewal).toMatchObject({ amount: comRenewal, description: `Renewal: ${domain.domain} (1 year)` });
    expect(tax).toMatchObject({ amount: vat, domainId: domain.domainId, description: `VAT 19% (Germany) on Renewal: ${domain.domain} (1 year)` });
    expect(tax?.startDate, 'a statement shows the VAT in the month of what it taxes').toEqual(renewal?.startDate);
    expect(payment?.amount, 'the card pays the price and its VAT').toBe(-(comRenewal + vat));
    const paymentIntentId = payment?.paymentReference ?? '';
    expect(await payments().retrieve(paymentIntentId)).toMatchObject({ amountReceived: comRenewal + vat });

    const invoice = await invoiceOf(t.db, paymentIntentId);
    expect(invoice).toMatchObject({ subtotal: comRenewal, tax: vat, total: comRenewal + vat, card: comRenewal + vat, orderId: null });
    expect(invoice.lines).toEqual([
      { description: `Renewal: ${domain.domain} (1 year)`, amount: comRenewal, discount: 0, credit: 0, taxRate: 0.19, tax: vat, total: comRenewal },
    ]);
    expect(invoice.seller).toMatchObject({ country: 'NL', taxId: 'NL800000006B01' });
    expect(invoice.buyer).toMatchObject({ country: 'DE', taxId: null, taxNote: 'VAT 19% (Germany)' });
    // The PDF the customer downloads says the same.
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const pdf = await t.app.request(
      `http://localhost/api/orders/documents/${invoice.number}`,
      { headers: { cookie } },
      { requestIP: () => ({ address: client.ip }) },
    );
    expect(pdf.status).toBe(200);
    const { text } = await readPdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain(`Tax at 19%: $${(vat / 100).toFixed(2)}`);
    expect(text).toContain(`Total: $${((comRenewal + vat) / 100).toFixed(2)}`);
    expect(text).toContain('VAT 19% (Germany)');

    // The same order key answers the same again, tax included.
    const replay = await client.post('/api/renewals', { ...request, commit: true, orderKey: `charge-tax-${domain.domainId}` });
    expect(replay.body).toMatchObject({ totalPrice: comRenewal, tax: vat, taxNote: 'VAT 19% (Germany)' });

    const refund = await billing.client.post(`/api/admin/payments/${paymentIntentId}/refunds`, {
      items: [{ transactionId: renewal?.transactionId, amount: comRenewal }],
      reason: 'Renewed by mistake',
      idempotencyKey: `ct-refund-${domain.domainId}`,
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    expect(refund.body.payment.refunded, 'the VAT goes back with the price').toBe(comRenewal + vat);
    expect(await payments().retrieve(paymentIntentId)).toMatchObject({ amountRefunded: comRenewal + vat });
    const [note] = await t.db.select().from(billingDocuments).where(eq(billingDocuments.refundId, refund.body.refund.refundId));
    expect(note).toMatchObject({ kind: 'creditNote', invoiceId: invoice.documentId, subtotal: -comRenewal, tax: -vat, total: -(comRenewal + vat) });
    expect(note.number).toMatch(/^CN-2026-\d{6}$/);
    expect(note.lines.find((line) => line.tax !== 0)).toMatchObject({ taxRate: 0.19, tax: -vat });
  });

  it('charges a US customer in a state the operator collects in (New York) sales tax, and one in California none', async () => {
    clock.set(start);
    const ny = await customerIn({ t, nextBuyer }, 'charge-tax', 'US', 'New York');
    const ca = await customerIn({ t, nextBuyer }, 'charge-tax', 'US', 'CA');
    const answers = [];
    for (const buyer of [ny, ca]) {
      const domain = await ownDomain(t, buyer.accountId, name('us'), { expireDate: addDays(start, 200) });
      const done = await buyer.client.post('/api/renewals', {
        renewalPeriod: 2,
        domains: [{ domainId: domain.domainId }],
        commit: true,
        orderKey: `charge-tax-us-${domain.domainId}`,
      });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      answers.push(done.body);
    }
    const salesTax = Math.round(2 * comRenewal * 0.04);
    expect(answers[0]).toMatchObject({ totalPrice: 2 * comRenewal, tax: salesTax, taxNote: 'Sales tax 4% (New York)' });
    expect(answers[1]).toMatchObject({ totalPrice: 2 * comRenewal, tax: 0 });
    expect(answers[1].taxNote).toBeUndefined();

    const nyLedger = await ledgerOf(ny.accountId);
    expect(nyLedger.find((row) => row.type === 'payment')?.amount).toBe(-(2 * comRenewal + salesTax));
    const nyInvoice = await invoiceOf(t.db, nyLedger.find((row) => row.type === 'payment')?.paymentReference ?? '');
    expect(nyInvoice).toMatchObject({ tax: salesTax, total: 2 * comRenewal + salesTax });
    expect(nyInvoice.buyer.taxNote).toBe('Sales tax 4% (New York)');

    const caLedger = await ledgerOf(ca.accountId);
    expect(caLedger.map((row) => row.type).sort()).toEqual(['nrc', 'payment']);
    expect(caLedger.find((row) => row.type === 'payment')?.amount).toBe(-2 * comRenewal);
    const caInvoice = await invoiceOf(t.db, caLedger.find((row) => row.type === 'payment')?.paymentReference ?? '');
    expect(caInvoice).toMatchObject({ tax: 0, total: 2 * comRenewal });
    expect(caInvoice.lines[0]).toMatchObject({ taxRate: 0, tax: 0 });
  });
});

describe('the nightly auto-renewal', () => {
  it('charges a Dutch consumer 21% on the renewal and on Domain Protection, and reverse-charges a Belgian business', async () => {
    clock.set(start);
    const consumer = await customerIn({ t, nextBuyer }, 'charge-tax', 'NL', 'Utrecht');
    const business = await customerIn({ t, nextBuyer }, 'charge-tax', 'BE', 'Brussels');
    const saved = await business.client.patch('/api/accounts/0', { vatNumber: 'BE0999000030' });
    expect(saved.body).toMatchObject({ vatNumber: 'BE0999000030', vatStatus: 'confirmed' });
    const expiry = addDays(start, 20);
    const mine = await ownDomain(t, consumer.accountId, name('utrecht'), {
      expireDate: expiry,
      autoRenewEnabled: true,
      protectionEnabled: true,
      protectionPaidUntil: expiry,
    });
    const theirs = await ownDomain(t, business.accountId, name('brussels'), { expireDate: expiry, autoRenewEnabled: true });
    await runDomainCalendar(t.deps);
    clock.set(addDays(start, 5));
    await runDomainCalendar(t.deps);

    const consumerLedger = await ledgerOf(consumer.accountId);
    const renewalVat = Math.round(comRenewal * 0.21);
    const protectionVat = Math.round(protectionYear * 0.21);
    const taxRows = consumerLedger.filter((row) => row.type === 'tax');
    // One tax row for the domain, as checkout writes one per order line: each charge line taxed, then added.
    expect(taxRows).toMatchObject([{ amount: renewalVat + protectionVat, domainId: mine.domainId, metaData: { rate: 0.21 } }]);
    expect(consumerLedger.find((row) => row.type === 'payment')?.amount).toBe(-(comRenewal + protectionYear + renewalVat + protectionVat));
    const consumerInvoice = await invoiceOf(t.db, taxRows[0].paymentReference ?? '');
    expect(consumerInvoice.lines.map((line) => [line.amount, line.taxRate, line.tax])).toEqual([
      [comRenewal, 0.21, renewalVat],
      [protectionYear, 0.21, protectionVat],
    ]);
    expect(consumerInvoice).toMatchObject({ tax: renewalVat + protectionVat, card: comRenewal + protectionYear + renewalVat + protectionVat });
    expect(consumerInvoice.buyer).toMatchObject({ country: 'NL', taxNote: 'VAT 21% (Netherlands)' });

    const businessLedger = await ledgerOf(business.accountId);
    expect(businessLedger.filter((row) => row.type === 'tax')).toEqual([]);
    const payment = businessLedger.find((row) => row.type === 'payment');
    expect(payment?.amount, 'a reverse-charged business pays the price alone').toBe(-comRenewal);
    expect(await payments().retrieve(payment?.paymentReference ?? '')).toMatchObject({ amountReceived: comRenewal });
    const businessInvoice = await invoiceOf(t.db, payment?.paymentReference ?? '');
    expect(businessInvoice).toMatchObject({ tax: 0, total: comRenewal });
    expect(businessInvoice.buyer).toMatchObject({ country: 'BE', taxId: 'BE0999000030' });
    expect(businessInvoice.buyer.taxNote).toContain('Reverse charge');
    expect(businessInvoice.buyer.taxNote).toContain('Article 196');
    const [renewed] = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.domainId, theirs.domainId), like(transactions.description, 'Renewal:%')))
      .orderBy(asc(transactions.transactionId));
    expect(renewed.amount).toBe(comRenewal);
  });
});
