/**
 * What a customer's domain shows, over real HTTP from the production server process: the parking page, a forward,
 * the builder site, by the Host header; unknown hosts get a plain 404 and our own hosts the storefront as before.
 */
import { request } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../../api/db/client.ts';
import { domains, users } from '../../../api/db/schema/index.ts';
import { createSession } from '../../../api/services/auth/sessions.ts';
import { type ServerProcess, startServerProcess } from '../../fixtures/server-process.ts';

let server: ServerProcess;
let db: Db;
let cookie = '';
const ids: Record<string, number> = {};

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** One request with the Host header we choose (fetch will not send a Host of our choosing). */
function send(host: string, pathname: string, options: { method?: string; body?: unknown } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        path: pathname,
        method: options.method ?? 'GET',
        headers: { host, ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The page's h1 as a reader sees it: tags gone, entities decoded. */
function headingOf(html: string): string {
  const inner = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '';
  return inner
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** A change made by the signed-in owner through the API on our own host, as the control panel makes it. */
async function update(name: string, body: Record<string, unknown>, path = `/api/domains/${ids[name]}`) {
  const res = await send(`127.0.0.1:${server.port}`, path, { method: 'PATCH', body });
  expect(res.status, res.body).toBe(200);
}

beforeAll(async () => {
  server = await startServerProcess({ PUBLIC_URL: 'http://shop.example', DEMO_PASSWORD: 'host-serving-demo' });
  db = createDb(server.databaseUrl, { max: 2 });
  for (const row of await db.select().from(domains)) ids[row.domain] = row.domainId;
  const [demo] = await db.select().from(users).where(eq(users.email, 'demo@example.com'));
  const { token } = await createSession(db, { userId: demo.userId, accountId: demo.accountId, state: 'active' });
  cookie = `ds_session=${token}`;
}, 60_000);

afterAll(async () => {
  await db?.$end();
  await server?.stop();
});

describe('a customer’s domain by Host', () => {
  it('shows the parking page: the name, "parked", a link to similar names on our storefront, the strict policy', async () => {
    for (const host of ['maplestreetbakery.com', 'www.maplestreetbakery.com', 'MapleStreetBakery.com:80', 'maplestreetbakery.com.']) {
      const res = await send(host, '/');
      expect(res.status, host).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(headingOf(res.body)).toBe('maplestreetbakery.com');
      expect(res.body).toContain('This domain is parked');
      expect(res.body).toContain('href="http://shop.example/search?q=maplestreetbakery"');
      expect(res.body).not.toContain('/for-sale/');
      expect(res.body).not.toMatch(/<script/i);
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    }
    // Every path on the customer's host is the customer's, the API's included.
    expect((await send('maplestreetbakery.com', '/api/tlds?limit=1')).body).toContain('This domain is parked');
  });

  it('shows a blank page when the owner chose one', async () => {
    await update('maplestreetbakery.com', { websiteType: 'park', parkType: 'blank' });
    const res = await send('maplestreetbakery.com', '/');
    expect(res.status).toBe(200);
    expect(res.body).toContain('<title>maplestreetbakery.com</title>');
    expect(res.body).not.toContain('parked');
    await update('maplestreetbakery.com', { parkType: 'default' });
  });

  it('links a for-sale domain’s parking page to its For Sale page', async () => {
    await db.update(domains).set({ forSale: true, forSalePage: true }).where(eq(domains.domainId, ids['maplestreetbakery.com']));
    expect((await send('maplestreetbakery.com', '/')).body).toContain('href="http://shop.example/for-sale/maplestreetbakery.com"');
    await db.update(domains).set({ forSalePage: false }).where(eq(domains.domainId, ids['maplestreetbakery.com']));
    expect((await send('maplestreetbakery.com', '/')).body).not.toContain('/for-sale/');
    await db.update(domains).set({ forSale: false, forSalePage: true }).where(eq(domains.domainId, ids['maplestreetbakery.com']));
  });

  it('forwards with a 301 once the owner chooses forward, keeping the path and query only when asked', async () => {
    await update('maplestreetbakery.com', { websiteType: 'forward', forwardUrl: 'example.org/bakery', forwardKeepPath: true, forwardPermanent: true });
    const kept = await send('maplestreetbakery.com', '/menu/today?lang=en');
    expect(kept.status).toBe(301);
    expect(kept.headers.location).toBe('https://example.org/bakery/menu/today?lang=en');
    expect((await send('www.maplestreetbakery.com', '/')).headers.location).toBe('https://example.org/bakery');

    await update('maplestreetbakery.com', { forwardKeepPath: false });
    const dropped = await send('maplestreetbakery.com', '/menu/today?lang=en');
    expect(dropped.status).toBe(301);
    expect(dropped.headers.location).toBe('https://example.org/bakery');

    await update('maplestreetbakery.com', { forwardPermanent: false });
    expect((await send('maplestreetbakery.com', '/')).status).toBe(302);
  });

  it('shows the builder site once the builder is added and chosen: the starter page, then the owner’s page', async () => {
    await update('maplestreetbakery.com', { builderEnabled: true, websiteType: 'builder' });
    const starter = await send('maplestreetbakery.com', '/');
    expect(starter.status).toBe(200);
    expect(starter.body).toContain('Something great is coming soon');
    expect(starter.body).toContain('maplestreetbakery.com is getting a new website');

    const site = { headline: 'Sourdough <baked> daily', text: 'Open 7 to 3.\n\nCash & cards.', accentColor: '#2f6f4e', backgroundColor: '#1b1b1b' };
    await update('maplestreetbakery.com', site, `/api/websites/${ids['maplestreetbakery.com']}`);
    const page = await send('maplestreetbakery.com', '/about');
    expect(page.body).toContain('<h1>Sourdough &lt;baked&gt; daily</h1>');
    expect(headingOf(page.body)).toBe('Sourdough <baked> daily');
    expect(page.body).toContain('<p>Cash &amp; cards.</p>');
    expect(page.body).toContain('background:#1b1b1b;color:#ffffff');
    expect(page.body).not.toContain('parked');
  });

  it('shows an expired or deleted domain’s parking page with nothing of the owner’s', async () => {
    await db.update(domains).set({ status: 'deleted' }).where(eq(domains.domainId, ids['maplestreetbakery.com']));
    const deleted = await send('maplestreetbakery.com', '/');
    expect(deleted.status).toBe(200);
    expect(deleted.body).toContain('This domain is parked');
    expect(deleted.body).not.toContain('Sourdough');
    await db.update(domains).set({ status: 'active' }).where(eq(domains.domainId, ids['maplestreetbakery.com']));

    await db.update(domains).set({ forSale: true }).where(eq(domains.domainId, ids['lakesidephoto.studio']));
    const expired = await send('lakesidephoto.studio', '/');
    expect(headingOf(expired.body)).toBe('lakesidephoto.studio');
    expect(expired.body).not.toContain('/for-sale/');
  });
});

describe('other hosts', () => {
  it('answers a plain 404 for a host that is nobody’s domain', async () => {
    for (const host of ['nobody-has-this-name.com', 'sub.maplestreetbakery.com']) {
      const res = await send(host, '/');
      expect(res.status, host).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe('Not found');
    }
  });

  it('serves our own storefront, account app and API unchanged on localhost, IP literals and PUBLIC_URL’s host', async () => {
    const reference = await send(`127.0.0.1:${server.port}`, '/');
    expect(reference.body).not.toContain('parked');
    for (const host of [`localhost:${server.port}`, 'localhost', `[::1]:${server.port}`, 'shop.example', 'www.shop.example', 'app']) {
      const home = await send(host, '/');
      expect({ host, status: home.status, body: home.body }).toEqual({ host, status: reference.status, body: reference.body });
      const api = await send(host, '/api/tlds?limit=1');
      expect(api.status, host).toBe(200);
      expect(JSON.parse(api.body)).toMatchObject({ limit: 1 });
    }
  });
});
