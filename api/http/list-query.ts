/**
 * Reads the list query words of the API from the URL into a plain ListQuery: limit, skip, `$sort[field]=1|-1`,
 * `$relations[]=name`, plain `field=value` filters. Services apply it (services/apply-list-query.ts).
 */
import type { Context } from 'hono';
import type { ListQuery } from '../contract/list.ts';
import { AppError } from '../errors.ts';

const maxLimit = 1000;

export function readListQuery(c: Context, options: { defaultLimit?: number } = {}): ListQuery {
  const params = new URL(c.req.url).searchParams;
  // Keys come from the URL: without a prototype, `__proto__` or `constructor` is just an unknown field (a 400 later).
  const query: ListQuery = { limit: options.defaultLimit ?? maxLimit, skip: 0, sort: [], relations: [], filters: Object.create(null), flags: Object.create(null) };
  for (const [key, value] of params) {
    if (key === 'limit' || key === '$limit') {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 0) throw new AppError(400, 'limit must be a non-negative whole number');
      query.limit = Math.min(n, maxLimit);
    } else if (key === 'skip' || key === '$skip') {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 0) throw new AppError(400, 'skip must be a non-negative whole number');
      query.skip = n;
    } else if (key.startsWith('$sort[')) {
      const field = key.slice('$sort['.length, -1);
      if (value !== '1' && value !== '-1') throw new AppError(400, `$sort[${field}] must be 1 or -1`);
      query.sort.push({ field, direction: value === '1' ? 1 : -1 });
    } else if (key === '$relations[]' || key === '$relations') {
      query.relations.push(...value.split(',').filter(Boolean));
    } else if (key.startsWith('$')) {
      query.flags[key] = value;
    } else {
      const field = key.endsWith('[]') ? key.slice(0, -2) : key;
      query.filters[field] ??= [];
      query.filters[field].push(value);
    }
  }
  return query;
}

/** Refuse relations the resource does not have. */
export function checkRelations(query: ListQuery, allowed: readonly string[]): void {
  const unknown = query.relations.filter((r) => !allowed.includes(r));
  if (unknown.length) {
    throw new AppError(400, `Unknown relation ${unknown.join(', ')}; allowed: ${allowed.join(', ') || 'none'}`);
  }
}
