/**
 * Follows up For Sale offers: queued by each offer (the owner hears of it at once) and every 15 minutes for the declines
 * of offers under the floor, which go out hours after the offer (services/selling/for-sale.ts).
 */
import { followUpOffers, forSaleOffersQueue } from '../services/selling/for-sale.ts';
import type { JobKind } from './job-kind.ts';

export const forSaleOffersJob: JobKind<{ offerId?: number }> = {
  name: forSaleOffersQueue,
  cron: '*/15 * * * *',
  queue: { retryLimit: 4, retryDelay: 60, retryBackoff: true, expireInSeconds: 300 },
  run: (deps) => followUpOffers(deps),
};
