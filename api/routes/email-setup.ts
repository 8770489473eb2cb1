/**
 * Mail-client set-up documents, public (a phone scanning the QR code is not signed in): the Apple configuration
 * profile of a mailbox behind its signed link, and Thunderbird's autoconfig for a domain we host mail for (also at
 * the paths Thunderbird asks an `autoconfig.` host and a domain's `.well-known` for).
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { parseId } from '../http/validate.ts';
import { mobileConfigContentType, readAutoconfig, readMobileConfig } from '../services/email-setup.ts';

async function autoconfig(c: Context<AppEnv>) {
  const xml = await readAutoconfig(c.var.deps.db, c.var.deps.config, c.req.query('emailaddress') ?? '');
  return c.body(xml, 200, { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' });
}

export const emailSetupRoutes = new Hono<AppEnv>()
  .get('/config-v1.1.xml', autoconfig)
  .get('/:id/:token/mail.mobileconfig', async (c) => {
    const profile = await readMobileConfig(c.var.deps, parseId(c), c.req.param('token'));
    return c.body(profile, 200, {
      'content-type': mobileConfigContentType,
      'content-disposition': 'attachment; filename="mail.mobileconfig"',
      'cache-control': 'no-store',
    });
  });

/** Thunderbird's own lookups: `https://autoconfig.<domain>/mail/config-v1.1.xml` and the domain's `.well-known`. */
export const mailAutoconfigRoutes = new Hono<AppEnv>().get('/mail/config-v1.1.xml', autoconfig).get('/.well-known/autoconfig/mail/config-v1.1.xml', autoconfig);
