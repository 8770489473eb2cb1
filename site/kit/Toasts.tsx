/** Renders $toasts bottom-left; each stays until its close button is pressed. */
import { useStore } from '@nanostores/react';
import { $toasts, dismissToast } from './toasts.ts';

export default function Toasts() {
  const toasts = useStore($toasts);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : undefined}>
          <p>{toast.message}</p>
          <button type="button" aria-label="Close notification" onClick={() => dismissToast(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
