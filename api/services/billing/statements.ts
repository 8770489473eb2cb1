/**
 * The monthly statement PDF (GET /api/transactions?$pdf=true&yyyymm=): the brand, the account's billing contact, the
 * period, the month's rows grouped by the spec's type labels with their totals, the balances and page numbers.
 */
import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import brand from '../../../content/brand.json' with { type: 'json' };
import { now } from '../../clock.ts';
import { formatMoney } from '../../contract/money.ts';
import { ledgerTypes, monthBounds, monthLabel, monthSummary, type TransactionsAnswer, transactionTypeLabels } from '../../contract/billing/transactions.ts';
import type { Db } from '../../db/client.ts';
import { type AccountRow, accounts } from '../../db/schema/index.ts';
import { listMonthTransactions } from './transactions.ts';

/** "MMM d, yyyy" (spec §9) in UTC, as the ledger's months are. */
const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const formatDate = (value: string | Date) => dateFormat.format(new Date(value));

/** `Dotspot-202611.pdf`: the provider's name plus yyyymm (spec §9). */
export function statementFilename(yyyymm: string): string {
  return `${brand.name.replace(/[^A-Za-z0-9._-]+/g, '-')}-${yyyymm}.pdf`;
}

const page = { margin: 54, width: 612 };
const columns = { date: page.margin, description: page.margin + 90, amountRight: page.width - page.margin };
const accent = brand.sisterBrands.find((sister) => sister.name === brand.name)?.color ?? '#222222';
const ink = '#1f2430';
const muted = '#6b7280';
const line = '#d9dce3';

export async function renderStatement(db: Db, accountId: number, yyyymm: string): Promise<{ filename: string; pdf: Uint8Array }> {
  const month = await listMonthTransactions(db, accountId, yyyymm);
  const [account] = await db.select().from(accounts).where(eq(accounts.accountId, accountId));
  const contact = account.whoisBillingContact ?? account.registrantContact;
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: page.margin, bottom: page.margin + 20, left: page.margin, right: page.margin },
    bufferPages: true,
    info: { Title: `${brand.name} statement ${monthLabel(yyyymm)}`, Author: brand.legalName, CreationDate: now() },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));

  drawHeader(doc, yyyymm, accountId);
  drawContact(doc, contact);
  drawSummary(doc, month);
  drawGroups(doc, month);
  drawFooters(doc);
  doc.end();
  await ended;
  return { filename: statementFilename(yyyymm), pdf: new Uint8Array(Buffer.concat(chunks)) };
}

type Doc = InstanceType<typeof PDFDocument>;

function drawHeader(doc: Doc, yyyymm: string, accountId: number) {
  const { start, end } = monthBounds(yyyymm);
  const lastDay = new Date(end.getTime() - 1);
  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(22).fillColor(accent).text(brand.name, page.margin, top);
  doc.font('Helvetica').fontSize(9).fillColor(muted).text(brand.legalName).text(brand.supportEmail);
  const right = { x: page.width / 2, width: page.width / 2 - page.margin, align: 'right' as const };
  doc.font('Helvetica-Bold').fontSize(16).fillColor(ink).text('Account Statement', right.x, top, right);
  doc.font('Helvetica').fontSize(10).fillColor(ink).text(monthLabel(yyyymm), right);
  doc
    .fillColor(muted)
    .fontSize(9)
    .text(`Period: ${formatDate(start)} – ${formatDate(lastDay)}`, right);
  doc.text(`Account number: ${accountId}`, right).text(`Issued: ${formatDate(now())}`, right);
  doc.moveDown(1.2);
  rule(doc, accent, 1.5);
}

function drawContact(doc: Doc, contact: AccountRow['registrantContact']) {
  doc.moveDown(0.8);
  doc.font('Helvetica-Bold').fontSize(8).fillColor(muted).text('BILL TO', page.margin);
  doc.font('Helvetica').fontSize(10).fillColor(ink);
  if (!contact) {
    doc.text('No billing contact on file');
  } else {
    const lines = [
      `${contact.firstName} ${contact.lastName}`,
      contact.company,
      contact.address,
      `${contact.city}, ${contact.state} ${contact.zip}`,
      contact.country,
      contact.email,
    ].filter(Boolean);
    for (const text of lines) doc.text(text);
  }
  doc.moveDown(1);
}

function drawSummary(doc: Doc, month: TransactionsAnswer) {
  const { totals } = month.metaData;
  const { charges, payments } = monthSummary(month.data);
  const entries: [string, number][] = [
    [transactionTypeLabels.start, totals.start],
    ['Charges', charges],
    ['Payments and refunds', payments],
    [transactionTypeLabels.balance, totals.balance],
  ];
  const top = doc.y;
  const boxWidth = page.width - 2 * page.margin;
  doc.roundedRect(page.margin, top, boxWidth, 54, 4).fillAndStroke('#f6f7f9', line);
  const cell = boxWidth / entries.length;
  entries.forEach(([label, cents], index) => {
    const x = page.margin + index * cell + 12;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(muted)
      .text(label.toUpperCase(), x, top + 12, { width: cell - 24 });
    doc
      .font('Helvetica-Bold')
      .fontSize(13)
      .fillColor(ink)
      .text(formatMoney(cents), x, top + 26, { width: cell - 24 });
  });
  doc.x = page.margin;
  doc.y = top + 54 + 22;
}

function ensureRoom(doc: Doc, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

type Cells = { date: string; description: string; amount: string };
type RowStyle = 'row' | 'total' | 'head';
const descriptionWidth = columns.amountRight - 90 - columns.description;

/** The height `row` will take (and sets its font, as `row` then draws with it). */
function rowHeight(doc: Doc, cells: Cells, style: RowStyle): number {
  doc.font(style !== 'row' ? 'Helvetica-Bold' : 'Helvetica').fontSize(style === 'head' ? 11 : 9.5);
  return Math.max(doc.heightOfString(cells.description, { width: descriptionWidth }), 12) + 6;
}

function row(doc: Doc, cells: Cells, style: RowStyle) {
  const height = rowHeight(doc, cells, style);
  ensureRoom(doc, height);
  const y = doc.y;
  doc.fillColor(style === 'row' ? muted : ink).text(cells.date, columns.date, y, { width: 86, lineBreak: false });
  doc.fillColor(ink).text(cells.description, columns.description, y, { width: descriptionWidth });
  doc.text(cells.amount, columns.amountRight - 90, y, { width: 90, align: 'right', lineBreak: false });
  doc.x = page.margin;
  doc.y = y + height;
}

function drawGroups(doc: Doc, month: TransactionsAnswer) {
  const { totals } = month.metaData;
  const { start } = monthBounds(month.metaData.yyyymm);
  row(doc, { date: formatDate(start), description: transactionTypeLabels.start, amount: formatMoney(totals.start) }, 'head');
  rule(doc, line);
  if (month.data.length === 0) {
    doc.moveDown(0.6);
    doc.font('Helvetica').fontSize(10).fillColor(muted).text('No transactions this month.', page.margin);
    doc.moveDown(0.6);
  }
  const lastDay = new Date(new Date(month.metaData.endDate).getTime() - 1);
  const balance: Cells = { date: formatDate(lastDay), description: transactionTypeLabels.balance, amount: formatMoney(totals.balance) };
  const groups = ledgerTypes.map((type) => ({ type, rows: month.data.filter((entry) => entry.type === type) })).filter((group) => group.rows.length > 0);
  for (const [index, { type, rows }] of groups.entries()) {
    doc.moveDown(0.6);
    ensureRoom(doc, 60);
    row(doc, { date: '', description: transactionTypeLabels[type], amount: '' }, 'head');
    const total: Cells = { date: '', description: `Total ${transactionTypeLabels[type]}`, amount: formatMoney(totals[type]) };
    for (const [at, entry] of rows.entries()) {
      const cells: Cells = { date: formatDate(entry.startDate), description: entry.description, amount: formatMoney(entry.amount) };
      // The table's last row, its total and the ending balance go onto a page together: a page holding only the
      // balance reads as a statement of nothing (issue #25).
      if (index === groups.length - 1 && at === rows.length - 1) {
        ensureRoom(doc, rowHeight(doc, cells, 'row') + 4 + rowHeight(doc, total, 'total') + endHeight(doc, balance));
      }
      row(doc, cells, 'row');
    }
    rule(doc, line);
    row(doc, total, 'total');
  }
  doc.moveDown(0.8);
  rule(doc, accent, 1.5);
  row(doc, balance, 'head');
  doc.moveDown(1);
  doc.font('Helvetica').fontSize(8.5).fillColor(muted).text(closingNote, page.margin);
}

const closingNote =
  'Charges are positive and payments negative; discounts, credits and refunds sit beside what they reduce. A balance ' +
  'of $0.00 means the account is paid in full; a negative balance is credit the next order uses. ' +
  `Questions about this statement: ${brand.supportEmail}.`;

/** The height of what follows the last table: the gap, the rule, the ending balance and the closing note. */
function endHeight(doc: Doc, balance: Cells): number {
  doc.font('Helvetica-Bold').fontSize(9.5);
  const gaps = doc.currentLineHeight(true) * 0.8;
  const balanceHeight = rowHeight(doc, balance, 'head');
  doc.font('Helvetica-Bold').fontSize(11);
  const beforeNote = doc.currentLineHeight(true);
  doc.font('Helvetica').fontSize(8.5);
  const note = doc.heightOfString(closingNote, { width: page.width - 2 * page.margin });
  return gaps + 6 + balanceHeight + beforeNote + note;
}

function rule(doc: Doc, color: string, width = 0.75) {
  doc
    .moveTo(page.margin, doc.y)
    .lineTo(page.width - page.margin, doc.y)
    .lineWidth(width)
    .strokeColor(color)
    .stroke();
  doc.y += 4;
}

function drawFooters(doc: Doc) {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const bottom = doc.page.height - page.margin + 4;
    // Writing below the bottom margin would start a new page: lift the margin while the footer is drawn.
    const margins = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor(muted);
    doc.text(`${brand.legalName} · ${brand.name} account statement`, page.margin, bottom, { lineBreak: false });
    doc.text(`Page ${index + 1} of ${range.count}`, page.margin, bottom, { width: page.width - 2 * page.margin, align: 'right', lineBreak: false });
    doc.page.margins.bottom = margins;
  }
}
