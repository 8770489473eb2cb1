/**
 * Reads the list query words of the API from the URL into a plain ListQuery: limit, skip, `$sort[field]=1|-1`,
 * `$relations[]=name`, plain `field=value` filters. Services apply it (services/platform/apply-list-query.ts).
 */
import type { Context } from 'hono';
import { type ListQuery, listPageQuerySchema, maxListLimit } from '../contract/list.ts';
import { AppError } from '../errors.ts';

/** limit or skip by the schema the OpenAPI document shows for them. */
function pageWord(word: 'limit' | 'skip', value: string): number {
  const parsed = listPageQuerySchema.shape[word].safeParse(value);
  if (!parsed.success || parsed.data === undefined) throw new AppError(400, `${word} must be a non-negative whole number`);
  return parsed.data;
}

export function readListQuery(c: Context, options: { defaultLimit?: number } = {}): ListQuery {
  const params = new URL(c.req.url).searchParams;
  // Keys come from the URL: without a prototype, `__proto__` or `constructor` is just an unknown field (a 400 later).
  const query: ListQuery = {
    limit: options.defaultLimit ?? maxListLimit,
    skip: 0,
    sort: [],
    relations: [],
    filters: Object.create(null),
    flags: Object.create(null),
  };
  for (const [key, value] of params) {
    if (key === 'limit' || key === '$limit') {
      query.limit = Math.min(pageWord('limit', value), maxListLimit);
    } else if (key === 'skip' || key === '$skip') {
      query.skip = pageWord('skip', value);
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
