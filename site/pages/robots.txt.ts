/** robots.txt with an absolute sitemap address (crawlers ignore relative ones). */
import type { APIRoute } from 'astro';

export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL('/sitemap.xml', site).href;
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /account/',
    'Disallow: /cart',
    'Disallow: /dev/',
    'Disallow: /api/',
    '',
    `Sitemap: ${sitemap}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
