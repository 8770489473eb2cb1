/**
 * Content-Security-Policy for everything we serve. Pages may run our own scripts and the few inline scripts Astro
 * writes (island hydration), each allowed by its SHA-256 hash computed from the built HTML at start, so an injected
 * inline script never runs; with Stripe as the payment provider also what Stripe.js needs. API answers are JSON and
 * may load nothing.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';

/** Stripe's published CSP needs for Stripe.js and Elements (its 3-D Secure challenges come from hooks.stripe.com). */
const stripeSources = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

export const apiPolicy = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * GET /api/docs, the API reference (Swagger UI from our server): its scripts and stylesheets are files of ours, it
 * fetches only our API, and Swagger UI writes style attributes and draws icons as data: images.
 */
export const apiDocsPolicy =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export function pagePolicy(config: Config, inlineScriptHashes: readonly string[]): string {
  const stripe = config.providers.payments === 'stripe';
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...inlineScriptHashes.map((hash) => `'${hash}'`), ...(stripe ? stripeSources.script : [])],
    // Astro inlines the one stylesheet and React writes style attributes; styles cannot run code.
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:'],
    ['connect-src', "'self'", ...(stripe ? stripeSources.connect : [])],
    ['frame-src', "'self'", ...(stripe ? stripeSources.frame : [])],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

const inlineScript = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** `sha256-…` of every inline script in the HTML files under `dirs` (scripts with a src need no hash). */
export function hashInlineScripts(dirs: readonly string[]): string[] {
  const hashes = new Set<string>();
  const visit = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (entry.name.endsWith('.html')) {
        for (const [, attributes, body] of readFileSync(file, 'utf8').matchAll(inlineScript)) {
          if (/\bsrc\s*=/i.test(attributes) || !body.trim()) continue;
          hashes.add(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
        }
      }
    }
  };
  for (const dir of dirs) visit(dir);
  return [...hashes].sort();
}

/** Sets the page policy, or the API's under /api, on every answer that has none yet. */
export function contentSecurityPolicy(config: Config, inlineScriptHashes: readonly string[]): MiddlewareHandler {
  const pages = pagePolicy(config, inlineScriptHashes);
  return async (c, next) => {
    await next();
    if (!c.res.headers.has('Content-Security-Policy')) {
      c.res.headers.set('Content-Security-Policy', c.req.path === '/api' || c.req.path.startsWith('/api/') ? apiPolicy : pages);
    }
  };
}
