/**
 * Host dispatch: a request whose Host is a customer's domain (or its www) gets what that domain shows, whatever the
 * path (/api included: the host is the customer's). Our own host (PUBLIC_URL's, with or without www), localhost, IP
 * literals, single-label names (internal service names, probes) and requests without a Host go on to the storefront,
 * the account app and the API as before; any other host gets a plain 404.
 */
import { isIP } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import { starterHeadline } from '../contract/websites/website.ts';
import { type CustomerSite, findSiteForHost, forwardLocation } from '../services/websites/customer-sites.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from './env.ts';
import { blankPage, builderPage, parkingPage, sitePagePolicy } from './site-pages.ts';

/** The host name of a Host header value: no port, no brackets, lower case, no trailing dot. */
export function hostNameOf(header: string | undefined): string {
  const value = (header ?? '').trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(1, value.indexOf(']') === -1 ? undefined : value.indexOf(']'));
  return value.replace(/:\d*$/, '').replace(/\.$/, '');
}

export function isOwnHost(host: string, publicHost: string): boolean {
  if (!host.includes('.') || isIP(host) !== 0) return true;
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return host === publicHost || host === `www.${publicHost}`;
}

export function customerSites(deps: Deps): MiddlewareHandler<AppEnv> {
  const publicHost = new URL(deps.config.publicOrigin).hostname.toLowerCase();
  // Our own host goes straight on (most requests): no extra async step for them.
  return (c, next) => {
    const host = hostNameOf(c.req.header('host'));
    if (isOwnHost(host, publicHost)) return next();
    return answerCustomerHost(c, deps, host);
  };
}

async function answerCustomerHost(c: Context, deps: Deps, host: string) {
  const site = await findSiteForHost(deps.db, host);
  if (!site) return plain(c, 404, 'Not found');
  return answer(c, site, deps.config.publicOrigin);
}

function plain(c: Context, status: 404, text: string) {
  c.header('Content-Security-Policy', sitePagePolicy);
  c.header('Cache-Control', 'no-cache');
  return c.text(text, status);
}

function answer(c: Context, site: CustomerSite, publicOrigin: string) {
  c.header('Content-Security-Policy', sitePagePolicy);
  // Owners change what their domain shows; browsers ask again each time (a 301 they keep anyway).
  c.header('Cache-Control', 'no-cache');
  switch (site.kind) {
    case 'forward':
      return c.redirect(forwardLocation(site, new URL(c.req.url)), site.permanent ? 301 : 302);
    case 'blank':
      return c.html(blankPage(site.domain));
    case 'builder':
      return c.html(builderPage(site.domain, site.site, { publicOrigin, isStarter: site.site.headline === starterHeadline && !site.site.text }));
    case 'parked':
      return c.html(parkingPage(site.domain, { publicOrigin, forSale: site.forSale }));
  }
}
