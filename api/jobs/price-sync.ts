/** Daily at 04:15 UTC (and from the Pricing screen): wholesale costs from the upstream, then retail prices and price-rise notices. */
import { noticePriceRises } from '../services/pricing/price-rises.ts';
import { refreshRetailPrices } from '../services/pricing/pricing-rules.ts';
import { syncWholesaleCosts } from '../services/pricing/wholesale-costs.ts';
import type { JobKind } from './job-kind.ts';

export const priceSyncJob: JobKind = {
  name: 'price-sync',
  cron: '15 4 * * *',
  queue: { retryLimit: 3, retryDelay: 600, retryBackoff: true, expireInSeconds: 1800 },
  run: async (deps) => {
    // Today's renewal prices are marked before the sync can move them, so a rise it brings is noticed.
    await noticePriceRises(deps);
    await syncWholesaleCosts(deps);
    await refreshRetailPrices(deps.db);
    await noticePriceRises(deps);
  },
};
