/**
 * Billing history without zod (the account app's billing view imports it): the transaction type labels in the spec's
 * order (control-panel spec §3), the collapsed-group threshold and which months a customer may pick (§9).
 */

/** The spec's transaction types in its table's order, with their labels. */
export const transactionTypeLabels = {
  start: 'Starting Balance',
  setup: 'Setup Fees',
  lnp: 'Porting Fees',
  nrc: 'Non-Recurring Charges',
  mrc: 'Recurring Charges',
  usage: 'Usage Charges',
  user: 'User Fees',
  transfer: 'Transfer Fees',
  other: 'Other Fees',
  tax: 'Taxes and Fees',
  /** Money given back or waived (a courtesy renewal): negative amounts. */
  credit: 'Credits',
  payment: 'Payments',
  /** A seller's share of a name sold through the market (negative: owed to them). */
  payout: 'Sale Proceeds',
  balance: 'Ending Balance',
} as const;
export type TransactionType = keyof typeof transactionTypeLabels;
export const transactionTypes = Object.keys(transactionTypeLabels) as TransactionType[];
/** The types rows of the ledger carry; start and balance are the period's computed balances. */
export const ledgerTypes = transactionTypes.filter((type) => type !== 'start' && type !== 'balance');

/** Groups with more rows than this open collapsed (spec §9). */
export const collapsedGroupRows = 5;
/** How many months back billing history offers (spec §9). */
export const selectableMonthCount = 12;

export function toYyyymm(date: Date): string {
  return `${date.getUTCFullYear()}${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The first instant (UTC) of a `yyyymm` month and of the month after it. */
export function monthBounds(yyyymm: string): { start: Date; end: Date } {
  const year = Number(yyyymm.slice(0, 4));
  const month = Number(yyyymm.slice(4, 6)) - 1;
  return { start: new Date(Date.UTC(year, month, 1)), end: new Date(Date.UTC(year, month + 1, 1)) };
}

/** The months a customer may pick, newest first: the last 12 up to `now`, none before the account was created. */
export function selectableMonths(accountCreateDate: Date, now: Date): string[] {
  const months: string[] = [];
  const first = toYyyymm(accountCreateDate);
  for (let back = 0; back < selectableMonthCount; back++) {
    const month = toYyyymm(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)));
    if (month < first) break;
    months.push(month);
  }
  return months;
}

/** "November 2026" for a `yyyymm`. */
export function monthLabel(yyyymm: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(monthBounds(yyyymm).start);
}

/**
 * A month's summary: charges net of what was taken off them (promo codes, credits, refunds of a charge), and payments
 * net of refunds to the card. The starting balance plus both is the ending balance.
 */
export function monthSummary(rows: readonly { type: TransactionType; amount: number }[]): { charges: number; payments: number } {
  let charges = 0;
  let payments = 0;
  for (const row of rows) {
    if (row.type === 'payment') payments += row.amount;
    else charges += row.amount;
  }
  return { charges, payments };
}
