/**
 * Toasts that outlive a page change: a page about to navigate leaves its message here and the next page shows it
 * (the site's toast stack and the account app both call showCarriedToasts at start). Kept in sessionStorage, so
 * only this tab sees it, once; like every toast it stays until closed.
 */
import { showToast, type ToastKind } from './toasts.ts';

const storageKey = 'ds_carried_toasts';
type Carried = { message: string; kind: ToastKind };

function read(): Carried[] {
  try {
    const saved = JSON.parse(sessionStorage.getItem(storageKey) ?? '[]');
    return Array.isArray(saved) ? saved.filter((t): t is Carried => typeof t?.message === 'string' && typeof t?.kind === 'string') : [];
  } catch {
    return [];
  }
}

export function carryToast(message: string, kind: ToastKind = 'info'): void {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify([...read(), { message, kind }]));
  } catch {
    // No storage (private mode, quota): show it here, where it may still be read before the page changes.
    showToast(message, kind);
  }
}

export function showCarriedToasts(): void {
  const carried = read();
  if (carried.length === 0) return;
  try {
    sessionStorage.removeItem(storageKey);
  } catch {}
  for (const toast of carried) showToast(toast.message, toast.kind);
}
