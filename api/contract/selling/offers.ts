/**
 * The owner's Offers list in the account app (GET /api/domainOffers) and their answer to one (PATCH
 * /api/domainOffers/:id). No zod here (the types come from offer-schemas.ts, type-only): the account app imports it. Offers under the owner's floor never reach this
 * list; they are declined to the offerer by the for-sale-offers job.
 */

import type { DomainOffer } from './offer-schemas.ts';

export type { DomainOffer } from './offer-schemas.ts';
export type OfferStatus = DomainOffer['status'];

export type OfferAction = 'accept' | 'decline';

/** How long the buy link of an accepted offer works. */
export const acceptedOfferDays = 7;

export const offerStatusLabels: Record<OfferStatus, string> = {
  open: 'Waiting for your answer',
  accepted: 'Accepted',
  declined: 'Declined',
  sold: 'Sold',
};
