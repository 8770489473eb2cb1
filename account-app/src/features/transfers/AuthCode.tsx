/** An auth code shown for the customer to copy, with how long it stays valid (Transfer AWAY and the unlocked view). */
import { DateText } from '@kit/DateText.tsx';
import { showToast } from '@kit/toasts.ts';
import { useRef } from 'react';

async function copyText(text: string, fallback: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API refused (permissions, an old browser): copy the selected field instead.
    if (!fallback) return false;
    fallback.select();
    return document.execCommand('copy');
  }
}

export function AuthCode({ code, expires }: { code: string; expires: string | null }) {
  const field = useRef<HTMLInputElement>(null);
  return (
    <div className="auth-code">
      <label className="auth-code-label" htmlFor="auth-code-value">
        Auth code
      </label>
      <div className="auth-code-row">
        <input ref={field} id="auth-code-value" className="input auth-code-value" readOnly value={code} onFocus={(e) => e.currentTarget.select()} />
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={async () => {
            if (await copyText(code, field.current)) showToast('Copied!', 'success', { durationMs: 3000 });
          }}
        >
          Copy
        </button>
      </div>
      {expires && (
        <p className="muted small">
          Valid until <DateText value={expires} />; after that the domain locks itself again.
        </p>
      )}
    </div>
  );
}
