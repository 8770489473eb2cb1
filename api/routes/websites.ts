/** /api/websites/:domainId: a domain's forward options, builder trial and builder site (GET); save the site (PATCH). */
import { Hono } from 'hono';
import { siteContentUpdateSchema } from '../contract/websites/website.ts';
import { requireAccount } from '../http/auth.ts';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';
import { parseBody, parseId } from '../http/validate.ts';
import { findWebsiteSettings, saveSiteContent } from '../services/websites/websites.ts';

export const websitesRoutes = new Hono<AppEnv>()
  .get('/:id', async (c) => {
    const { accountId } = requireAccount(c);
    c.header('Cache-Control', 'no-store');
    return answer(c, 'GET /websites/:id', await findWebsiteSettings(c.var.deps.db, accountId, parseId(c)));
  })
  .patch('/:id', async (c) => {
    const { accountId } = requireAccount(c);
    const content = await parseBody(c, siteContentUpdateSchema);
    c.header('Cache-Control', 'no-store');
    return answer(c, 'PATCH /websites/:id', await saveSiteContent(c.var.deps.db, accountId, parseId(c), content));
  });
