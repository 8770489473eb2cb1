/**
 * The public For Sale page of a listed domain (/for-sale/<domain>, spec §5, §9) and the offers made there: bot-checked
 * by the route, rate-limited; at or above the floor stored and emailed to the owner, under it answered at once that it
 * is below what the seller accepts (never the floor).
 */
import { subHours } from 'date-fns/subHours';
import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
import brand from '../../../content/brand.json' with { type: 'json' };
import { now } from '../../clock.ts';
import type { Offer } from '../../contract/selling/for-sale-offer.ts';
import { formatMoney } from '../../contract/money.ts';
import type { ForSaleListing } from '../../contract/selling/for-sale-offer.ts';
import { accounts, domainOffers, domains, users } from '../../db/schema/index.ts';
import type { DomainRow, DomainOfferRow as OfferRow } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { type OutgoingMessage, queueMessage } from '../platform/messages.ts';
import { enforce } from '../platform/rate-limit.ts';
import { findMarketPrice } from './market-listing.ts';

const notForSale = (domain: string) => new AppError(404, `${domain} is not for sale here.`);

async function findListed(deps: Pick<Deps, 'db'>, name: string) {
  const [row] = await deps.db
    .select()
    .from(domains)
    .where(and(eq(domains.domain, name.toLowerCase()), eq(domains.status, 'active'), eq(domains.forSale, true), eq(domains.forSalePage, true)))
    .limit(1);
  if (!row) throw notForSale(name);
  return row;
}

export async function findForSaleListing(deps: Pick<Deps, 'db'>, name: string, offerToken?: string): Promise<ForSaleListing> {
  const row = await findListed(deps, name);
  let offer: ForSaleListing['offer'] = null;
  if (offerToken) {
    // A link that no longer works says so rather than hiding behind the list price.
    const { price, offerId } = await findMarketPrice(deps.db, row.domain, { offerToken });
    const [accepted] = await deps.db
      .select({ expireDate: domainOffers.acceptExpireDate })
      .from(domainOffers)
      .where(eq(domainOffers.offerId, offerId as number));
    offer = { amount: price, expireDate: (accepted?.expireDate ?? now()).toISOString() };
  }
  return { domain: row.domain, listPrice: row.listPrice ?? 0, acceptOffers: row.acceptOffers, expireDate: row.expireDate.toISOString(), offer };
}

/** The answer to an offer at or above the floor. */
export const offerSentMessage = 'Your offer has been sent to the owner.';

/**
 * The answer to an offer under the floor: it is not sent on, and the offerer is told at once, so they can offer more
 * or buy at the list price. The floor itself is never named; the limits per address and per name bound how often
 * anyone can ask. Nor is the list price: the page beside the message shows it as the visitor's country expects (with
 * VAT in it for an EU consumer), which the server does not know.
 */
export function offerBelowFloorMessage(domain: string): string {
  return `Your offer is below what the seller accepts for ${domain}, so it was not sent. Offer more, or buy it now at its list price.`;
}
export const offersPerAddressPerHour = 5;
export const offersPerDomainPerDay = 20;
/** How long after an offer under the floor its decline is emailed: an answer that comes back at once is a floor probe. */
export const offerDeclineDelayHours = 4;
export const forSaleOffersQueue = 'for-sale-offers';

/**
 * Stores an offer at or above the floor and queues the owner's email; an offer under the floor is answered at once
 * with a 400 on the amount (nothing stored, nothing sent), counted in the same limits.
 */
export async function makeOffer(deps: Deps, name: string, offer: Omit<Offer, 'token'>, clientIp: string): Promise<{ message: string }> {
  await enforce(deps.db, [{ key: `offer:ip:${clientIp}`, max: offersPerAddressPerHour, windowSeconds: 3600 }], 'You have made several offers already.');
  const row = await findListed(deps, name);
  if (!row.acceptOffers) throw new AppError(400, `The owner of ${row.domain} does not take offers; it sells at the listed price.`);
  await enforce(
    deps.db,
    [{ key: `offer:domain:${row.domainId}`, max: offersPerDomainPerDay, windowSeconds: 24 * 3600 }],
    `${row.domain} has received many offers today.`,
  );
  if (offer.amount < (row.floorPrice ?? 0)) {
    const message = offerBelowFloorMessage(row.domain);
    throw new AppError(400, message, { errors: { amount: message } });
  }
  const [stored] = await deps.db
    .insert(domainOffers)
    .values({
      domainId: row.domainId,
      amount: offer.amount,
      name: offer.name,
      email: offer.email,
      message: offer.message || null,
      clientIp,
      belowFloor: false,
      createDate: now(),
    })
    .returning({ offerId: domainOffers.offerId });
  await deps.jobs.send(forSaleOffersQueue, { offerId: stored.offerId });
  return { message: offerSentMessage };
}

/**
 * The for-sale-offers job: everything due as of now. Offers at or above the floor are emailed to the owner at once;
 * offers under it are declined to the offerer `offerDeclineDelayHours` later, without the floor or anything the
 * offerer typed. Each offer is claimed before its email is queued, so two runs never send one twice.
 */
export async function followUpOffers(deps: Deps): Promise<{ ownersTold: number; declined: number }> {
  const declineBefore = subHours(now(), offerDeclineDelayHours);
  const due = await deps.db
    .select({ offer: domainOffers, domain: domains })
    .from(domainOffers)
    .innerJoin(domains, eq(domains.domainId, domainOffers.domainId))
    .where(and(isNull(domainOffers.followUpDate), or(eq(domainOffers.belowFloor, false), lte(domainOffers.createDate, declineBefore))))
    .orderBy(asc(domainOffers.offerId))
    .limit(500);
  let ownersTold = 0;
  let declined = 0;
  for (const { offer, domain } of due) {
    const [claimed] = await deps.db
      .update(domainOffers)
      .set({ followUpDate: now() })
      .where(and(eq(domainOffers.offerId, offer.offerId), isNull(domainOffers.followUpDate)))
      .returning({ offerId: domainOffers.offerId });
    if (!claimed) continue;
    try {
      if (offer.belowFloor) {
        await queueMessage(deps.jobs, declineMail(deps, offer, domain));
        declined += 1;
      } else {
        const mail = await ownerMail(deps, offer, domain);
        if (mail) await queueMessage(deps.jobs, mail);
        ownersTold += 1;
      }
    } catch (error) {
      // Not queued: let the next run try again.
      await deps.db.update(domainOffers).set({ followUpDate: null }).where(eq(domainOffers.offerId, offer.offerId));
      throw error;
    }
  }
  return { ownersTold, declined };
}

async function ownerMail(deps: Deps, offer: OfferRow, domain: DomainRow): Promise<OutgoingMessage | null> {
  const [account] = await deps.db.select({ contact: accounts.registrantContact }).from(accounts).where(eq(accounts.accountId, domain.accountId));
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.accountId, domain.accountId)).limit(1);
  const to = user?.email ?? account?.contact?.email;
  if (!to) return null;
  return {
    channel: 'email',
    to,
    subject: `New offer of ${formatMoney(offer.amount)} for ${domain.domain}`,
    text:
      `${offer.name} <${offer.email}> offered ${formatMoney(offer.amount)} for ${domain.domain} on its ${brand.name} For Sale page.\n\n` +
      (offer.message ? `Their message:\n${offer.message}\n\n` : '') +
      `Your list price is ${formatMoney(domain.listPrice ?? 0)}. Accept or decline it in your Offers: ${deps.config.publicOrigin}/account/offers\n\n` +
      `Accepting sends ${offer.name} a link to buy ${domain.domain} at ${formatMoney(offer.amount)} through our checkout; we move it to them once they pay. ` +
      `To counter, reply to ${offer.email}.`,
  };
}

/** Only the offer's own amount and the name: nothing of the owner's prices, nothing the offerer typed. */
function declineMail(deps: Deps, offer: OfferRow, domain: DomainRow): OutgoingMessage {
  const stillListed = domain.status === 'active' && domain.forSale && domain.forSalePage && domain.acceptOffers;
  return {
    channel: 'email',
    to: offer.email,
    subject: `Your offer for ${domain.domain}`,
    text:
      `Thank you for your offer of ${formatMoney(offer.amount)} for ${domain.domain}. The owner has decided not to accept it.\n\n` +
      (stillListed ? `You are welcome to make another offer on its For Sale page: ${deps.config.publicOrigin}/for-sale/${domain.domain}\n\n` : '') +
      `${brand.name}`,
  };
}
