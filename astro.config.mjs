// @ts-check
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
  integrations: [react(), mdx(), sitemap({ filter: (page) => !page.includes('/dev/') })],
  devToolbar: { enabled: false },
});
