/**
 * The owner's Offers list (GET /api/domainOffers) and their answer to one (PATCH /api/domainOffers/:id) as zod
 * schemas: offers.ts takes its types from here, type-only, so the account app's Offers page carries no zod.
 */
import '../zod-config.ts';
import { z } from 'zod';

export const offerStatuses = ['open', 'accepted', 'declined', 'sold'] as const;

export const domainOfferSchema = z.strictObject({
  offerId: z.number().int(),
  domainId: z.number().int(),
  domain: z.string(),
  /** Cents. */
  amount: z.number().int(),
  name: z.string(),
  email: z.string(),
  message: z.string().nullable(),
  status: z.enum(offerStatuses),
  createDate: z.string(),
  answerDate: z.string().nullable(),
  /** An accepted offer's buy link works until then. */
  acceptExpireDate: z.string().nullable(),
  /** The domain's list price now, or null once it is no longer for sale. */
  listPrice: z.number().int().nullable(),
});
export type DomainOffer = z.infer<typeof domainOfferSchema>;
