/**
 * What a For Sale page says about tax. Checkout taxes a name bought from its owner as any other line (its price, net,
 * plus the buyer's VAT or sales tax), so the page shows the price as the cart will charge it for the visitor's prices
 * country, and an offer is an amount before tax: the note under the offer field says what comes on top, and what the
 * typed amount would then cost.
 */
import { formatRate, includesTax, shownPrice } from '../../../api/contract/billing/tax.ts';
import { formatMoney } from '../../../api/contract/money.ts';
import { inSentence, type PricesFor } from '../../stores/prices-for.ts';

/** The note under the offer field: whether tax comes on top of the amount offered, and what it would come to. */
export function offerTaxNote(pricesFor: PricesFor | null, amount: number | null): string {
  if (!pricesFor) return 'Offer an amount before tax: any VAT or sales tax for your country is added at checkout.';
  const { rate, place, display, reverseCharge, regional, country } = pricesFor;
  const label = inSentence(pricesFor.label);
  if (reverseCharge) return 'Offer an amount before VAT: none is added at checkout, your business accounts for it (reverse charge).';
  if (includesTax(pricesFor)) {
    const added = `Offer an amount before ${label}: ${formatRate(rate)} ${label} (${place}) is added at checkout`;
    return amount ? `${added}, so an offer of ${formatMoney(amount)} costs you ${formatMoney(shownPrice(amount, pricesFor))}.` : `${added}.`;
  }
  if (display === 'added' && rate > 0)
    return `Offer an amount before tax: ${formatRate(rate)} ${label} (${place})${regional ? ' and any provincial tax are' : ' is'} added at checkout.`;
  if (display === 'added') return `Offer an amount before tax: ${label} is added at checkout where your ${country === 'CA' ? 'province' : 'state'} charges it.`;
  return `No sales tax or VAT is added at checkout for ${place}: your offer is what you pay.`;
}

/** Under an accepted offer's price when it holds VAT: the amount the owner accepted, which is before it. */
export function acceptedOfferNote(pricesFor: PricesFor | null, amount: number): string {
  if (!includesTax(pricesFor)) return 'The owner accepted your offer.';
  return `The owner accepted your offer of ${formatMoney(amount)}; with ${formatRate(pricesFor.rate)} ${inSentence(pricesFor.label)} that is the price above.`;
}
