/**
 * Toasts shared by every island and the account app: bottom-left, they stay until closed, except the few the spec
 * times (the control panel's "Copied!" shows for 3 s).
 */
import { atom } from 'nanostores';

export type ToastKind = 'error' | 'warning' | 'info' | 'success';
export type Toast = { id: number; kind: ToastKind; message: string };

export const $toasts = atom<Toast[]>([]);
let nextId = 1;

export function showToast(message: string, kind: ToastKind = 'info', options: { durationMs?: number } = {}): number {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { id, kind, message }]);
  if (options.durationMs !== undefined) setTimeout(() => dismissToast(id), options.durationMs);
  return id;
}

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}
