/**
 * Adding the second factor every staff member must have, right after enrolment (or at the first sign-in without
 * one): an authenticator app (scan the code, type the first code) or a passkey. No text messages for staff.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { mutate } from 'swr';
import { isFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';
import { TextField } from '@kit/Field.tsx';
import type { StaffSessionState, StaffTotpSetup } from '../../../../api/contract/staff/staff.ts';
import { paths } from '../../paths.ts';
import { sessionKey, useStaffSession } from '../../shell/session.ts';
import { AuthCard } from './AuthCard.tsx';
import { createPasskey, passkeyErrorMessage } from './passkey-browser.ts';

type Choice = 'pick' | 'totp';

export default function SecondFactorSetup() {
  const navigate = useNavigate();
  const { session, signedOut } = useStaffSession();
  const [choice, setChoice] = useState<Choice>('pick');
  const [setup, setSetup] = useState<StaffTotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (signedOut || session?.state === 'mfa') navigate(paths.signIn.href(), { replace: true });
    else if (session?.state === 'active') navigate(paths.home.href(), { replace: true });
  }, [session, signedOut, navigate]);

  async function done(answer: { next: StaffSessionState }) {
    await mutate(sessionKey);
    if (answer.next === 'active') navigate(paths.home.href(), { replace: true });
  }

  async function startTotp() {
    setBusy(true);
    setError(null);
    const answer = await apiClient.POST('/admin/session/totp', { toast: false });
    setBusy(false);
    if (isFailure(answer)) return setError(answer.message);
    setSetup(answer);
    setChoice('totp');
  }

  async function confirmTotp(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const answer = await apiClient.POST('/admin/session/totp/confirm', { body: { code }, toast: false });
    setBusy(false);
    if (isFailure(answer)) return setError(answer.message);
    await done(answer);
  }

  async function addPasskey() {
    setBusy(true);
    setError(null);
    try {
      const options = await apiClient.POST('/admin/session/passkeyRegistrationOptions', { toast: false });
      if (isFailure(options)) return setError(options.message);
      const passkey = await createPasskey(options);
      const answer = await apiClient.POST('/admin/session/passkeys', { body: { passkey, name: 'Passkey' }, toast: false });
      if (isFailure(answer)) return setError(answer.message);
      await done(answer);
    } catch (failure) {
      setError(passkeyErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  const errorBox = error && (
    <p className="form-error" role="alert">
      {error}
    </p>
  );

  if (choice === 'totp' && setup) {
    return (
      <AuthCard
        title="Scan with your authenticator app"
        lead="Use any authenticator app (1Password, Google Authenticator, Authy…), then type the code it shows."
      >
        {errorBox}
        <img className="qr" src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`} alt="QR code with your authenticator secret" />
        <p className="small muted">Can’t scan? Enter this key in the app:</p>
        <code className="secret">{setup.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
        <form onSubmit={confirmTotp} noValidate>
          <TextField
            label="Authentication code"
            hint="The 6-digit code your app shows now"
            className="input code-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            autoFocus
          />
          <button type="submit" className="btn btn-primary" disabled={busy || code.length !== 6}>
            Verify and finish
          </button>
        </form>
        <div className="auth-alt">
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => {
              setChoice('pick');
              setError(null);
            }}
          >
            Choose another way
          </button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Add your second factor" lead="Every staff member signs in with a second factor. Choose one; you can add the other later.">
      {errorBox}
      <div className="choice-list">
        <button type="button" className="choice" onClick={() => void startTotp()} disabled={busy}>
          <strong>Authenticator app</strong>
          <span>A 6-digit code from an app on your phone</span>
        </button>
        <button type="button" className="choice" onClick={() => void addPasskey()} disabled={busy}>
          <strong>Passkey</strong>
          <span>Your device’s fingerprint, face or screen lock, or a security key</span>
        </button>
      </div>
    </AuthCard>
  );
}
