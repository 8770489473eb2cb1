/**
 * GET /api/openapi.json (the public API's OpenAPI document, issue #15) and GET /api/docs, its interactive reference:
 * Swagger UI from node_modules, served by us so the page works offline and loads nothing from a third party.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import brand from '../../content/brand.json' with { type: 'json' };
import { apiDocsPolicy } from '../http/content-security-policy.ts';
import type { AppEnv } from '../http/env.ts';
import { buildOpenApiDocument } from '../openapi/document.ts';

const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ownDir = path.resolve(import.meta.dirname, '../openapi/docs');

const assets: Record<string, { file: string; type: string }> = {
  'swagger-ui-bundle.js': { file: path.join(swaggerDir, 'swagger-ui-bundle.js'), type: 'text/javascript; charset=utf-8' },
  'swagger-ui.css': { file: path.join(swaggerDir, 'swagger-ui.css'), type: 'text/css; charset=utf-8' },
  'docs.js': { file: path.join(ownDir, 'docs.js'), type: 'text/javascript; charset=utf-8' },
  'docs.css': { file: path.join(ownDir, 'docs.css'), type: 'text/css; charset=utf-8' },
};
const loaded = new Map<string, Uint8Array>();

let documentJson: string | undefined;

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · ${brand.name}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
<link rel="stylesheet" href="/api/docs/docs.css">
</head>
<body>
<header class="docs-header"><div class="docs-header-inner">
<a class="docs-logo" href="/"><span class="docs-logo-dot" aria-hidden="true"></span>${brand.name}</a>
<span class="docs-title">API reference</span>
<nav class="docs-links" aria-label="API"><a href="/api/openapi.json">OpenAPI document</a><a href="/account/summary?view=apiTokens">API tokens</a></nav>
</div></header>
<main class="docs-main"><div id="swagger-ui"></div></main>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/docs.js"></script>
</body>
</html>`;

export const openApiRoutes = new Hono<AppEnv>()
  .get('/openapi.json', (c) => {
    documentJson ??= JSON.stringify(buildOpenApiDocument());
    c.header('Cache-Control', 'public, max-age=300');
    c.header('Access-Control-Allow-Origin', '*');
    return c.body(documentJson, 200, { 'content-type': 'application/json' });
  })
  .get('/docs', (c) => {
    c.header('Content-Security-Policy', apiDocsPolicy);
    c.header('Cache-Control', 'public, max-age=300');
    return c.html(page);
  })
  // Swagger UI's bundle is 1.4 MB; compressed, a fifth of that.
  .get('/docs/:asset', compress(), (c) => {
    const name = c.req.param('asset');
    const asset = Object.hasOwn(assets, name) ? assets[name] : undefined;
    if (!asset) return c.notFound();
    let body = loaded.get(name);
    if (!body) {
      body = readFileSync(asset.file);
      loaded.set(name, body);
    }
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(body as Uint8Array<ArrayBuffer>, 200, { 'content-type': asset.type });
  });
