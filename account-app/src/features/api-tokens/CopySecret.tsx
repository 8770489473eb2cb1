/** The new token's secret in a read-only monospace field with a Copy button that says "Copied!" for a moment. */
import { useEffect, useId, useRef, useState } from 'react';

export function CopySecret({ secret }: { secret: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
    } catch {
      // No clipboard permission (an http page, an old browser): select it for Ctrl+C.
      field.current?.select();
      document.execCommand?.('copy');
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), 2000);
  }

  return (
    <div className="field">
      <label htmlFor={id}>API token</label>
      <div className="token-secret">
        <input ref={field} id={id} className="input token-secret-value" readOnly value={secret} spellCheck={false} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className={`btn ${copied ? 'btn-secondary is-copied' : 'btn-primary'}`} onClick={() => void copy()} aria-live="polite">
          {copied ? 'Copied!' : 'Copy'}
        </button>
      </div>
    </div>
  );
}
