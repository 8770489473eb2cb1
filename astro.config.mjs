// @ts-check
import path from 'node:path';
import { satteri } from '@astrojs/markdown-satteri';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import { contentCheck } from './site/integrations/content-check.ts';
import { copyPricesPlugin } from './site/lib/copy-prices-plugin.ts';
import { saleFiguresPlugin } from './site/lib/sale-figures-plugin.ts';

export default defineConfig({
  srcDir: './site',
  publicDir: './site/public',
  outDir: './dist',
  output: 'static',
  site: process.env.SITE_URL ?? 'http://localhost:3000',
  trailingSlash: 'ignore',
  // Inline the one site stylesheet (~8 KB gzipped): no render-blocking request before the first paint.
  build: { format: 'directory', assets: '_astro', inlineStylesheets: 'always' },
  // Astro's own Markdown processor, plus two steps: `{sale.networkPayout}` in content/ becomes the Sell form's own
  // figure (site/lib/sale-figures-plugin.ts), and `{price.email}` a price that follows the visitor's country
  // (site/lib/copy-prices-plugin.ts).
  markdown: { processor: satteri({ mdastPlugins: [saleFiguresPlugin, copyPricesPlugin] }) },
  integrations: [
    contentCheck(),
    react(),
    mdx(),
    sitemap({ filter: (page) => !page.includes('/dev/') && !page.includes('/for-sale/') && !page.includes('/transfer-away') }),
  ],
  devToolbar: { enabled: false },
  // The front-end kit both front ends share (DESIGN.md "Front ends"); also in tsconfig.json, account-app/vite.config.ts, vitest.config.ts.
  vite: {
    resolve: { alias: { '@kit': path.resolve(import.meta.dirname, 'site/kit') } },
    server: {
      // Editors (VS Code among them) save a file in place: it is empty for an instant, and a content reload that reads
      // it then fails and misses the save until the next one. Changes count once the file's size has settled.
      watch: { awaitWriteFinish: { stabilityThreshold: 80, pollInterval: 20 } },
      // `npm run dev` (api/dev.ts): the API and the account app's dev server behind this one port.
      ...devProxy(),
    },
  },
});

/** Only under `npm run dev`, which passes the API's and the account app's ports. */
function devProxy() {
  const { DOTSPOT_DEV_API_PORT: api, DOTSPOT_DEV_ACCOUNT_PORT: account, DOTSPOT_DEV_ADMIN_PORT: admin } = process.env;
  if (!api || !account) return {};
  return {
    proxy: {
      // Not /api/contract/…: the islands' own source modules (api/contract/*.ts) are served by this dev server.
      '^/api/(?!contract/)': { target: `http://127.0.0.1:${api}`, ws: true },
      // The account app's dev server lives at /account/; /account alone is the app's index too, as `npm start` has it.
      '^/account(/|\\?|$)': { target: `http://127.0.0.1:${account}`, ws: true, rewrite: (url) => url.replace(/^\/account(?=\?|$)/, '/account/') },
      // The back office's dev server, the same way at /admin/.
      ...(admin ? { '^/admin(/|\\?|$)': { target: `http://127.0.0.1:${admin}`, ws: true, rewrite: (url) => url.replace(/^\/admin(?=\?|$)/, '/admin/') } } : {}),
    },
  };
}
