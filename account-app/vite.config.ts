import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import brand from '../content/brand.json' with { type: 'json' };
import { escapeMarkup } from '../api/contract/markup.ts';

/**
 * /account lands on My Domains (and logins send people there): its chunk is fetched beside the entry, from the
 * HTML, rather than once the entry has run. Other routes pay ~10 KB for it; routes.tsx still loads each on demand.
 */
function preloadLandingRoute(routeModule: string): Plugin {
  return {
    name: 'preload-landing-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunk = Object.values(bundle ?? {}).find((output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(routeModule));
        if (chunk?.type !== 'chunk') return [];
        // Its own imports and stylesheet too: otherwise they are found only once the route's chunk has run.
        const scripts = [chunk.fileName, ...chunk.imports]
          .filter((file) => !html.includes(file))
          .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/account/${file}` }, injectTo: 'head' as const }));
        // Cross-origin mode as Vite's loader asks for the stylesheet (crossOrigin = ''): otherwise the browser cannot
        // use the preload and fetches the file a second time.
        const styles = [...(chunk.viteMetadata?.importedCss ?? [])].map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/account/${file}` },
          injectTo: 'head' as const,
        }));
        return [...scripts, ...styles];
      },
    },
  };
}

/** The brand's name and help link in index.html's title and its first-drawn shell ({{brand.name}}, from content/brand.json). */
function brandHtml(): Plugin {
  const values: Record<string, string> = { name: brand.name, nameLower: brand.name.toLowerCase(), helpCenterUrl: brand.helpCenterUrl };
  return {
    name: 'brand-html',
    transformIndexHtml: { order: 'pre', handler: (html) => html.replace(/\{\{brand\.(\w+)\}\}/g, (_, key: string) => escapeMarkup(values[key] ?? '')) },
  };
}

export default defineConfig({
  root: path.resolve(import.meta.dirname),
  base: '/account/',
  // Its own dependency cache: beside the site's dev server (npm run dev) they would overwrite each other's.
  cacheDir: path.resolve(import.meta.dirname, '../node_modules/.vite-account'),
  plugins: [react(), brandHtml(), preloadLandingRoute('/src/features/domains/MyDomains.tsx')],
  // The front-end kit shared with the site: the only part of site/ this app may import (tests/unit/layers.test.ts).
  resolve: { alias: { '@kit': path.resolve(import.meta.dirname, '../site/kit') } },
  // The manifest (dist/.vite/, not served) lets tests/bench/lighthouse.ts weigh what a first load fetches.
  // Under `npm run dev` pages come through the site's port; hot reload talks to this server directly.
  server: process.env.DOTSPOT_DEV_ACCOUNT_PORT ? { hmr: { clientPort: Number(process.env.DOTSPOT_DEV_ACCOUNT_PORT) } } : {},
  build: { outDir: 'dist', emptyOutDir: true, assetsDir: 'assets', sourcemap: false, manifest: true },
});
