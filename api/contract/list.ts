import './zod-config.ts';
import { z } from 'zod';

/** Every list answer: `{ total, limit, skip, data }`. */
export type ListResult<T> = { total: number; limit: number; skip: number; data: T[] };

/** The list query words of a request, parsed (api/http/list-query.ts) and applied by services. */
export type ListQuery = {
  limit: number;
  skip: number;
  sort: { field: string; direction: 1 | -1 }[];
  relations: string[];
  filters: Record<string, string[]>;
  /** Resource-specific `$flags` other than $sort and $relations. */
  flags: Record<string, string>;
};

export const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(0).max(1000).default(1000),
  skip: z.coerce.number().int().min(0).default(0),
});

/** The most a list answers at once; a larger `limit` is lowered to it. */
export const maxListLimit = 1000;

const wholeNumber = (word: string) => {
  const message = `${word} must be a non-negative whole number`;
  return z.coerce.number({ error: message }).int(message).min(0, message);
};

/** The paging words of a list query, as api/http/list-query.ts reads them (`$limit` and `$skip` alike). */
export const listPageQuerySchema = z.object({
  limit: wholeNumber('limit')
    .optional()
    .meta({ description: `At most this many (${maxListLimit}, the default, at most)` }),
  skip: wholeNumber('skip').optional().meta({ description: 'Skip this many first' }),
});
