import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: path.resolve(import.meta.dirname),
  base: '/account/',
  plugins: [react()],
  // The front-end kit shared with the site: the only part of site/ this app may import (tests/unit/layers.test.ts).
  resolve: { alias: { '@kit': path.resolve(import.meta.dirname, '../site/kit') } },
  // The manifest (dist/.vite/, not served) lets tests/bench/lighthouse.ts weigh what a first load fetches.
  build: { outDir: 'dist', emptyOutDir: true, assetsDir: 'assets', sourcemap: false, manifest: true },
});
