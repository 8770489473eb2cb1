/**
 * Mail-client set-up documents, public (a phone scanning the QR code is not signed in): the Apple configuration
 * profile of a mailbox behind its signed link, and Thunderbird's autoconfig for a domain we host mail for (also at
 * the paths Thunderbird asks an `autoconfig.` host and a domain's `.well-known` for).
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { AppEnv } from '../http/env.ts';
import { parseId } from '../http/validate.ts';
import { mobileConfigContentType, readAutoconfig, readMobileConfig } from '../services/email/email-setup.ts';

async function answerAutoconfig(c: Context, deps: Pick<Deps, 'db' | 'config'>) {
  const xml = await readAutoconfig(deps.db, deps.config, c.req.query('emailaddress') ?? '');
  return c.body(xml, 200, { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' });
}

export const emailSetupRoutes = new Hono<AppEnv>()
  .get('/config-v1.1.xml', (c) => answerAutoconfig(c, c.var.deps))
  .get('/:id/:token/mail.mobileconfig', async (c) => {
    const profile = await readMobileConfig(c.var.deps, parseId(c), c.req.param('token'));
    return c.body(profile, 200, {
      'content-type': mobileConfigContentType,
      'content-disposition': 'attachment; filename="mail.mobileconfig"',
      'cache-control': 'no-store',
    });
  });

/**
 * Thunderbird's own lookups, outside /api: `https://autoconfig.<domain>/mail/config-v1.1.xml` and the domain's
 * `.well-known`. Only these two paths, so the site's other requests pass by untouched.
 */
export function createMailAutoconfigRoutes(deps: Pick<Deps, 'db' | 'config'>) {
  return (
    new Hono()
      .get('/mail/config-v1.1.xml', (c) => answerAutoconfig(c, deps))
      .get('/.well-known/autoconfig/mail/config-v1.1.xml', (c) => answerAutoconfig(c, deps))
      // Outside /api the API's one onError does not reach: answer its way here too (a 404 for a domain we host no mail for).
      .onError((error, c) => {
        if (error instanceof AppError) return c.json(error.toJSON(), error.code as 404);
        console.error(`${c.req.path} failed:`, error);
        return c.json(new AppError(500, 'An error occurred while processing your request').toJSON(), 500);
      })
  );
}
