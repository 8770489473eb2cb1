/** Term arithmetic on per-year price lists, without zod: the cart island prices terms with it and ships no schema code. */
export const maxTermYears = 10;

/** Total cents for a term of `years` from a per-year price list. */
export function termPrice(pricing: number[], years: number): number {
  return pricing.slice(0, years).reduce((sum, price) => sum + price, 0);
}
