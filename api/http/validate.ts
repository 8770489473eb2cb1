/** zod validation of bodies, params and queries, failing with a readable 400. */
import type { Context, MiddlewareHandler, Next } from 'hono';
import { z } from 'zod';
import { findControlCharacterIn } from '../contract/free-text.ts';
import { maxStoredInteger } from '../contract/stored-integers.ts';
import { AppError, describeIssues } from '../errors.ts';

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new AppError(400, describeIssues(parsed.error), { errors: z.flattenError(parsed.error).fieldErrors });
  }
  return parsed.data;
}

/**
 * Names that stand for an object's prototype machinery rather than a field: a body using one is refused, so no code
 * reading fields (`scopes[field]`, `{ ...body }`, `field in object`) can meet an inherited property.
 */
const prototypeNames = new Set(['__proto__', 'constructor', 'prototype']);

export class PrototypeNameError extends AppError {
  constructor(readonly field: string) {
    super(400, `The request body may not use the field name "${field}"`, { field });
  }
}

/** JSON.parse that refuses a prototype name as a key at any depth (the reviver sees every key, nested ones first). */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text, (key, value) => {
      if (prototypeNames.has(key)) throw new PrototypeNameError(key);
      return value;
    });
  } catch (error) {
    if (error instanceof PrototypeNameError) throw error;
    throw new AppError(400, 'The request body is not valid JSON');
  }
}

export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  return parseJsonText(text);
}

/** A string in the body holds a control character (NUL, escape...): nothing we keep may, so nothing is done with it. */
export class ControlCharacterError extends AppError {
  constructor(field: string, character: string) {
    super(400, `"${field}" contains a control character (${character}): remove it and try again`, {
      field,
      errors: { [field]: ['Remove the control character'] },
    });
  }
}

/**
 * Every unsafe request whose body is JSON is refused with a 400 when it uses a prototype name, or when any string in
 * it holds a control character (other than tab and line breaks), before any route, session or token looks at it: a
 * route that ignores its body answers the same as one that reads it, and no action starts on text that could not be
 * recorded (a NUL makes PostgreSQL refuse the audit row).
 */
export const refusePrototypeNames: MiddlewareHandler = (c, next) => {
  const method = c.req.method;
  // Reads carry no body to check: no extra async step for them.
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
  return refuseInBody(c, next);
};

async function refuseInBody(c: Context, next: Next) {
  // Stripe's webhook body is checked by its signature and read by Stripe's library, never field by field here.
  const isWebhook = c.req.path === '/api/stripeWebhook';
  // A multipart form (the Report abuse page's evidence file) is not JSON, and reading it as text would spoil its bytes
  // for the route: its fields go through the route's strict schema, which refuses any name it does not know.
  const isMultipart = (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');
  if (!isWebhook && !isMultipart) {
    const text = await c.req.text();
    if (text.trim()) {
      let parsed: unknown;
      try {
        parsed = parseJsonText(text);
      } catch (error) {
        // Malformed JSON is the route's to answer (it may not read a body at all); a prototype name never passes.
        if (error instanceof PrototypeNameError) throw error;
      }
      const found = findControlCharacterIn(parsed);
      if (found) throw new ControlCharacterError(found.field, found.character);
    }
  }
  await next();
}

export async function parseBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  return parseWith(schema, await readJson(c));
}

/**
 * A path id: a non-negative integer, where 0 means "mine". One past what a database integer holds names nothing, and
 * says only that (checked first and alone: zod would also call 1e20 not whole, being past the safe integers).
 */
export const idParamSchema = z.coerce
  .number({ error: 'The id must be a number' })
  .max(maxStoredInteger, { error: 'The id is too large: there is no such record', abort: true })
  .int('The id must be a whole number')
  .min(0, 'The id must not be negative');

/** Plain digits, what nearly every request sends: what the schema would answer, without running it. */
const plainDigits = /^\d{1,10}$/;

export function parseId(c: Context, name = 'id'): number {
  const raw = c.req.param(name);
  if (raw !== undefined && plainDigits.test(raw)) {
    const id = Number(raw);
    if (id <= maxStoredInteger) return id;
  }
  return parseWith(idParamSchema, raw);
}
