/**
 * The website builder's offer and starter page (control-panel spec §9: $5 per month, a free trial), free of zod so
 * the My Domains chunk can show them without loading it.
 */
import { planPrices } from '../carts/cart-pricing.ts';

/** The builder's monthly price in cents. */
export const builderMonthlyPrice = planPrices.website;
/** Days of the builder's free trial: the first charge for it comes after them. One trial per domain. */
export const builderTrialDays = 14;

/** The starter page's headline until the owner writes one. */
export const starterHeadline = 'Something great is coming soon';
export const defaultAccentColor = '#ff5b2e';
export const defaultBackgroundColor = '#ffffff';
