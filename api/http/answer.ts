/**
 * A route's answer, typed by its operation in api/openapi/app-operations.ts: `answer(c, 'GET /domains/:id', domain)`
 * takes what the operation's response schema infers and answers with its status, so a field renamed in the schema the
 * document publishes fails `tsc` here as it does at the front ends' call sites.
 */
import type { Context } from 'hono';
import { type AnsweringKey, type AppAnswer, appOperations } from '../openapi/app-operations.ts';

export function answer<K extends AnsweringKey>(c: Context, operation: K, body: AppAnswer<K>) {
  return c.json(body as object, appOperations[operation].response.status);
}
