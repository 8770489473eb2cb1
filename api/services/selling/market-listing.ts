/**
 * What a market purchase may buy, and at what price: a listed domain (For Sale page on, a list price, active, not on
 * hold, not leaving us) at its list price, or at the amount of an offer its owner accepted, through the offer's link.
 * One rule for the cart (adding the name), checkout (before money moves and when the listing is claimed) and the For
 * Sale page. A listing claimed by an order still running is taken for the moment.
 */
import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { DbOrTx } from '../../db/client.ts';
import { domainOffers, domains, marketSales, orders } from '../../db/schema/index.ts';
import type { DomainRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { hashToken } from '../kernel/tokens.ts';

/** The seller's row of a name on sale, or null. */
export async function findListedDomain(db: DbOrTx, name: string): Promise<DomainRow | null> {
  const [row] = await db
    .select()
    .from(domains)
    .where(
      and(
        eq(domains.domain, name.toLowerCase()),
        eq(domains.status, 'active'),
        eq(domains.forSale, true),
        eq(domains.forSalePage, true),
        sql`${domains.listPrice} is not null`,
        isNull(domains.suspendedAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  // A name on its way to another registrar is not ours to sell.
  if (row.outboundTransferStatus === 'pending' || row.outboundTransferStatus === 'approved') return null;
  return row;
}

export type MarketPrice = { domain: DomainRow; price: number; offerId: number | null };

/** The listing and what the buyer pays: the list price, or an accepted offer's amount with that offer's token. */
export async function findMarketPrice(db: DbOrTx, name: string, input: { offerToken?: string | null; offerId?: number | null }): Promise<MarketPrice> {
  const domain = await findListedDomain(db, name);
  if (!domain) throw new AppError(409, `${name} is no longer for sale.`, { domain: name });
  if (!input.offerToken && input.offerId == null) return { domain, price: domain.listPrice as number, offerId: null };
  const [offer] = await db
    .select()
    .from(domainOffers)
    .where(
      and(
        eq(domainOffers.domainId, domain.domainId),
        eq(domainOffers.status, 'accepted'),
        gt(domainOffers.acceptExpireDate, now()),
        input.offerToken ? eq(domainOffers.acceptTokenHash, hashToken(input.offerToken)) : eq(domainOffers.offerId, input.offerId as number),
      ),
    )
    .limit(1);
  if (!offer) {
    throw new AppError(409, `This accepted offer for ${name} has expired or was already used. You can still buy it at its list price.`, {
      domain: name,
    });
  }
  return { domain, price: offer.amount, offerId: offer.offerId };
}

/** Orders whose claim on a listing still stands: any but a failed one. */
const liveOrder = sql`${marketSales.orderId} not in (select ${orders.orderId} from ${orders} where ${orders.status} = 'failed')`;

/** A claim on the listing by another order that is still running or done: the name is being (or was) sold. */
export async function isClaimedElsewhere(db: DbOrTx, domainId: number, orderId: number | null): Promise<boolean> {
  const [claim] = await db
    .select({ saleId: marketSales.saleId })
    .from(marketSales)
    .where(
      and(
        eq(marketSales.domainId, domainId),
        inArray(marketSales.status, ['claimed', 'completed']),
        orderId == null ? undefined : ne(marketSales.orderId, orderId),
        liveOrder,
      ),
    )
    .limit(1);
  return claim != null;
}

/** The seller changing or removing a listing while a buyer's checkout holds it: refused until it settles. */
export async function assertListingFree(db: DbOrTx, domainId: number, name: string): Promise<void> {
  if (await isClaimedElsewhere(db, domainId, null)) throw new AppError(409, `${name} is being bought right now. Try again in a minute.`);
}
