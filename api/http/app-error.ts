/** The one error type routes and services throw; `onError` turns it into `{ name, message, code, data? }`. */
import { errorNames } from '../contract/errors.ts';

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
