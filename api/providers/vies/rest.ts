/**
 * The EU's VIES REST API (`GET {base}/ms/{country}/vat/{number}`): `isValid`, and `userError` naming why it could not
 * say (MS_UNAVAILABLE, TIMEOUT, SERVICE_UNAVAILABLE, ...). Anything but a clear yes or no is `unavailable`.
 */
import type { ViesAnswer, ViesProvider } from './index.ts';

export function createRestVies(options: { baseUrl: string; timeoutMs?: number }): ViesProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    name: 'vies',
    async check(countryCode, number): Promise<ViesAnswer> {
      try {
        const response = await fetch(`${base}/ms/${encodeURIComponent(countryCode)}/vat/${encodeURIComponent(number)}`, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs ?? 8_000),
        });
        if (!response.ok) return { status: 'unavailable', name: null };
        const body = (await response.json()) as { isValid?: boolean; userError?: string; name?: string };
        if (body.isValid === true) return { status: 'confirmed', name: body.name && body.name !== '---' ? body.name : null };
        if (body.userError === 'INVALID' || body.userError === 'INVALID_INPUT' || (body.isValid === false && !body.userError))
          return { status: 'invalid', name: null };
        return { status: 'unavailable', name: null };
      } catch {
        return { status: 'unavailable', name: null };
      }
    },
  };
}
