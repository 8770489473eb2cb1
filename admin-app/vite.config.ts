import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The back office (DESIGN.md "Shape"): its own SPA at /admin, sharing only the front-end kit and the contract. */
export default defineConfig({
  root: path.resolve(import.meta.dirname),
  base: '/admin/',
  // Its own dependency cache, beside the site's and the account app's dev servers (npm run dev).
  cacheDir: path.resolve(import.meta.dirname, '../node_modules/.vite-admin'),
  plugins: [react()],
  // The front-end kit shared with the site and the account app: the only part of site/ this app may import (tests/unit/layers.test.ts).
  resolve: { alias: { '@kit': path.resolve(import.meta.dirname, '../site/kit') } },
  server: process.env.DOTSPOT_DEV_ADMIN_PORT ? { hmr: { clientPort: Number(process.env.DOTSPOT_DEV_ADMIN_PORT) } } : {},
  // The manifest (dist/.vite/, not served) lets the first-load budget test weigh what /admin fetches first.
  build: { outDir: 'dist', emptyOutDir: true, assetsDir: 'assets', sourcemap: false, manifest: true },
});
