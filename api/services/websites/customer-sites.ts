/**
 * What a request to a customer's domain gets (control-panel spec §1 "set what a domain shows"): the domain named by
 * the Host header (or its www) and what its owner chose: the parking page (default or blank), a forward, or the
 * builder site. A deleted, expired or not-yet-ours domain gets the plain parking page with nothing of the owner's.
 */
import { isAfter } from 'date-fns/isAfter';
import { desc, inArray, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { SiteContent } from '../../contract/websites/website.ts';
import type { Db } from '../../db/client.ts';
import { domains } from '../../db/schema/index.ts';
import { findWebsiteRow, siteContentOf } from './websites.ts';

export type CustomerSite =
  | { kind: 'parked'; domain: string; forSale: boolean }
  | { kind: 'blank'; domain: string }
  | { kind: 'forward'; domain: string; location: string; permanent: boolean; keepPath: boolean }
  | { kind: 'builder'; domain: string; site: SiteContent };

/** The domain a host name stands for: itself, or the name under `www.`. Lower-case, no trailing dot. */
export function candidateNames(host: string): string[] {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name.startsWith('www.') ? [name, name.slice(4)] : [name];
}

/** What `host` shows, or null when no customer's domain has that name. */
export async function findSiteForHost(db: Db, host: string): Promise<CustomerSite | null> {
  const names = candidateNames(host);
  // A name deleted from one account and bought again by another has two rows: the live one wins.
  const [row] = await db
    .select()
    .from(domains)
    .where(inArray(domains.domain, names))
    .orderBy(sql`${domains.status} = 'deleted'`, sql`length(${domains.domain}) desc`, desc(domains.domainId))
    .limit(1);
  if (!row) return null;
  const domain = row.domain;
  const isLive = row.status === 'active' && isAfter(row.expireDate, now());
  if (!isLive) return { kind: 'parked', domain, forSale: false };
  if (row.websiteType === 'forward' && row.forwardUrl) {
    const options = await findWebsiteRow(db, row.domainId);
    return { kind: 'forward', domain, location: row.forwardUrl, permanent: options?.forwardPermanent ?? true, keepPath: options?.forwardKeepPath ?? false };
  }
  if (row.websiteType === 'builder' && row.builderEnabled) {
    return { kind: 'builder', domain, site: siteContentOf(await findWebsiteRow(db, row.domainId)) };
  }
  if (row.websiteType === 'park' && row.parkType === 'blank') return { kind: 'blank', domain };
  return { kind: 'parked', domain, forSale: row.forSale && row.forSalePage };
}

/** The forward's target for one request: the stored address, with the visitor's path and query appended when asked. */
export function forwardLocation(site: Extract<CustomerSite, { kind: 'forward' }>, requestUrl: URL): string {
  if (!site.keepPath || (requestUrl.pathname === '/' && !requestUrl.search)) return site.location;
  const target = new URL(site.location);
  const base = target.pathname.endsWith('/') ? target.pathname.slice(0, -1) : target.pathname;
  target.pathname = `${base}${requestUrl.pathname}`;
  const query = [target.search.slice(1), requestUrl.search.slice(1)].filter(Boolean).join('&');
  target.search = query ? `?${query}` : '';
  return target.href;
}
