/** GET /api/tlds: the extension catalogue, with the list query words. */
import { Hono } from 'hono';
import { answer } from '../http/answer.ts';
import type { AppAnswer } from '../openapi/app-operations.ts';
import type { AppEnv } from '../http/env.ts';
import { readListQuery } from '../http/list-query.ts';
import { type Catalogue, catalogue, findTld, listTlds } from '../services/search/catalogue.ts';

/** Each distinct query is serialised once per catalogue (a new one only under WATCH_CONTENT, when an editor saves). */
const answers = new Map<string, string>();
let answersFor: Catalogue | undefined;
const maxCachedAnswers = 200;

export const tldsRoutes = new Hono<AppEnv>()
  .get('/', (c) => {
    const search = new URL(c.req.url).search;
    if (answersFor !== catalogue()) {
      answers.clear();
      answersFor = catalogue();
    }
    let body = answers.get(search);
    if (body === undefined) {
      body = JSON.stringify(listTlds(readListQuery(c)) satisfies AppAnswer<'GET /tlds'>);
      if (answers.size < maxCachedAnswers) answers.set(search, body);
    }
    // In the live preview a saved price must show on the next request; a pricing rule's change within a minute.
    c.header('Cache-Control', c.var.deps.config.WATCH_CONTENT ? 'no-cache' : 'public, max-age=30');
    return c.body(body, 200, { 'content-type': 'application/json' });
  })
  .get('/:tld', (c) => {
    return answer(c, 'GET /tlds/:tld', findTld(c.req.param('tld')));
  });
