/**
 * The owner's Offers list in the account app (GET /api/domainOffers) and their answer to one (PATCH
 * /api/domainOffers/:id). No zod here: the account app imports it. Offers under the owner's floor never reach this
 * list; they are declined to the offerer by the for-sale-offers job.
 */

export type OfferStatus = 'open' | 'accepted' | 'declined' | 'sold';

export type DomainOffer = {
  offerId: number;
  domainId: number;
  domain: string;
  /** Cents. */
  amount: number;
  name: string;
  email: string;
  message: string | null;
  status: OfferStatus;
  createDate: string;
  answerDate: string | null;
  /** An accepted offer's buy link works until then. */
  acceptExpireDate: string | null;
  /** The domain's list price now, or null once it is no longer for sale. */
  listPrice: number | null;
};

export type OfferAction = 'accept' | 'decline';

/** How long the buy link of an accepted offer works. */
export const acceptedOfferDays = 7;

export const offerStatusLabels: Record<OfferStatus, string> = {
  open: 'Waiting for your answer',
  accepted: 'Accepted',
  declined: 'Declined',
  sold: 'Sold',
};
