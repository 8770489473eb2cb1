/**
 * "Confirm it's you": the step a sensitive call asks for when it answers 403 `data.reauthRequired` (the session's
 * sign-in or last confirmation is over 15 minutes old; api/services/auth/recent-auth.ts). The holder confirms with their
 * password, a code from one of their two-factor methods, or a passkey (POST /api/session/confirm), and the call is
 * made again.
 *
 * Usage: wrap the call; nothing else to mount.
 *
 *   const answer = await withRecentAuth(() => apiClient.DELETE('/things/{id}', { params: { path: { id } }, toast: false }));
 *   if (isFailure(answer)) return answer; // cancelled, or the call's own failure
 *
 * `confirmIdentity()` alone opens the dialog and resolves true once confirmed, false when closed.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { MfaOption } from '../../api/contract/auth/login-schemas.ts';
import type { ConfirmChallenge, ConfirmChoices } from '../../api/contract/auth/mfa.ts';
import { type ApiFailure, isFailure } from './api.ts';
import { apiClient } from './api-client.ts';
import Modal from './Modal.tsx';
import { isReauthRequired } from './reauth-required.ts';

export const confirmCancelledMessage = 'Please confirm it’s you to continue.';

export { isReauthRequired };

let opened: Promise<boolean> | null = null;

/** Opens the dialog (once, however many calls ask at the same moment); true once the holder confirmed. */
export function confirmIdentity(): Promise<boolean> {
  opened ??= new Promise<boolean>((resolve) => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const finish = (confirmed: boolean) => {
      root.unmount();
      host.remove();
      opened = null;
      resolve(confirmed);
    };
    root.render(<ConfirmIdentity open onConfirmed={() => finish(true)} onCancel={() => finish(false)} />);
  });
  return opened;
}

/** Makes the call; when it needs a recent confirmation, asks for one and makes it again. */
export async function withRecentAuth<T>(call: () => Promise<T | ApiFailure>): Promise<T | ApiFailure> {
  const first = await call();
  if (!isReauthRequired(first)) return first;
  if (!(await confirmIdentity())) return { ...first, message: confirmCancelledMessage };
  return call();
}

const methodLabels: Record<MfaOption['type'], string> = {
  totp: 'Use your authenticator app',
  sms: 'Text me a code',
  email: 'Email me a code',
};

type Mode = { kind: 'password' } | { kind: 'code'; challenge: ConfirmChallenge };

export function ConfirmIdentity({ open, onConfirmed, onCancel }: { open: boolean; onConfirmed: () => void; onCancel: () => void }) {
  const [choices, setChoices] = useState<ConfirmChoices | null>(null);
  const [mode, setMode] = useState<Mode>({ kind: 'password' });
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    void apiClient.GET('/session/confirm', { toast: false }).then((answer) => {
      if (!isFailure(answer)) setChoices(answer);
    });
  }, [open]);

  async function attempt(work: () => Promise<unknown>) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await work();
      if (isFailure(answer)) {
        setError(answer.message);
        return;
      }
    } catch (caught) {
      // The browser's passkey prompt was dismissed or timed out.
      setError(
        (caught as Error).name === 'NotAllowedError' ? 'The passkey request was cancelled. Try again, or confirm another way.' : (caught as Error).message,
      );
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void attempt(async () => {
      const body =
        mode.kind === 'password' ? { password: value } : { mfaId: mode.challenge.mfaId, mfaChallengeId: mode.challenge.mfaChallengeId, mfaToken: value.trim() };
      const answer = await apiClient.POST('/session/confirm', { body, toast: false });
      if (!isFailure(answer)) onConfirmed();
      return answer;
    });
  }

  function chooseMethod(method: MfaOption) {
    void attempt(async () => {
      const answer = await apiClient.POST('/session/confirm', { body: { mfaId: method.mfaId }, toast: false });
      if (!isFailure(answer) && 'mfaChallengeId' in answer) {
        setValue('');
        setMode({ kind: 'code', challenge: answer });
      }
      return answer;
    });
  }

  function confirmWithPasskey() {
    void attempt(async () => {
      const options = await apiClient.POST('/session/passkeyOptions', { body: { purpose: 'confirm' }, toast: false });
      if (isFailure(options)) return options;
      // The WebAuthn helper loads only when someone confirms with a passkey.
      const { startAuthentication } = await import('@simplewebauthn/browser');
      type Options = Parameters<typeof startAuthentication>[0]['optionsJSON'];
      const passkey = await startAuthentication({ optionsJSON: options as unknown as Options });
      const answer = await apiClient.POST('/session/confirm', { body: { passkey }, toast: false });
      if (!isFailure(answer)) onConfirmed();
      return answer;
    });
  }

  const others = choices?.methods.filter((m) => mode.kind === 'password' || m.mfaId !== mode.challenge.mfaId) ?? [];
  return (
    <Modal open={open} title="Confirm it’s you" onClose={onCancel} dismissible={!busy}>
      <form className="confirm-identity" onSubmit={submit} noValidate aria-busy={busy}>
        {mode.kind === 'password' ? (
          <>
            <p>For your security, enter your password to continue.</p>
            <div className="field">
              <label htmlFor="confirm-identity-password">Password</label>
              <input
                id="confirm-identity-password"
                className="input"
                type="password"
                autoComplete="current-password"
                data-autofocus
                value={value}
                onChange={(e) => setValue(e.target.value)}
                aria-invalid={error ? true : undefined}
              />
            </div>
          </>
        ) : (
          <>
            <p>
              {mode.challenge.mfaType === 'totp'
                ? 'Enter the 6-digit code your authenticator app shows.'
                : `We sent a 6-digit code (${mode.challenge.mfaDescription.toLowerCase()}). It expires in 10 minutes.`}
            </p>
            <div className="field">
              <label htmlFor="confirm-identity-code">Security code</label>
              <input
                id="confirm-identity-code"
                className="input code-input"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                data-autofocus
                value={value}
                onChange={(e) => setValue(e.target.value.replace(/\D/g, '').slice(0, 6))}
                aria-invalid={error ? true : undefined}
              />
            </div>
          </>
        )}
        {error && (
          <p className="step-error" role="alert">
            {error}
          </p>
        )}
        <div className="step-actions">
          <button type="button" className="btn btn-ghost step-back" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy || value.length === 0 || (mode.kind === 'code' && value.length !== 6)}>
            {busy && <span className="spinner" aria-hidden="true" />}
            Confirm
          </button>
        </div>
        {(choices?.passkey || others.length > 0 || mode.kind === 'code') && (
          <div className="confirm-identity-others">
            <p className="confirm-identity-or">Or confirm another way</p>
            <div className="confirm-identity-choices">
              {choices?.passkey && (
                <button type="button" className="btn btn-secondary btn-sm" onClick={confirmWithPasskey} disabled={busy}>
                  Use a passkey
                </button>
              )}
              {mode.kind === 'code' && (
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  onClick={() => {
                    setValue('');
                    setError(null);
                    setMode({ kind: 'password' });
                  }}
                  disabled={busy}
                >
                  Use your password
                </button>
              )}
              {others.map((m) => (
                <button key={m.mfaId} type="button" className="btn btn-secondary btn-sm" onClick={() => chooseMethod(m)} disabled={busy}>
                  {methodLabels[m.type]}
                  {m.type !== 'totp' && <span className="visually-hidden"> ({m.description})</span>}
                </button>
              ))}
            </div>
          </div>
        )}
      </form>
    </Modal>
  );
}
