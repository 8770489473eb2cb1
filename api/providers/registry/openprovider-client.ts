/**
 * Openprovider's REST API v1beta (https://docs.openprovider.com): a bearer token from `POST /auth/login`, JSON in and
 * out, every answer `{ code, desc, data }` where code 0 is success. A token lasts 48 hours; an answer of 401 (or the
 * API's "authentication failed" code) logs in again once and repeats the call.
 */
import { RegistryOutcomeUnknownError } from './index.ts';

export type OpenproviderOptions = {
  /** Base address, e.g. https://api.openprovider.eu (the client adds /v1beta). */
  url: string;
  username: string;
  password: string;
  /** Per call; a change that times out is reported as unknown (ask `info`), never retried blindly. */
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/** An answer with a non-zero code: the upstream refused, in its own words. */
export class OpenproviderError extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
    readonly httpStatus: number,
  ) {
    super(`Openprovider refused: ${description || `code ${code}`}`);
    this.name = 'OpenproviderError';
  }
}

/** Openprovider's codes the provider maps onto registry outcomes (their API's error code list). */
export const openproviderCodes = {
  authenticationFailed: 196,
  domainNotFound: 320,
  domainExists: 346,
  authCodeInvalid: 399,
  notOurs: 366,
} as const;

type Answer<T> = { code?: number; desc?: string; data?: T };
type Query = Record<string, string | number | boolean | undefined>;

export type OpenproviderClient = {
  /** A read: safe to resend, so a dropped connection is retried once. */
  get<T>(path: string, query?: Query): Promise<T>;
  /** A change (POST, PUT, DELETE): a dropped connection or timeout is RegistryOutcomeUnknownError. */
  change<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, query?: Query): Promise<T>;
  /** A POST that changes nothing (check, login-free queries): resent once like a read. */
  query<T>(path: string, body: unknown): Promise<T>;
};

export function createOpenproviderClient(options: OpenproviderOptions): OpenproviderClient {
  const base = `${options.url.replace(/\/+$/, '')}/v1beta`;
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  let token: Promise<string> | null = null;

  const send = async (method: string, path: string, body: unknown, query: Query | undefined, bearer: string | null) => {
    const address = new URL(base + path);
    for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) address.searchParams.set(key, String(value));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    // The published contract declares bearer security on every call, login included: login sends an empty one.
    headers.authorization = bearer ? `Bearer ${bearer}` : 'Bearer';
    const response = await doFetch(address, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let answer: Answer<unknown> = {};
    try {
      answer = text ? (JSON.parse(text) as Answer<unknown>) : {};
    } catch {
      throw new OpenproviderError(-1, `an answer that is not JSON (HTTP ${response.status})`, response.status);
    }
    return { status: response.status, answer };
  };

  const login = async (): Promise<string> => {
    const { status, answer } = await send('POST', '/auth/login', { username: options.username, password: options.password }, undefined, null);
    const data = answer.data as { token?: string } | undefined;
    if (status !== 200 || answer.code || !data?.token) {
      throw new OpenproviderError(answer.code ?? -1, `login failed: ${answer.desc || `HTTP ${status}`}`, status);
    }
    return data.token;
  };
  const currentToken = () => {
    token ??= login().catch((error: unknown) => {
      token = null;
      throw error;
    });
    return token;
  };

  const call = async <T>(method: string, path: string, body: unknown, query: Query | undefined): Promise<T> => {
    for (let attempt = 0; ; attempt++) {
      const bearer = await currentToken();
      const { status, answer } = await send(method, path, body, query, bearer);
      const expired = status === 401 || answer.code === openproviderCodes.authenticationFailed;
      if (expired && attempt === 0) {
        token = null;
        continue;
      }
      if (status >= 200 && status < 300 && !answer.code) return (answer.data ?? {}) as T;
      throw new OpenproviderError(answer.code ?? -1, answer.desc || `HTTP ${status}`, status);
    }
  };

  /** Network failures (not refusals) of a resendable call are tried once more. */
  const resendable = async <T>(method: string, path: string, body: unknown, query?: Query): Promise<T> => {
    try {
      return await call<T>(method, path, body, query);
    } catch (error) {
      if (error instanceof OpenproviderError) throw error;
      return call<T>(method, path, body, query);
    }
  };

  return {
    get: (path, query) => resendable('GET', path, undefined, query),
    query: (path, body) => resendable('POST', path, body),
    async change(method, path, body, query) {
      try {
        return await call(method, path, body, query);
      } catch (error) {
        if (error instanceof OpenproviderError) throw error;
        throw new RegistryOutcomeUnknownError(`Openprovider did not answer ${method} ${path}: ${(error as Error).message}`, { cause: error });
      }
    },
  };
}

/** `example.co.uk` as Openprovider's `{ name: 'example', extension: 'co.uk' }`. */
export function splitDomain(domain: string): { name: string; extension: string } {
  const dot = domain.indexOf('.');
  return {
    name: domain.slice(0, dot).toLowerCase(),
    extension: domain
      .slice(dot + 1)
      .toLowerCase()
      .replace(/\.$/, ''),
  };
}

/** Openprovider's money (a decimal in the reseller's currency) as integer cents. */
export function toCents(price: number | undefined | null): number | undefined {
  return typeof price === 'number' && Number.isFinite(price) ? Math.round(price * 100) : undefined;
}

/** Openprovider writes dates as `2020-04-29 17:15:19` (UTC). */
export function parseUpstreamDate(text: string | undefined | null): Date {
  if (!text) return new Date(Number.NaN);
  return new Date(/Z|[+-]\d\d:?\d\d$/.test(text) ? text : `${text.replace(' ', 'T')}Z`);
}
