/**
 * Market purchases in checkout: a name another customer of ours sells (its For Sale page's Buy it now, or an offer
 * its owner accepted) is bought like a registration, but we are its registrar on both sides, so nothing is asked of
 * the registry beyond `info`. Each phase has its step here:
 * - prepare: the listing still stands at the cart's price, and is not the buyer's own;
 * - the registry phase: the listing is claimed for the order line (market_sales), one order at a time per listing;
 * - record: the seller's row leaves their account, a new row joins the buyer's (the seller's mail, site and records
 *   stay behind and are cleaned up), the buyer's charge and the seller's payout go into the ledgers;
 * - a takeover of a cut order reads the claim, as it asks the registry for a registration.
 * The registry learns the new registrant afterwards (services/selling/market-handover.ts, a job that retries).
 */
import { addDays } from 'date-fns/addDays';
import { and, eq, inArray } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { tdrpHoldDays } from '../../contract/accounts/account-info.ts';
import { formatMoney } from '../../contract/money.ts';
import { forSalePageBonusPercent, sellerPayout, sellerPayoutPercent } from '../../contract/selling/sale.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { accounts, cartItems, domainOffers, domains, marketSales, transactions } from '../../db/schema/index.ts';
import type { CartItemRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Providers } from '../../providers/index.ts';
import { formatDateUtc } from '../../contract/dates.ts';
import { findMarketPrice, isClaimedElsewhere } from '../selling/market-listing.ts';

/** Every market purchase today comes through a For Sale page (Buy it now, or an offer made there): the seller earns the bonus. */
const throughForSalePage = true;
const payoutPercent = sellerPayoutPercent + (throughForSalePage ? forSalePageBonusPercent : 0);

/** Checkout's first phase for market items: each listing still stands, at the price in the cart, and is not the buyer's. */
export async function checkMarketItems(db: Db, items: CartItemRow[], buyerAccountId: number | null): Promise<void> {
  for (const item of items) {
    const { domain, price } = await findMarketPrice(db, item.domain, { offerId: item.offerId });
    if (buyerAccountId != null && domain.accountId === buyerAccountId)
      throw new AppError(409, `${item.domain} is already yours. Remove it from your cart to check out.`, { domain: item.domain });
    if (price !== item.marketPrice) {
      await db.update(cartItems).set({ marketPrice: price }).where(eq(cartItems.cartItemId, item.cartItemId));
      throw new AppError(409, `The price of ${item.domain} has changed to ${formatMoney(price)}. Please review your cart.`, { domain: item.domain });
    }
    if (await isClaimedElsewhere(db, domain.domainId, null)) {
      throw new AppError(409, `${item.domain} is being bought by someone else right now. Remove it from your cart to check out.`, { domain: item.domain });
    }
  }
}

export type MarketLineAnswer = { state: 'delivered'; expireDate: Date } | { state: 'failed'; expireDate: Date; error: string };

/**
 * The registry phase of a market line: claims the listing for this order line under a lock on the seller's row, so
 * two buyers never both get it, then checks with the registry that the name is still ours to hand over. A claim
 * that cannot stand is released at once, and the line fails (not charged, back in the cart).
 */
export async function claimMarketLine(
  db: Db,
  providers: Pick<Providers, 'registry'>,
  input: { orderId: number; orderLineId: number; item: CartItemRow; buyerAccountId: number },
): Promise<MarketLineAnswer> {
  const { orderId, orderLineId, item, buyerAccountId } = input;
  const failed = (error: string): MarketLineAnswer => ({ state: 'failed', expireDate: now(), error });
  let claimed: { saleId: number; expireDate: Date };
  try {
    claimed = await db.transaction(async (tx) => {
      const { domain, price, offerId } = await findMarketPrice(tx, item.domain, { offerId: item.offerId });
      await tx.select({ domainId: domains.domainId }).from(domains).where(eq(domains.domainId, domain.domainId)).for('update');
      if (price !== item.marketPrice) throw new AppError(409, `the price changed to ${formatMoney(price)}`);
      if (domain.accountId === buyerAccountId) throw new AppError(409, 'it is already the buyer’s');
      if (await isClaimedElsewhere(tx, domain.domainId, orderId)) throw new AppError(409, 'another buyer’s order holds it');
      const [sale] = await tx
        .insert(marketSales)
        .values({
          domainId: domain.domainId,
          domain: domain.domain,
          sellerAccountId: domain.accountId,
          buyerAccountId,
          orderId,
          orderLineId,
          offerId,
          price,
          payoutPercent,
          payout: sellerPayout(price, throughForSalePage),
          claimDate: now(),
        })
        .onConflictDoUpdate({ target: marketSales.orderLineId, set: { status: 'claimed' } })
        .returning({ saleId: marketSales.saleId });
      return { saleId: sale.saleId, expireDate: domain.expireDate };
    });
  } catch (error) {
    if (error instanceof AppError) return failed(`${item.domain} is no longer for sale at this price (${error.message})`);
    throw error;
  }
  try {
    const record = await providers.registry.info(item.domain);
    if (!record?.ours) {
      await releaseSale(db, claimed.saleId);
      return failed(`the registry no longer lists ${item.domain} with us`);
    }
  } catch (error) {
    await releaseSale(db, claimed.saleId);
    return failed(`the registry could not confirm ${item.domain}: ${(error as Error).message}`);
  }
  return { state: 'delivered', expireDate: claimed.expireDate };
}

async function releaseSale(db: DbOrTx, saleId: number): Promise<void> {
  await db
    .update(marketSales)
    .set({ status: 'released' })
    .where(and(eq(marketSales.saleId, saleId), eq(marketSales.status, 'claimed')));
}

/** An order that will not be recorded gives its listings back to their sellers. */
export async function releaseMarketClaims(db: DbOrTx, orderId: number): Promise<void> {
  await db
    .update(marketSales)
    .set({ status: 'released' })
    .where(and(eq(marketSales.orderId, orderId), eq(marketSales.status, 'claimed')));
}

/** For the takeover of a cut order: the line got its name when its claim is on record (and nothing else decides it). */
export async function marketLineAnswer(tx: DbOrTx, orderLineId: number): Promise<MarketLineAnswer> {
  const [sale] = await tx
    .select({ expireDate: domains.expireDate, domainStatus: domains.status })
    .from(marketSales)
    .innerJoin(domains, eq(domains.domainId, marketSales.domainId))
    .where(and(eq(marketSales.orderLineId, orderLineId), inArray(marketSales.status, ['claimed', 'completed'])));
  if (sale?.domainStatus !== 'active') return { state: 'failed', expireDate: now(), error: 'the listing was not claimed before the checkout stopped' };
  return { state: 'delivered', expireDate: sale.expireDate };
}

/**
 * Records a delivered market line in the order's transaction: the seller's row leaves their account (deleted; the
 * domain-cleanup job removes their mail, site and glue once the registry has the buyer), a new row joins the buyer's
 * with the registration it keeps and our nameservers, locked for 60 days after the change of registrant unless the
 * buyer opted out (control-panel spec §6), and both ledgers get their row. Returns the buyer's domain row.
 */
export async function recordMarketPurchase(
  tx: DbOrTx,
  input: { accountId: number; orderId: number; orderLineId: number; item: CartItemRow; nameservers: readonly string[]; today: Date },
): Promise<number> {
  const { accountId, orderId, orderLineId, item, today } = input;
  const [sale] = await tx
    .select()
    .from(marketSales)
    .where(and(eq(marketSales.orderLineId, orderLineId), eq(marketSales.status, 'claimed')))
    .for('update');
  if (!sale) throw new Error(`order ${orderId}: ${item.domain} has no claim to record`);
  const [sold] = await tx
    .update(domains)
    .set({ status: 'deleted', forSale: false, autoRenewEnabled: false, modifyDate: today })
    .where(and(eq(domains.domainId, sale.domainId), eq(domains.status, 'active')))
    .returning();
  // The seller's row left in the seconds since the claim (transferred away, expired): the order is undone and refunded.
  if (!sold) throw new Error(`order ${orderId}: ${item.domain} left the seller's account before the sale was recorded`);
  const [buyer] = await tx.select({ tdrpOptOut: accounts.tdrpOptOut }).from(accounts).where(eq(accounts.accountId, accountId));
  const holdUntil = buyer?.tdrpOptOut ? null : addDays(today, tdrpHoldDays);
  const [bought] = await tx
    .insert(domains)
    .values({
      accountId,
      domain: sold.domain,
      status: 'active',
      createDate: today,
      modifyDate: today,
      expireDate: sold.expireDate,
      autoRenewEnabled: true,
      privacyEnabled: true,
      locked: true,
      tdrpHoldDate: holdUntil,
      websiteType: 'park',
      ns: [...input.nameservers],
    })
    .returning({ domainId: domains.domainId });
  const until = formatDateUtc(sold.expireDate);
  await tx.insert(transactions).values([
    {
      accountId,
      domainId: bought.domainId,
      orderId,
      type: 'nrc',
      description: `Purchase of ${sold.domain} from its owner (registered until ${until})`,
      amount: sale.price,
      startDate: today,
      endDate: sold.expireDate,
      createDate: today,
    },
    {
      accountId: sale.sellerAccountId,
      domainId: sold.domainId,
      type: 'payout',
      description: `Sale of ${sold.domain} for ${formatMoney(sale.price)}: your ${sale.payoutPercent}%${throughForSalePage ? ' (sold through its For Sale page)' : ''}`,
      amount: -sale.payout,
      metaData: { saleId: sale.saleId, price: sale.price, payoutPercent: sale.payoutPercent },
      startDate: today,
      createDate: today,
    },
  ]);
  await tx
    .update(marketSales)
    .set({ status: 'completed', buyerAccountId: accountId, buyerDomainId: bought.domainId, completeDate: today })
    .where(eq(marketSales.saleId, sale.saleId));
  if (sale.offerId != null) await tx.update(domainOffers).set({ status: 'sold', answerDate: today }).where(eq(domainOffers.offerId, sale.offerId));
  return bought.domainId;
}
