/** The list query words of the API: limit, skip, `$sort[field]=1|-1`, `$relations[]=name`, plain `field=value` filters. */
import { type AnyColumn, and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import { AppError } from '../errors.ts';

export type ListQuery = {
  limit: number;
  skip: number;
  sort: { field: string; direction: 1 | -1 }[];
  relations: string[];
  filters: Record<string, string[]>;
  /** Resource-specific `$flags` other than $sort and $relations. */
  flags: Record<string, string>;
};

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

type Columns = Record<string, AnyColumn>;

/** The allowlisted column for a field from the URL; an own property only, so `constructor` is not a column. */
function columnFor(columns: Columns, field: string): AnyColumn | undefined {
  return Object.hasOwn(columns, field) ? columns[field] : undefined;
}

/** SQL conditions for plain filters over whitelisted columns; an unknown field is a 400. */
export function filterConditions(query: ListQuery, columns: Columns): SQL[] {
  return Object.entries(query.filters).map(([field, values]) => {
    const column = columnFor(columns, field);
    if (!column) throw new AppError(400, `Cannot filter by ${field}`);
    const coerced = values.map((v) => coerceFilterValue(column, v));
    return coerced.length === 1 ? eq(column, coerced[0]) : inArray(column, coerced);
  });
}

function coerceFilterValue(column: AnyColumn, value: string): unknown {
  if (column.dataType === 'number') {
    const n = Number(value);
    if (!Number.isFinite(n)) throw new AppError(400, `${column.name} must be a number`);
    return n;
  }
  if (column.dataType === 'boolean') {
    if (value !== 'true' && value !== 'false') throw new AppError(400, `${column.name} must be true or false`);
    return value === 'true';
  }
  return value;
}

export function sortOrder(query: ListQuery, columns: Columns, fallback: SQL[]): SQL[] {
  if (!query.sort.length) return fallback;
  return query.sort.map(({ field, direction }) => {
    const column = columnFor(columns, field);
    if (!column) throw new AppError(400, `Cannot sort by ${field}`);
    return direction === 1 ? asc(column) : desc(column);
  });
}

export function whereAll(conditions: (SQL | undefined)[]): SQL | undefined {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length ? and(...present) : undefined;
}

/** Sort, filter and page plain objects (for resources that live in memory, like the catalogue). */
export function applyToArray<T extends Record<string, unknown>>(rows: T[], query: ListQuery, fields: readonly string[]) {
  let result = rows;
  for (const [field, values] of Object.entries(query.filters)) {
    if (!fields.includes(field)) throw new AppError(400, `Cannot filter by ${field}`);
    result = result.filter((row) => {
      const cell = row[field];
      return Array.isArray(cell) ? cell.some((v) => values.includes(String(v))) : values.includes(String(cell));
    });
  }
  for (const { field } of query.sort) {
    if (!fields.includes(field)) throw new AppError(400, `Cannot sort by ${field}`);
  }
  if (query.sort.length) {
    result = [...result].sort((a, b) => {
      for (const { field, direction } of query.sort) {
        const x = a[field] as string | number;
        const y = b[field] as string | number;
        if (x < y) return -direction;
        if (x > y) return direction;
      }
      return 0;
    });
  }
  const total = result.length;
  return { total, limit: query.limit, skip: query.skip, data: result.slice(query.skip, query.skip + query.limit) };
}
