/** GET /api/tlds: the extension catalogue, with the list query words. */
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { readListQuery } from '../http/list-query.ts';
import { findTld, listTlds } from '../services/catalogue.ts';

/** The catalogue does not change while the process runs, so each distinct query is serialised once. */
const answers = new Map<string, string>();
const maxCachedAnswers = 200;

export const tldsRoutes = new Hono<AppEnv>()
  .get('/', (c) => {
    const search = new URL(c.req.url).search;
    let body = answers.get(search);
    if (body === undefined) {
      body = JSON.stringify(listTlds(readListQuery(c)));
      if (answers.size < maxCachedAnswers) answers.set(search, body);
    }
    c.header('Cache-Control', 'public, max-age=300');
    return c.body(body, 200, { 'content-type': 'application/json' });
  })
  .get('/:tld', (c) => {
    return c.json(findTld(c.req.param('tld')));
  });
