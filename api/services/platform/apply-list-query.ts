/**
 * Applies a parsed ListQuery: as drizzle conditions and order over a table's allowlisted columns, or directly to rows
 * held in memory (the catalogue). A field the resource does not allow is a 400.
 */
import { type AnyColumn, and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { ListQuery, ListResult } from '../../contract/list.ts';
import { AppError } from '../../errors.ts';

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
export function applyToArray<T extends Record<string, unknown>>(rows: T[], query: ListQuery, fields: readonly string[]): ListResult<T> {
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
