/** /api/renewals: the caller's renewable domains (GET, `?domainId=` pins one first) and the renew preview or order (POST). */
import { Hono } from 'hono';
import { renewableListQuerySchema, renewRequestSchema } from '../contract/renewals/renewals.ts';
import { requireAccount } from '../http/auth.ts';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';
import { parseBody, parseWith } from '../http/validate.ts';
import { listRenewableDomains, previewRenewal } from '../services/renewals/renewal-prices.ts';
import { commitRenewal } from '../services/renewals/renewals.ts';

export const renewalsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const { accountId } = requireAccount(c);
    const { domainId } = parseWith(renewableListQuerySchema, c.req.query());
    c.header('Cache-Control', 'no-store');
    const data = await listRenewableDomains(c.var.deps, accountId, domainId);
    return answer(c, 'GET /renewals', { total: data.length, limit: data.length, skip: 0, data });
  })
  .post('/', async (c) => {
    const { accountId, sessionId } = requireAccount(c);
    const request = await parseBody(c, renewRequestSchema);
    c.header('Cache-Control', 'no-store');
    if (!request.commit) return answer(c, 'POST /renewals', await previewRenewal(c.var.deps, accountId, request));
    return answer(c, 'POST /renewals', await commitRenewal(c.var.deps, accountId, request, { sessionId, viaApiToken: Boolean(c.var.auth?.apiToken) }));
  });
