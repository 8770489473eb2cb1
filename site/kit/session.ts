/** The session as islands and the account app see it: logout with its 3-second notice. */
import { atom } from 'nanostores';
import { isFailure } from './api.ts';
import { apiClient } from './api-client.ts';
import { dismissToast, showToast } from './toasts.ts';

export const logoutMessage = 'You have logged out';
export const logoutNoticeMs = 3000;

/** True while the logout notice shows, so buttons can stay disabled. */
export const $loggingOut = atom(false);

/** Set once a logout succeeded: stores that cache the visitor's data (the site's cart) clear themselves on it. */
export const $loggedOut = atom(false);

/**
 * Storefront spec §4 Logout: GET /api/session; on success 'You have logged out' for 3 s, the cart cache cleared,
 * then /login?logout=true or the given (same-site) redirect.
 */
export async function logout(redirect?: string): Promise<boolean> {
  if ($loggingOut.get()) return false;
  $loggingOut.set(true);
  const result = await apiClient.GET('/session', { toast: true });
  if (isFailure(result) || !result.success) {
    $loggingOut.set(false);
    return false;
  }
  $loggedOut.set(true);
  const toastId = showToast(logoutMessage, 'success');
  await new Promise((resolve) => setTimeout(resolve, logoutNoticeMs));
  dismissToast(toastId);
  const target = redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : '/login?logout=true';
  window.location.assign(target);
  return true;
}
