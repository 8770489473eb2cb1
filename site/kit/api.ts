/**
 * The one fetcher (storefront spec §7): base /api, credentials included, JSON bodies. A reply with a message
 * toasts it (error at 400+, info below) unless it carries a redirect; 403 is silent (but for a read-only staff view's
 * refusal); failures return an ApiFailure. Calls go through the typed client (api-client.ts); `api<T>(path)` is what
 * the call sites not yet moved to it use (tests/unit/typed-client.test.ts lists them, and the list only shrinks).
 */
import { showToast } from './toasts.ts';

export type ApiFailure = { error: true; status: number; message: string; name?: string; data?: unknown; redirect?: string };

export const genericErrorMessage = 'An error occurred while processing your request';

export function isFailure(value: unknown): value is ApiFailure {
  return typeof value === 'object' && value !== null && (value as ApiFailure).error === true;
}

export type ApiMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';
/** `form`: a multipart body (a file upload) in place of `body`, sent as the browser encodes it. */
type Options = { method?: ApiMethod; body?: unknown; form?: FormData; toast?: boolean; signal?: AbortSignal };

/** `/domains` and `/api/domains` alike: the URL under /api. */
export const underApi = (path: string) => (path === '/api' || path.startsWith('/api/') ? path : `/api${path.startsWith('/') ? '' : '/'}${path}`);

/** The kit's one fetch, for a URL already under /api: every call of the typed client and of `api()` ends here. */
export async function send<T>(url: string, options: Options = {}): Promise<T | ApiFailure> {
  const { method = 'GET', body, form, toast = true, signal } = options;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'include',
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') return { error: true, status: 0, message: 'Cancelled' };
    if (toast) showToast(genericErrorMessage, 'error');
    return { error: true, status: 0, message: genericErrorMessage };
  }
  const payload = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  const message = typeof payload?.message === 'string' ? payload.message : undefined;
  const redirect = typeof payload?.redirect === 'string' ? payload.redirect : undefined;
  if (response.ok) {
    if (toast && message && !redirect && !Array.isArray(payload)) showToast(message, 'info');
    return payload as T;
  }
  const failure: ApiFailure = {
    error: true,
    status: response.status,
    message: message ?? genericErrorMessage,
    name: typeof payload?.name === 'string' ? payload.name : undefined,
    data: payload?.data,
    redirect,
  };
  // A 403 is silent, except the refusal of a write in a staff member's read-only view of the account: they should know.
  const readOnlyView = (payload?.data as { viewAs?: boolean } | undefined)?.viewAs === true;
  if (toast && (response.status !== 403 || readOnlyView) && !redirect) showToast(failure.message, 'error');
  return failure;
}

/** A call by path string, typed by hand: only for the call sites not yet on the typed client (api-client.ts). */
export function api<T>(path: string, options: Options = {}): Promise<T | ApiFailure> {
  return send<T>(underApi(path), options);
}
