/**
 * Toasts shared by every island, the account app and the back office. They stay until closed, except the few the
 * spec times (the control panel's "Copied!" shows for 3 s). A toast repeating the newest one (same words, same kind)
 * replaces it and counts the repeat, so nine "Record added" make one toast, not a pile. toast-stack.ts shows them.
 */
import { atom } from 'nanostores';

export type ToastKind = 'error' | 'warning' | 'info' | 'success';
/** `repeats`: how many times in a row it was shown (1 the first time). */
export type Toast = { id: number; kind: ToastKind; message: string; repeats: number };

export const $toasts = atom<Toast[]>([]);
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function showToast(message: string, kind: ToastKind = 'info', options: { durationMs?: number } = {}): number {
  const id = nextId++;
  const toasts = $toasts.get();
  const newest = toasts.at(-1);
  const repeated = newest && newest.message === message && newest.kind === kind ? newest : null;
  if (repeated) clearTimer(repeated.id);
  $toasts.set([...(repeated ? toasts.slice(0, -1) : toasts), { id, kind, message, repeats: (repeated?.repeats ?? 0) + 1 }]);
  if (options.durationMs !== undefined)
    timers.set(
      id,
      setTimeout(() => dismissToast(id), options.durationMs),
    );
  return id;
}

export function dismissToast(id: number): void {
  clearTimer(id);
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

export function dismissAllToasts(): void {
  for (const id of timers.keys()) clearTimer(id);
  $toasts.set([]);
}

function clearTimer(id: number) {
  clearTimeout(timers.get(id));
  timers.delete(id);
}
