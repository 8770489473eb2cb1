/** Who is signed in to the back office, and what their role allows (the roles table in api/contract/staff/roles.ts). */
import { apiKey } from '@kit/api-client.ts';
import type { Permission } from '../../../api/contract/staff/roles.ts';
import { FetchError, useApi } from '../swr.ts';

export const sessionKey = apiKey('/admin/session');

export function useStaffSession() {
  const { data, error, isLoading, mutate } = useApi(sessionKey);
  const signedOut = error instanceof FetchError && error.failure.status === 401;
  const session = data ?? null;
  return {
    session,
    isLoading,
    signedOut,
    error: signedOut ? null : (error as Error | undefined),
    mutate,
    /** Whether the signed-in staff member's role has the permission ('signed-in': anyone signed in). */
    can: (permission: Permission | 'signed-in') =>
      session?.state === 'active' && (permission === 'signed-in' || session.staff.permissions.includes(permission)),
  };
}
