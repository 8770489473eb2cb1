/** Who is signed in: GET /api/users/0 through SWR; a 401 means "go to /login". */
import { apiKey } from '@kit/api-client.ts';
import { FetchError, useApi } from '../../swr.ts';

/** `mfaEnrolmentRequired`: staff reset the second factors; nothing else works until one is added. */
export type { CurrentUser } from '../../../../api/contract/accounts/current-user.ts';

export const userKey = apiKey('/users/0');

export function useCurrentUser() {
  const { data, error, isLoading } = useApi(userKey);
  const needsLogin = error instanceof FetchError && error.failure.status === 401;
  return { user: data ?? null, needsLogin, error: needsLogin ? null : (error as Error | undefined), isLoading };
}
