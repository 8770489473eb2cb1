/** One Bun server on one port: customers' domains by Host, /api and /api/ws from Hono, the account SPA at /account/*, the back office at /admin/*, Astro's build for the rest. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { serveStatic, websocket } from 'hono/bun';
import { compress } from 'hono/compress';
import { getCookie } from 'hono/cookie';
import { createApp, createHealthApp } from './app.ts';
import { hashInlineScripts } from './http/content-security-policy.ts';
import { accountPath, myDomainsListPath } from './contract/domains/first-reads.ts';
import { sessionCookie } from './http/cookies.ts';
import { customerSites } from './http/customer-sites.ts';
import type { Deps } from './deps.ts';

export const rootDir = path.resolve(import.meta.dirname, '..');
export const siteDir = path.join(rootDir, 'dist');
export const accountDir = path.join(rootDir, 'account-app', 'dist');
export const adminDir = path.join(rootDir, 'admin-app', 'dist');

const immutable: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
};

const revalidate: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.status === 200 && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'public, max-age=0, must-revalidate');
};

function htmlFile(file: string, status: 200 | 404, edit?: (html: string, c: Context) => string) {
  return (c: Context) => {
    if (!existsSync(file)) return c.text('Not built yet: run npm start (it builds the site first).', 503);
    c.header('Cache-Control', 'no-cache');
    const html = readFileSync(file, 'utf8');
    return c.html(edit ? edit(html, c) : html, status);
  };
}

/**
 * My Domains waits for the domain list and the account: for a signed-in visitor, the page asks for both while the app
 * downloads (the app's own reads reuse the answers). A visitor without a session is sent to log in instead.
 */
function preloadMyDomainsReads(html: string, c: Context): string {
  // The page differs with and without a session: a shared cache must not hand one visitor's copy to another.
  c.header('Vary', 'Cookie');
  if (!getCookie(c, sessionCookie)) return html;
  const links = [myDomainsListPath, accountPath].map((read) => `<link rel="preload" href="/api${read}" as="fetch" crossorigin="use-credentials" />`);
  return html.replace('</head>', `${links.join('')}</head>`);
}

/** Outside sandbox mode the sandbox pages (the outbox) are not there at all, whatever spelling of the path is asked for. */
function sandboxPagesOnly(deps: Deps): MiddlewareHandler {
  return async (c, next) => {
    if (deps.config.sandboxMode || !/^\/dev(\/|$)/i.test(path.posix.normalize(c.req.path))) return next();
    const page = path.join(siteDir, '404.html');
    c.header('Cache-Control', 'no-cache');
    return existsSync(page) ? c.html(readFileSync(page, 'utf8'), 404) : c.text('Not found', 404);
  };
}

export function createServerApp(deps: Deps) {
  const app = createApp(deps, { inlineScriptHashes: hashInlineScripts([siteDir, accountDir, adminDir]), customerSites: customerSites(deps) });
  app.use('*', sandboxPagesOnly(deps));
  app.get('/account', (c) => c.redirect('/account/domains', 302));
  app.use('/account/assets/*', compress(), immutable, serveStatic({ root: accountDir, rewriteRequestPath: (p) => p.replace(/^\/account/, '') }));
  app.get('/account/domains', htmlFile(path.join(accountDir, 'index.html'), 200, preloadMyDomainsReads));
  app.get('/account/*', htmlFile(path.join(accountDir, 'index.html'), 200));
  // The back office (admin-app/): its own SPA and chunks; every /admin path is one of its views.
  app.get('/admin', htmlFile(path.join(adminDir, 'index.html'), 200));
  app.use('/admin/assets/*', compress(), immutable, serveStatic({ root: adminDir, rewriteRequestPath: (p) => p.replace(/^\/admin/, '') }));
  app.get('/admin/*', htmlFile(path.join(adminDir, 'index.html'), 200));
  // Static files go out gzip-compressed (the site's JS and HTML shrink to about a third).
  app.use('/_astro/*', compress(), immutable, serveStatic({ root: siteDir }));
  // One static For Sale page serves every listed domain; its island reads the name from the address.
  app.get('/for-sale/:domain', htmlFile(path.join(siteDir, 'for-sale', 'index.html'), 200));
  app.use('*', compress(), revalidate, serveStatic({ root: siteDir }));
  app.notFound(htmlFile(path.join(siteDir, '404.html'), 404));
  return app;
}

export function serve(deps: Deps, port: number, hostname: string) {
  const app = createServerApp(deps);
  return Bun.serve({ port, hostname, fetch: app.fetch, websocket, idleTimeout: 60 });
}

/** ROLE=worker: no site and no API, only the probes an orchestrator asks. */
export function serveHealth(deps: Deps, port: number, hostname: string) {
  return Bun.serve({ port, hostname, fetch: createHealthApp(deps).fetch, idleTimeout: 60 });
}
