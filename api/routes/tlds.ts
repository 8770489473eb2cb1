/** GET /api/tlds: the extension catalogue, with the list query words. */
import { Hono } from 'hono';
import { answer } from '../http/answer.ts';
import type { AppAnswer } from '../openapi/app-operations.ts';
import type { AppEnv } from '../http/env.ts';
import { readListQuery } from '../http/list-query.ts';
import { type Catalogue, catalogue, findTld, listTlds } from '../services/search/catalogue.ts';

/**
 * Each distinct query is serialised once per catalogue (a new one only under WATCH_CONTENT, when an editor saves),
 * and kept as a Blob: Bun sends a Blob's bytes as they are, where a 160 KB string or Uint8Array body is copied for
 * each answer (measured: about 6 us a request less).
 */
const answers = new Map<string, Blob>();
let answersFor: Catalogue | undefined;
const maxCachedAnswers = 200;

// In the live preview a saved price must show on the next request; a pricing rule's change within a minute.
const liveHeaders = { 'content-type': 'application/json', 'cache-control': 'no-cache' };
const cachedHeaders = { 'content-type': 'application/json', 'cache-control': 'public, max-age=30' };

export const tldsRoutes = new Hono<AppEnv>()
  .get('/', (c) => {
    const url = c.req.url;
    const queryAt = url.indexOf('?');
    const search = queryAt === -1 ? '' : url.slice(queryAt);
    if (answersFor !== catalogue()) {
      answers.clear();
      answersFor = catalogue();
    }
    let body = answers.get(search);
    if (body === undefined) {
      body = new Blob([JSON.stringify(listTlds(readListQuery(c)) satisfies AppAnswer<'GET /tlds'>)]);
      if (answers.size < maxCachedAnswers) answers.set(search, body);
    }
    return c.body(body, 200, c.get('deps').config.WATCH_CONTENT ? liveHeaders : cachedHeaders);
  })
  .get('/:tld', (c) => {
    return answer(c, 'GET /tlds/:tld', findTld(c.req.param('tld')));
  });
