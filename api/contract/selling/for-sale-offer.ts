/** POST /api/forSale/:domain/offers: an offer from the For Sale page (cents), bot-checked. */
import '../zod-config.ts';
import { z } from 'zod';
import { minimumSalePrice, offerLimits } from './sale.ts';

export const offerSchema = z.strictObject({
  amount: z.number().int('Enter a whole amount').min(minimumSalePrice, 'Offers start at $99'),
  name: z.string().trim().min(1, 'Please enter your name').max(offerLimits.nameMax),
  email: z.email('Please enter a valid email address').max(254),
  message: z.string().trim().max(offerLimits.messageMax).optional(),
  token: z.string().min(1, 'Please complete the bot check'),
});
export type Offer = z.infer<typeof offerSchema>;

/** PATCH /api/domainOffers/:id: the owner's answer to an offer. */
export const offerAnswerSchema = z.strictObject({ action: z.enum(['accept', 'decline'], 'action: accept or decline') });

export const outboundAnswerSchema = z.strictObject({ action: z.enum(['approve', 'cancel']) });
export const simulatedTransferSchema = z.strictObject({
  domain: z.string().trim().toLowerCase().min(3),
  authCode: z.string().min(1),
  gainingRegistrar: z.string().trim().min(1).max(100).default('GoHost Registrar Inc.'),
});

/** GET /api/forSale/:domain: a listed name as its For Sale page shows it (with an accepted offer's price, by its link). */
export const forSaleListingSchema = z.strictObject({
  domain: z.string(),
  listPrice: z.number().int(),
  acceptOffers: z.boolean(),
  expireDate: z.string(),
  offer: z.strictObject({ amount: z.number().int(), expireDate: z.string() }).nullable(),
});
export type ForSaleListing = z.infer<typeof forSaleListingSchema>;
