/**
 * The public For Sale page of a listed domain (/for-sale/<domain>, spec §5, §9) and the offers made there: stored,
 * bot-checked and rate-limited by the route's caller, and emailed to the owner.
 */
import { and, eq } from 'drizzle-orm';
import brand from '../../../content/brand.json' with { type: 'json' };
import { now } from '../../clock.ts';
import type { Offer } from '../../contract/selling/for-sale-offer.ts';
import { formatMoney } from '../../contract/money.ts';
import type { ForSaleListing } from '../../contract/selling/sale.ts';
import { accounts, domainOffers, domains, users } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { queueMessage } from '../platform/messages.ts';
import { enforce } from '../platform/rate-limit.ts';

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

export async function findForSaleListing(deps: Pick<Deps, 'db'>, name: string): Promise<ForSaleListing> {
  const row = await findListed(deps, name);
  return { domain: row.domain, listPrice: row.listPrice ?? 0, acceptOffers: row.acceptOffers };
}

export async function makeOffer(deps: Deps, name: string, offer: Omit<Offer, 'token'>, clientIp: string): Promise<{ message: string }> {
  await enforce(deps.db, [{ key: `offer:ip:${clientIp}`, max: 5, windowSeconds: 3600 }], 'You have made several offers already.');
  const row = await findListed(deps, name);
  if (!row.acceptOffers) throw new AppError(400, `The owner of ${row.domain} does not take offers; it sells at the listed price.`);
  await enforce(deps.db, [{ key: `offer:domain:${row.domainId}`, max: 20, windowSeconds: 24 * 3600 }], `${row.domain} has received many offers today.`);
  if (offer.amount < (row.floorPrice ?? 0)) throw new AppError(400, 'Your offer is below the lowest price the owner accepts. Please offer more.');
  await deps.db.insert(domainOffers).values({
    domainId: row.domainId,
    amount: offer.amount,
    name: offer.name,
    email: offer.email,
    message: offer.message || null,
    clientIp,
    createDate: now(),
  });
  const [account] = await deps.db.select({ contact: accounts.registrantContact }).from(accounts).where(eq(accounts.accountId, row.accountId));
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.accountId, row.accountId)).limit(1);
  const to = user?.email ?? account?.contact?.email;
  if (to) {
    await queueMessage(deps.jobs, {
      channel: 'email',
      to,
      subject: `New offer of ${formatMoney(offer.amount)} for ${row.domain}`,
      text:
        `${offer.name} <${offer.email}> offered ${formatMoney(offer.amount)} for ${row.domain} on its ${brand.name} For Sale page.\n\n` +
        (offer.message ? `Their message:\n${offer.message}\n\n` : '') +
        `Your list price is ${formatMoney(row.listPrice ?? 0)}. Reply to ${offer.email} to accept or counter.`,
    });
  }
  return { message: `Thank you! Your offer for ${row.domain} was sent to its owner.` };
}
