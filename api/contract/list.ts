import './zod-config.ts';
import { z } from 'zod';

/** Every list answer: `{ total, limit, skip, data }`. */
export type ListResult<T> = { total: number; limit: number; skip: number; data: T[] };

export const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(0).max(1000).default(1000),
  skip: z.coerce.number().int().min(0).default(0),
});
