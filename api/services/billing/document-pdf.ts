/** An invoice or credit note as a PDF: both parties' tax identities, each line with its discount, credit and tax, and the totals. */
import { and, eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import brand from '../../../content/brand.json' with { type: 'json' };
import { formatRate } from '../../contract/billing/tax.ts';
import { formatDateUtc } from '../../contract/dates.ts';
import { formatMoney } from '../../contract/money.ts';
import type { DbOrTx } from '../../db/client.ts';
import { billingDocuments } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

const money = (cents: number) => (cents < 0 ? `-${formatMoney(-cents)}` : formatMoney(cents));

/** The account's document by number: 404 when the account has none of that number. */
export async function renderBillingDocument(db: DbOrTx, accountId: number, number: string): Promise<{ filename: string; pdf: Uint8Array }> {
  const [row] = await db
    .select()
    .from(billingDocuments)
    .where(and(eq(billingDocuments.accountId, accountId), eq(billingDocuments.number, number)));
  if (!row) throw new AppError(404, `There is no document ${number} in your account`);
  const [invoice] = row.invoiceId != null ? await db.select().from(billingDocuments).where(eq(billingDocuments.documentId, row.invoiceId)) : [];
  const doc = new PDFDocument({ size: 'LETTER', margin: 54, info: { Title: `${brand.name} ${row.number}`, Author: brand.legalName } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));

  doc.fontSize(18).text(`${row.kind === 'invoice' ? 'Invoice' : 'Credit note'} ${row.number}`);
  doc.fontSize(10).text(`Issued ${formatDateUtc(row.createDate)}${row.orderId != null ? ` · Order ${row.orderId}` : ''}`);
  if (invoice) doc.text(`Corrects invoice ${invoice.number}`);
  doc.moveDown();
  doc.text(`Seller: ${row.seller.name}, ${row.seller.country}${row.seller.taxId ? ` · Tax ID ${row.seller.taxId}` : ''}`);
  doc.text(
    `Buyer: ${row.buyer.email ?? `Account ${row.accountId}`}${row.buyer.country ? `, ${row.buyer.country}` : ''}${row.buyer.taxId ? ` · Tax ID ${row.buyer.taxId}` : ''}`,
  );
  doc.moveDown();
  for (const line of row.lines) {
    doc.text(`${line.description}: ${money(line.amount)}`);
    if (line.discount) doc.text(`    Discount: ${money(-line.discount)}`);
    if (line.tax) doc.text(`    Tax at ${formatRate(line.taxRate)}: ${money(line.tax)}`);
  }
  doc.moveDown();
  const rates = new Map<number, number>();
  for (const line of row.lines) if (line.tax) rates.set(line.taxRate, (rates.get(line.taxRate) ?? 0) + line.tax);
  doc.text(`Subtotal: ${money(row.subtotal)}`);
  if (row.discount) doc.text(`Discounts: ${money(-row.discount)}`);
  for (const [rate, tax] of rates) doc.text(`Tax at ${formatRate(rate)}: ${money(tax)}`);
  if (row.buyer.taxNote) doc.text(row.buyer.taxNote);
  doc.text(`Total: ${money(row.total)}`);
  if (row.credit) doc.text(`Paid with account credit: ${money(row.credit)}`);
  doc.text(`${row.kind === 'invoice' ? 'Paid by card' : 'Back to the card'}: ${money(row.card)}`);
  doc.end();
  await ended;
  return { filename: `${row.number}.pdf`, pdf: new Uint8Array(Buffer.concat(chunks)) };
}
