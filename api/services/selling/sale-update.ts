/**
 * Domain update, selling (control-panel spec §5 "Sell form", §9): list a domain for sale with a floor and a list price
 * (cents, at least $99, list above floor), offers and a public For Sale page on by default; or take it off sale.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { now } from '../../clock.ts';
import type { saleUpdate } from '../../contract/domains/domain-update.ts';
import { defaultFloorPrice, defaultListPrice, salePriceErrors } from '../../contract/selling/sale.ts';
import { domains } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { DomainUpdateContext } from '../domains/domain-update-types.ts';
import { assertListingFree } from './market-listing.ts';

export async function applySaleUpdate(ctx: DomainUpdateContext, fields: z.infer<typeof saleUpdate>): Promise<void> {
  const { deps, domain } = ctx;
  // A buyer's checkout holds the listing for the seconds it runs: the price it is paying cannot move under it.
  await assertListingFree(deps.db, domain.domainId, domain.domain);
  const forSale = fields.forSale ?? domain.forSale;
  if (!forSale) {
    await deps.db.update(domains).set({ forSale: false, modifyDate: now() }).where(eq(domains.domainId, domain.domainId));
    return;
  }
  if (domain.status !== 'active') throw new AppError(400, 'Only an active domain can be listed for sale');
  if (domain.outboundTransferStatus) throw new AppError(400, 'A domain being transferred away cannot be listed for sale');
  const prices = {
    floorPrice: fields.floorPrice ?? domain.floorPrice ?? defaultFloorPrice,
    listPrice: fields.listPrice ?? domain.listPrice ?? defaultListPrice,
  };
  const errors = salePriceErrors(prices);
  const message = errors.floorPrice ?? errors.listPrice;
  if (message) throw new AppError(400, message, { errors });
  await deps.db
    .update(domains)
    .set({
      forSale: true,
      ...prices,
      acceptOffers: fields.acceptOffers ?? domain.acceptOffers,
      forSalePage: fields.forSalePage ?? domain.forSalePage,
      modifyDate: now(),
    })
    .where(eq(domains.domainId, domain.domainId));
}
