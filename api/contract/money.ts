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

/** Dollars as staff type them ("12", "12.5", "$1,200.00") to cents; null when it is not an amount. */
export function parseDollars(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
