/**
 * SWR for the back office: the kit's one fetcher, no toast (views show their own errors). A 401 sends the browser
 * to sign in and back. Nothing revalidates on focus: reading a customer's page is logged each time it loads, so the
 * log holds reads a person made, not tab switches.
 */
import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import { type ApiFailure, isFailure } from '@kit/api.ts';
import { type ApiKey, readKey } from '@kit/api-client.ts';
import { paths } from './paths.ts';

export class FetchError extends Error {
  constructor(readonly failure: ApiFailure) {
    super(failure.message);
  }
}

export function goToSignIn(): void {
  if (window.location.pathname.startsWith(paths.signIn.path)) return;
  window.location.assign(paths.signIn.href(`${window.location.pathname}${window.location.search}`));
}

export async function fetcher<T>(key: ApiKey<T> | string): Promise<T> {
  const answer = await readKey<T>(key, { toast: false });
  if (isFailure(answer)) {
    // The session ended (8 hours, 30 idle minutes, or an owner changed the role): sign in again and come back.
    if (answer.status === 401 && key !== '/admin/session') goToSignIn();
    throw new FetchError(answer);
  }
  return answer;
}

/** SWR on a typed key (`apiKey` from the kit): the data is the operation's answer. */
export function useApi<T>(key: ApiKey<T> | null, config?: SWRConfiguration<T, FetchError>): SWRResponse<T, FetchError> {
  return useSWR(key, config ?? {}) as SWRResponse<T, FetchError>;
}

export const swrConfig: SWRConfiguration = {
  fetcher,
  dedupingInterval: 2000,
  revalidateOnFocus: false,
  errorRetryInterval: 5000,
  onErrorRetry(error, _key, config, revalidate, { retryCount }) {
    const status = error instanceof FetchError ? error.failure.status : 0;
    if ((status >= 400 && status < 500) || retryCount >= 3) return;
    setTimeout(() => void revalidate({ retryCount }), config.errorRetryInterval);
  },
};
