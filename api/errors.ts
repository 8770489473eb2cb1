/** The one error type routes, services and jobs throw, and the readable text of zod issues; `onError` (app.ts) turns an AppError into `{ name, message, code, data? }`. */
import type { z } from 'zod';
import { errorNames } from './contract/errors.ts';

export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
    readonly redirect?: string,
  ) {
    super(message);
    this.name = errorNames[code] ?? 'Error';
  }

  toJSON() {
    return {
      name: this.name,
      message: this.message,
      code: this.code,
      ...(this.data === undefined ? {} : { data: this.data }),
      ...(this.redirect ? { redirect: this.redirect } : {}),
    };
  }
}

export const badRequest = (message: string, data?: unknown) => new AppError(400, message, data);
export const notAuthenticated = (message = 'Please log in to continue') => new AppError(401, message);
export const forbidden = (message = 'You do not have access to this') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string, data?: unknown) => new AppError(409, message, data);
export const tooManyRequests = (message: string) => new AppError(429, message);

/** "years: must be one of 1, 2, 3" style text, one line per issue. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.join('.');
      return where ? `${where}: ${issue.message}` : issue.message;
    })
    .join('; ');
}
