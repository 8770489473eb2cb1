/** /sitemap.xml: the index of the sitemaps @astrojs/sitemap writes (sitemap-0.xml, ...), at the address crawlers try first. */
import type { APIRoute } from 'astro';

export const GET: APIRoute = ({ site }) => {
  const child = new URL('/sitemap-0.xml', site).href;
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${child}</loc></sitemap></sitemapindex>\n`;
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
