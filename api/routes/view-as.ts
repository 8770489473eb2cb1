/** /api/viewAs/pageViews: in a staff member's view-as session, each page of the control panel they open is audited. */
import { Hono } from 'hono';
import { viewAsPageViewSchema } from '../contract/support/view-as.ts';
import { AppError } from '../errors.ts';
import { requireAccount } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { parseBody } from '../http/validate.ts';
import { recordViewAsPage } from '../services/support/view-as.ts';

export const viewAsRoutes = new Hono<AppEnv>().post('/pageViews', async (c) => {
  const { accountId } = requireAccount(c);
  const viewAs = c.var.auth?.viewAs;
  if (!viewAs) throw new AppError(403, 'Only a view-as session records page views');
  const { path } = await parseBody(c, viewAsPageViewSchema);
  await recordViewAsPage(c.var.deps, { ...viewAs, ip: c.var.clientIp }, accountId, path);
  return c.body(null, 204);
});
