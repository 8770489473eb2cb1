/** zod validation of bodies, params and queries, failing with a readable 400. */
import type { Context } from 'hono';
import { z } from 'zod';
import { AppError, describeIssues } from '../errors.ts';

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new AppError(400, describeIssues(parsed.error), { errors: z.flattenError(parsed.error).fieldErrors });
  }
  return parsed.data;
}

export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(400, 'The request body is not valid JSON');
  }
}

export async function parseBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  return parseWith(schema, await readJson(c));
}

/** A path id: a non-negative integer, where 0 means "mine". */
export const idParamSchema = z.coerce
  .number({ error: 'The id must be a number' })
  .int('The id must be a whole number')
  .min(0, 'The id must not be negative');

export function parseId(c: Context, name = 'id'): number {
  return parseWith(idParamSchema, c.req.param(name));
}
