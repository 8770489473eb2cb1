/** Every public page the site builds (the sitemap must list exactly these), plus the 404 page. */
import { readdirSync } from 'node:fs';

const posts = readdirSync('content/blog')
  .filter((file) => file.endsWith('.mdx'))
  .map((file) => `/blog/${file.replace(/\.mdx$/, '')}`);

export const publicPaths = [
  '/',
  '/domains',
  '/pricing',
  '/whois',
  '/whois-privacy',
  '/email',
  '/website-builder',
  '/sell-my-domain',
  '/domain-parking',
  '/domain-forwarding',
  '/domain-protection',
  '/domain-name-101',
  '/about',
  '/blog',
  ...posts,
  '/privacy',
  '/terms',
  '/legal',
  '/legal/UDRP',
  '/report-abuse',
];

export const notFoundPath = '/no-such-page';

/** Pages built by the other parts of the product (storefront flows), listed in the sitemap too once merged. */
export const storefrontPaths = ['/search', '/transfer', '/cart', '/login'];
