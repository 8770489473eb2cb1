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
