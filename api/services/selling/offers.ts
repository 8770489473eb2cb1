/**
 * The owner's side of For Sale offers (the account app's Offers list): the offers at or above their floor on their
 * domains, and their answer. Accepting emails the offerer a link that buys the name at the offer's amount through
 * our checkout (valid `acceptedOfferDays`); declining tells them no. Offers under the floor never appear here: the
 * for-sale-offers job declines them to the offerer hours after they were made (for-sale.ts).
 */
import { addDays } from 'date-fns/addDays';
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import brand from '../../../content/brand.json' with { type: 'json' };
import { now } from '../../clock.ts';
import { formatDateUtc } from '../../contract/dates.ts';
import type { ListResult } from '../../contract/list.ts';
import { formatMoney } from '../../contract/money.ts';
import { acceptedOfferDays, type DomainOffer, type OfferAction } from '../../contract/selling/offers.ts';
import { domainOffers, domains } from '../../db/schema/index.ts';
import type { DomainRow, DomainOfferRow as OfferRow } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { hashToken, newToken } from '../kernel/tokens.ts';
import { queueMessage } from '../platform/messages.ts';
import { enforce } from '../platform/rate-limit.ts';
import { findListedDomain } from './market-listing.ts';

/** Answers an owner may send in an hour: each emails the offerer. */
export const offerAnswersPerHour = 60;

export async function listOffers(deps: Pick<Deps, 'db'>, accountId: number, options: { limit: number; skip: number }): Promise<ListResult<DomainOffer>> {
  // A sold name's row has left the account (deleted), but the offer that bought it stays in the owner's list as Sold.
  const where = and(
    eq(domains.accountId, accountId),
    eq(domainOffers.belowFloor, false),
    or(inArray(domains.status, ['active', 'expired', 'redemption']), eq(domainOffers.status, 'sold')),
  );
  const rows = await deps.db
    .select({ offer: domainOffers, domain: domains })
    .from(domainOffers)
    .innerJoin(domains, eq(domains.domainId, domainOffers.domainId))
    .where(where)
    .orderBy(desc(domainOffers.createDate), desc(domainOffers.offerId));
  const data = rows.slice(options.skip, options.skip + options.limit).map(({ offer, domain }) => offerView(offer, domain));
  return { total: rows.length, limit: options.limit, skip: options.skip, data };
}

function offerView(offer: OfferRow, domain: DomainRow): DomainOffer {
  const listed = domain.status === 'active' && domain.forSale && domain.forSalePage;
  return {
    offerId: offer.offerId,
    domainId: domain.domainId,
    domain: domain.domain,
    amount: offer.amount,
    name: offer.name,
    email: offer.email,
    message: offer.message,
    status: offer.status,
    createDate: offer.createDate.toISOString(),
    answerDate: offer.answerDate?.toISOString() ?? null,
    acceptExpireDate: offer.acceptExpireDate?.toISOString() ?? null,
    listPrice: listed ? domain.listPrice : null,
  };
}

/** Accepts or declines one of the caller's offers: 404 when there is none, 403 when it is on another account's domain. */
export async function answerOffer(deps: Pick<Deps, 'db' | 'jobs' | 'config'>, accountId: number, offerId: number, action: OfferAction): Promise<DomainOffer> {
  const { db } = deps;
  const [found] = await db
    .select({ offer: domainOffers, domain: domains })
    .from(domainOffers)
    .innerJoin(domains, eq(domains.domainId, domainOffers.domainId))
    .where(eq(domainOffers.offerId, offerId));
  // An offer under the floor is not the owner's to see: it answers as if there were none.
  if (!found || found.offer.belowFloor) throw new AppError(404, 'There is no such offer');
  if (found.domain.accountId !== accountId) throw new AppError(403, 'You do not have access to this offer');
  if (found.offer.status !== 'open') throw new AppError(409, `You already answered this offer (${found.offer.status}).`);
  const { domain } = found;
  if (action === 'accept' && !(await findListedDomain(db, domain.domain))) {
    throw new AppError(
      409,
      `${domain.domain} is not for sale on its For Sale page right now. List it again (Sell, with the For Sale page on) to accept an offer.`,
    );
  }
  await enforce(
    db,
    [{ key: `offer-answer:account:${accountId}`, max: offerAnswersPerHour, windowSeconds: 3600 }],
    'You have answered many offers in the last hour.',
  );
  const today = now();
  const token = action === 'accept' ? newToken() : null;
  const expires = addDays(today, acceptedOfferDays);
  const [answered] = await db
    .update(domainOffers)
    .set(
      action === 'accept'
        ? { status: 'accepted', answerDate: today, acceptTokenHash: hashToken(token as string), acceptExpireDate: expires }
        : { status: 'declined', answerDate: today },
    )
    .where(and(eq(domainOffers.offerId, offerId), eq(domainOffers.status, 'open')))
    .returning();
  if (!answered) throw new AppError(409, 'You already answered this offer.');
  const amount = formatMoney(answered.amount);
  const link = `${deps.config.publicOrigin}/for-sale/${domain.domain}?offer=${token}`;
  await queueMessage(deps.jobs, {
    channel: 'email',
    to: answered.email,
    subject: action === 'accept' ? `Your offer for ${domain.domain} was accepted` : `Your offer for ${domain.domain}`,
    text:
      action === 'accept'
        ? `Good news: the owner of ${domain.domain} accepted your offer of ${amount}.\n\n` +
          `Buy it at that price, plus any VAT or sales tax for your country, through our secure checkout by ${formatDateUtc(expires)}:\n${link}\n\n` +
          `We are the registrar of ${domain.domain}: once you have paid, we move it into your ${brand.name} account, with its registration as it stands.\n\n${brand.name}`
        : `Thank you for your offer of ${amount} for ${domain.domain}. The owner has decided not to accept it.\n\n${brand.name}`,
  });
  return offerView(answered, domain);
}
