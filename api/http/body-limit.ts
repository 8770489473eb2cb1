/** Request bodies are refused past a ceiling before anything reads or parses them (a 413 in the usual JSON error). */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../errors.ts';
import type { AppEnv } from './env.ts';

/** Every API body is a small JSON object; the largest real one (a cart with contacts) is a few KB. */
export const maxBodyBytes = 64 * 1024;
/** Stripe posts whole event objects (an invoice with many lines passes 64 KB) and the signature check needs all of it. */
export const maxWebhookBodyBytes = 1024 * 1024;

/** The Report abuse form carries one evidence file (2 MB at most, checked by the service) and its fields. */
export const maxAbuseReportBodyBytes = 3 * 1024 * 1024;

const tooLarge = (max: number) => () => {
  throw new AppError(413, `The request body is larger than ${max / 1024} KB`);
};

const apiLimit = bodyLimit({ maxSize: maxBodyBytes, onError: tooLarge(maxBodyBytes) });
const webhookLimit = bodyLimit({ maxSize: maxWebhookBodyBytes, onError: tooLarge(maxWebhookBodyBytes) });
const abuseReportLimit = bodyLimit({ maxSize: maxAbuseReportBodyBytes, onError: tooLarge(maxAbuseReportBodyBytes) });

export const requestBodyLimit: MiddlewareHandler<AppEnv> = (c, next) => {
  if (c.req.path === '/api/stripeWebhook') return webhookLimit(c, next);
  if (c.req.path === '/api/abuseReports') return abuseReportLimit(c, next);
  return apiLimit(c, next);
};
