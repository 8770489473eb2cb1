/**
 * `withRecentAuth` for calls that seldom need it (a charge over the operator's threshold from an older session): the
 * "confirm it's you" dialog (ConfirmIdentity.tsx) loads only when the server asks for it, so the screens making such
 * calls do not carry it on first load.
 */
import type { ApiFailure } from './api.ts';
import { isReauthRequired } from './reauth-required.ts';

/** Makes the call; when it needs a recent confirmation, loads the dialog, asks for one and makes it again. */
export async function withLazyRecentAuth<T>(call: () => Promise<T | ApiFailure>): Promise<T | ApiFailure> {
  const first = await call();
  if (!isReauthRequired(first)) return first;
  const { confirmIdentity, confirmCancelledMessage } = await import('./ConfirmIdentity.tsx');
  if (!(await confirmIdentity())) return { ...first, message: confirmCancelledMessage };
  return call();
}
