/**
 * The one fetcher (storefront spec §7): base /api, credentials included, JSON bodies. A reply with a message
 * toasts it (error at 400+, info below) unless it carries a redirect; 403 is silent (but for a read-only staff view's
 * refusal); failures return an ApiFailure.
 */
import { showToast } from './toasts.ts';

export type ApiFailure = { error: true; status: number; message: string; name?: string; data?: unknown; redirect?: string };

export const genericErrorMessage = 'An error occurred while processing your request';

export function isFailure(value: unknown): value is ApiFailure {
  return typeof value === 'object' && value !== null && (value as ApiFailure).error === true;
}

type Options = { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; body?: unknown; toast?: boolean; signal?: AbortSignal };

export async function api<T>(path: string, options: Options = {}): Promise<T | ApiFailure> {
  const { method = 'GET', body, toast = true, signal } = options;
  let response: Response;
  try {
    response = await fetch(path === '/api' || path.startsWith('/api/') ? path : `/api${path.startsWith('/') ? '' : '/'}${path}`, {
      method,
      credentials: 'include',
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
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
