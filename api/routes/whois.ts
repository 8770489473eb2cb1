/**
 * GET /api/whois/:domain?nonAuthoritative=true&token=: WHOIS text, bot-checked and rate-limited. Our own domains are
 * printed from their RDAP answer (services/rdap/rdap-whois.ts), other names come from the registry.
 */
import { Hono } from 'hono';
import { isDomainName } from '../contract/domain-name.ts';
import { badRequest, notFound } from '../errors.ts';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';
import { enforce } from '../services/platform/rate-limit.ts';
import { lookupWhois } from '../services/rdap/rdap-whois.ts';

export const whoisLookupsPerMinute = 10;
export const whoisRateLimitMessage = `You have reached the limit of ${whoisLookupsPerMinute} WHOIS lookups a minute.`;

/** Lower-cased ASCII (IDN to punycode), without a scheme, path or trailing dot. */
function normaliseLookup(raw: string): string | null {
  const compact = raw
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '')
    .replace(/\.$/, '');
  try {
    const ascii = new URL(`http://${compact}`).hostname;
    return isDomainName(ascii) ? ascii : null;
  } catch {
    return null;
  }
}

export const whoisRoutes = new Hono<AppEnv>().get('/:domain', async (c) => {
  const { db, providers } = c.var.deps;
  const domain = normaliseLookup(c.req.param('domain'));
  if (!domain) throw badRequest('Enter a full domain name with its extension, such as example.com');
  const verdict = await providers.botCheck.verify(c.req.query('token'));
  if (!verdict.ok) throw badRequest(verdict.message);
  await enforce(db, [{ key: `whois:${c.var.clientIp}`, max: whoisLookupsPerMinute, windowSeconds: 60 }], whoisRateLimitMessage);
  const whois = await lookupWhois(c.var.deps, domain);
  if (!whois) throw notFound(`No WHOIS record was found for ${domain}: the name is not registered.`);
  c.header('Cache-Control', 'no-store');
  return answer(c, 'GET /whois/:domain', { whois });
});
