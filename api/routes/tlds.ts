/** GET /api/tlds: the extension catalogue, with the list query words. */
import { Hono } from 'hono';
import { applyToArray, readListQuery } from '../http/list-query.ts';
import type { AppEnv } from '../http/env.ts';
import { catalogue } from '../services/catalogue.ts';
import { notFound } from '../http/app-error.ts';

const fields = ['tld', 'categories', 'priority'] as const;

export const tldsRoutes = new Hono<AppEnv>()
  .get('/', (c) => {
    const query = readListQuery(c);
    return c.json(applyToArray(catalogue().list, query, fields));
  })
  .get('/:tld', (c) => {
    const tld = catalogue().byTld.get(c.req.param('tld').toLowerCase().replace(/^\./, ''));
    if (!tld) throw notFound(`We do not sell .${c.req.param('tld')} names`);
    return c.json(tld);
  });
