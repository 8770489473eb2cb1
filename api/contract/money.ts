/** Money is integer cents everywhere; this is the one place it becomes text. */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatMoney(cents: number): string {
  if (typeof cents !== 'number' || !Number.isInteger(cents)) {
    console.warn('formatMoney expects integer cents, got', cents);
    const raw = Number(cents);
    return Number.isFinite(raw) ? usd.format(raw / 100) : String(cents);
  }
  return usd.format(cents / 100);
}

/** The analytics value of a price: dollars as a number (storefront spec §7). */
export function centsToDollars(cents: number): number {
  return cents / 100;
}
