/** The Sell form's rules (control-panel spec §5, §9), checked in the form and again on the server. Cents. */

export const minimumSalePrice = 9900;
export const defaultFloorPrice = 9900;
export const defaultListPrice = 10000;
/**
 * The seller's share of a sale, and the bonus when the buyer came through the domain's For Sale page (control-panel
 * spec §9; issue #25: these govern). The Sell form, its confirm step, the Sell My Domain page and the Terms all show
 * them from here (sale-figures.ts puts them into content/).
 */
export const sellerPayoutPercent = 70;
export const forSalePageBonusPercent = 10;
export const forSalePagePayoutPercent = sellerPayoutPercent + forSalePageBonusPercent;

export const floorPriceTooLowMessage = 'Minimum Floor Price is $99';
export const listPriceTooLowMessage = 'Minimum List Price must be above Floor Price';
export const termsRequiredMessage = 'Please agree to the terms to list your domain';

export type SalePriceErrors = { floorPrice: string | null; listPrice: string | null };

export function salePriceErrors(prices: { floorPrice: number; listPrice: number }): SalePriceErrors {
  const floorOk = Number.isInteger(prices.floorPrice) && prices.floorPrice >= minimumSalePrice;
  return {
    floorPrice: floorOk ? null : floorPriceTooLowMessage,
    listPrice: Number.isInteger(prices.listPrice) && prices.listPrice > Math.max(prices.floorPrice, minimumSalePrice - 1) ? null : listPriceTooLowMessage,
  };
}

/** What the seller receives, in cents: 70% of the price, 80% when the sale came through the For Sale page. */
export function sellerPayout(priceCents: number, throughForSalePage = false): number {
  return Math.floor((priceCents * (throughForSalePage ? forSalePagePayoutPercent : sellerPayoutPercent)) / 100);
}

/**
 * GET /api/forSale/:domain: what a For Sale page shows. `expireDate`: the registration the buyer gets. `offer`: with
 * `?offer=<token>` from an accepted offer's email, its amount and until when the link works.
 */

export const offerLimits = { nameMax: 100, messageMax: 1000 } as const;
