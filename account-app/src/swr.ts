/**
 * SWR with the spec's timings (storefront spec §9): dedupe 2 s, focus throttle 5 s, error retry 5 s (10 s on slow
 * networks), loading-slow 3 s (5 s on slow networks). The fetcher is the site's one `api` with its toast rules.
 */
import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import { type ApiFailure, isFailure } from '@kit/api.ts';
import { type ApiKey, readKey } from '@kit/api-client.ts';

export class FetchError extends Error {
  constructor(readonly failure: ApiFailure) {
    super(failure.message);
  }
}

/** A 403 is silent: an empty result, no error. A 401 stays quiet too; the shell sends the visitor to log in. */
export async function fetcher<T>(key: ApiKey<T> | string): Promise<T | null> {
  const answer = await readKey<T>(key, { toast: false });
  if (isFailure(answer)) {
    if (answer.status === 403) return null;
    throw new FetchError(answer);
  }
  return answer;
}

/** SWR on a typed key (`apiKey` from the kit): the data is the operation's answer, or null after a silent 403. */
export function useApi<T>(key: ApiKey<T> | null, config?: SWRConfiguration<T | null, FetchError>): SWRResponse<T | null, FetchError> {
  return useSWR(key, config ?? {}) as SWRResponse<T | null, FetchError>;
}

function isSlowConnection(): boolean {
  const connection = (navigator as Navigator & { connection?: { effectiveType?: string } }).connection;
  return Boolean(connection?.effectiveType && ['slow-2g', '2g'].includes(connection.effectiveType));
}

export function swrConfig(): SWRConfiguration {
  const slow = isSlowConnection();
  return {
    fetcher,
    dedupingInterval: 2000,
    focusThrottleInterval: 5000,
    errorRetryInterval: slow ? 10_000 : 5000,
    loadingTimeout: slow ? 5000 : 3000,
    onErrorRetry(error, _key, config, revalidate, { retryCount }) {
      const status = error instanceof FetchError ? error.failure.status : 0;
      if ((status >= 400 && status < 500) || retryCount >= 5) return;
      setTimeout(() => void revalidate({ retryCount }), config.errorRetryInterval);
    },
  };
}
