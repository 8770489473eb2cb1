/**
 * Runs the content check (site/lib/content-check.ts) where editors will see it: a build stops with every mistake
 * listed (file, line, fix) instead of a stack trace; the dev server prints them in the terminal and shows them in the
 * browser overlay each time a content file is saved, and clears the overlay once they are fixed. After a build, a page
 * that shows a price reference as written (`{price.email}` in a front-matter field its page prints without the Copy
 * component) stops it.
 */
import { readdirSync, readFileSync, unwatchFile, watchFile } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { AstroIntegration } from 'astro';
import { isRunnableDevEnvironment, type ViteDevServer } from 'vite';
import { AstroError } from 'astro/errors';
import { checkContent, describeProblems } from '../lib/content-check.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** Astro's module holding the content store (astro/dist/content/consts.js RESOLVED_DATA_STORE_VIRTUAL_ID). */
const contentStoreModule = '\0astro:data-layer-content';

function forgetContentStore(server: ViteDevServer) {
  for (const environment of Object.values(server.environments)) {
    const module = environment.moduleGraph.getModuleById(contentStoreModule);
    if (module) environment.moduleGraph.invalidateModule(module);
    if (isRunnableDevEnvironment(environment)) {
      const evaluated = environment.runner.evaluatedModules.getModuleById(contentStoreModule);
      if (evaluated) environment.runner.evaluatedModules.invalidateModule(evaluated);
    }
  }
}

const contentVersionCookie = 'dotspot_content_version';
const contentVersionEvent = 'dotspot:content-version';

/** Runs in every page in dev: reload when the server's content store is newer than the one this page was rendered from. */
const followContentVersion = `if (import.meta.hot) {
  const rendered = /(?:^|; )${contentVersionCookie}=(\\d+)/.exec(document.cookie)?.[1];
  import.meta.hot.on('${contentVersionEvent}', ({ version }) => {
    if (rendered !== undefined && String(version) !== rendered) location.reload();
  });
  import.meta.hot.send('${contentVersionEvent}?');
}`;

export function contentCheck(): AstroIntegration {
  return {
    name: 'dotspot:content-check',
    hooks: {
      'astro:config:setup': ({ command, injectScript }) => {
        if (command === 'dev') injectScript('page', followContentVersion);
        if (command !== 'build') return;
        const problems = checkContent(root);
        if (problems.length) throw new AstroError(describeProblems(problems), 'Fix the lines above, then build again (npm run dev shows them as you save).');
      },
      'astro:build:done': ({ dir }) => {
        const unfilled = builtPages(fileURLToPath(dir)).filter((file) => /\{\s*price\b/.test(readFileSync(file, 'utf8')));
        if (unfilled.length)
          throw new AstroError(
            `These pages show a price as written ({price…}): ${unfilled.map((file) => path.relative(root, file)).join(', ')}`,
            'Print the front-matter field that holds it with <Copy text={…} /> (site/components/Copy.astro)',
          );
      },
      'astro:server:setup': ({ server, logger }) => {
        let hadProblems = false;
        const run = () => {
          const problems = checkContent(root);
          if (problems.length) {
            logger.error(describeProblems(problems));
            const [first] = problems;
            server.ws.send({
              type: 'error',
              err: {
                message: describeProblems(problems),
                stack: '',
                id: path.join(root, first.file),
                loc: { file: path.join(root, first.file), line: first.line, column: 1 },
                plugin: 'content check',
              },
            });
          } else if (hadProblems) {
            logger.info('The content check passes again.');
            server.ws.send({ type: 'full-reload' });
          }
          hadProblems = problems.length > 0;
        };
        const contentDir = path.join(root, 'content');
        server.watcher.add(contentDir);
        let pending: ReturnType<typeof setTimeout> | undefined;
        server.watcher.on('all', (_event, file) => {
          if (!file.startsWith(contentDir)) return;
          clearTimeout(pending);
          pending = setTimeout(run, 400);
        });
        // Also after a reload of the page: the overlay is sent once the browser has connected.
        server.ws.on('connection', () => {
          if (hadProblems) setTimeout(run, 200);
        });
        // Astro reloads the open page as soon as a content file changes, re-reading its content store from disk before
        // the new store is written, and takes the write a moment later for an echo of its own: the tab keeps the old
        // text. So each page learns which store it was rendered from (a cookie set with the page), and when the store
        // is written the server drops its copy, counts a new version and tells every tab; a tab that was reloading at
        // that moment asks once it reconnects. A tab older than the store reloads itself, so no save is missed.
        let contentVersion = 0;
        server.middlewares.use((req, res, next) => {
          if (req.headers['sec-fetch-dest'] === 'document' || req.headers.accept?.startsWith('text/html')) {
            res.setHeader('Set-Cookie', `${contentVersionCookie}=${contentVersion}; Path=/; SameSite=Lax`);
          }
          next();
        });
        const announceVersion = () => server.ws.send(contentVersionEvent, { version: contentVersion });
        server.ws.on(`${contentVersionEvent}?`, announceVersion);
        const store = path.join(root, '.astro/data-store.json');
        watchFile(store, { interval: 200 }, (current, previous) => {
          if (current.mtimeMs === previous.mtimeMs) return;
          forgetContentStore(server);
          contentVersion += 1;
          if (!hadProblems) announceVersion();
        });
        server.httpServer?.once('close', () => unwatchFile(store));
        hadProblems = checkContent(root).length > 0;
        if (hadProblems) run();
      },
    },
  };
}

function builtPages(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}
