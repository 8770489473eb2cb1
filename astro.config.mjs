// @ts-check
import path from 'node:path';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';

export default defineConfig({
  srcDir: './site',
  publicDir: './site/public',
  outDir: './dist',
  output: 'static',
  site: process.env.SITE_URL ?? 'http://localhost:3000',
  trailingSlash: 'ignore',
  // Inline the one site stylesheet (~8 KB gzipped): no render-blocking request before the first paint.
  build: { format: 'directory', assets: '_astro', inlineStylesheets: 'always' },
  integrations: [react(), mdx(), sitemap({ filter: (page) => !page.includes('/dev/') && !page.includes('/for-sale/') && !page.includes('/transfer-away') })],
  devToolbar: { enabled: false },
  // The front-end kit both front ends share (DESIGN.md "Front ends"); also in tsconfig.json, account-app/vite.config.ts, vitest.config.ts.
  vite: { resolve: { alias: { '@kit': path.resolve(import.meta.dirname, 'site/kit') } } },
});
