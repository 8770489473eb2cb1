/**
 * VAT numbers: whether an EU VAT number is registered, asked of the EU's VIES service. VIES often cannot answer for a
 * member state (its national service is down or busy): that is `unavailable`, not `invalid`, and checkout then charges
 * VAT and says why.
 */
export type ViesAnswer = { status: 'confirmed' | 'invalid' | 'unavailable'; name: string | null };

export interface ViesProvider {
  readonly name: 'sandbox' | 'vies';
  /** `countryCode` as VIES spells it (EL for Greece), `number` without it. Never throws: no answer is `unavailable`. */
  check(countryCode: string, number: string): Promise<ViesAnswer>;
}
