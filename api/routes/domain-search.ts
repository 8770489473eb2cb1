/**
 * /api/domainSearch: search metadata (category labels), and GET /check for a few full names (issue #15). Searches
 * themselves run over /api/ws.
 */
import { Hono } from 'hono';
import { categoryNames } from '../contract/search/categories.ts';
import { domainCheckQuerySchema } from '../contract/search/domain-check.ts';
import { requireAccount } from '../http/auth.ts';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';
import { parseWith } from '../http/validate.ts';
import { catalogue } from '../services/search/catalogue.ts';
import { checkDomains } from '../services/search/domain-check.ts';
import { enforce } from '../services/platform/rate-limit.ts';

/** Checks a minute per account (signed in) or per token: each one asks the registry, and a script may loop. */
export const domainChecksPerMinute = 60;

export const domainSearchRoutes = new Hono<AppEnv>()
  .get('/', (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({ categoryNames });
  })
  .get('/check', async (c) => {
    // A customer or a token stands in for the bot check the anonymous search socket asks for.
    const { accountId } = requireAccount(c);
    const { domain } = parseWith(domainCheckQuerySchema, { domain: c.req.queries('domain') ?? [] });
    const token = c.var.auth?.apiToken;
    const key = token ? `domain-check:token:${token.apiTokenId}` : `domain-check:account:${accountId}`;
    await enforce(
      c.var.deps.db,
      [{ key, max: domainChecksPerMinute, windowSeconds: 60 }],
      `More than ${domainChecksPerMinute} domain checks a minute. Please wait a moment.`,
    );
    const data = await checkDomains({ registry: c.var.deps.providers.registry, catalogue: catalogue() }, domain);
    c.header('Cache-Control', 'no-store');
    return answer(c, 'GET /domainSearch/check', { total: data.length, limit: data.length, skip: 0, data });
  });
