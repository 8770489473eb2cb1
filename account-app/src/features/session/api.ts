/** Who is signed in: GET /api/users/0 through SWR; a 401 means "go to /login". */
import useSWR from 'swr';
import { FetchError } from '../../swr.ts';

/** `mfaEnrolmentRequired`: staff reset the second factors; nothing else works until one is added. */
export type CurrentUser = {
  userId: number;
  accountId: number;
  email: string;
  mfaEnrolmentRequired?: boolean;
  /** A staff member viewing the account read-only (the session can write nothing). */
  $viewAs?: { staffEmail: string };
};

export function useCurrentUser() {
  const { data, error, isLoading } = useSWR<CurrentUser | null>('/users/0');
  const needsLogin = error instanceof FetchError && error.failure.status === 401;
  return { user: data ?? null, needsLogin, error: needsLogin ? null : (error as Error | undefined), isLoading };
}
