/** GET /api/tlds: the extension catalogue, with the list query words. */
import { Hono } from 'hono';
import { notFound } from '../errors.ts';
import type { AppEnv } from '../http/env.ts';
import { applyToArray, readListQuery } from '../http/list-query.ts';
import { catalogue } from '../services/catalogue.ts';

const fields = ['tld', 'categories', 'priority'] as const;

/** The catalogue does not change while the process runs, so each distinct query is serialised once. */
const answers = new Map<string, string>();
const maxCachedAnswers = 200;

export const tldsRoutes = new Hono<AppEnv>()
  .get('/', (c) => {
    const search = new URL(c.req.url).search;
    let body = answers.get(search);
    if (body === undefined) {
      body = JSON.stringify(applyToArray(catalogue().list, readListQuery(c), fields));
      if (answers.size < maxCachedAnswers) answers.set(search, body);
    }
    c.header('Cache-Control', 'public, max-age=300');
    return c.body(body, 200, { 'content-type': 'application/json' });
  })
  .get('/:tld', (c) => {
    const tld = catalogue().byTld.get(c.req.param('tld').toLowerCase().replace(/^\./, ''));
    if (!tld) throw notFound(`We do not sell .${c.req.param('tld')} names`);
    return c.json(tld);
  });
