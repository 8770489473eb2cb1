/**
 * Staff sign-in: email and password (a bot check only after repeated failures on the email), then the second factor:
 * the authenticator app's code or a passkey. Staff without a factor yet go on to set one up.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { mutate } from 'swr';
import { isFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';
import { sendWithBotCheckIfAsked } from '@kit/bot-check-retry.ts';
import { TextField } from '@kit/Field.tsx';
import type { StaffSignInStep } from '../../../../api/contract/staff/staff.ts';
import { paths, safeAdminRedirect } from '../../paths.ts';
import { sessionKey, useStaffSession } from '../../shell/session.ts';
import { AuthCard } from './AuthCard.tsx';
import { passkeyErrorMessage, assertPasskey } from './passkey-browser.ts';

export default function SignIn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeAdminRedirect(params.get('redirect'));
  const { session } = useStaffSession();
  const [step, setStep] = useState<StaffSignInStep | null>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A lost authenticator app: a code by email stands in for it, then a new second factor is set up.
  const [emailSent, setEmailSent] = useState<string | null>(null);
  const [emailCode, setEmailCode] = useState('');

  // Already signed in (another tab): straight through; half-way (a reload at the code step): continue there.
  useEffect(() => {
    if (session?.state === 'active') navigate(redirect, { replace: true });
    else if (session?.state === 'enrol') navigate(paths.setup.href(), { replace: true });
    else if (session?.state === 'mfa' && !step) setStep({ next: 'mfa', factors: session.factors });
  }, [session, navigate, redirect, step]);

  async function finish(answer: StaffSignInStep) {
    await mutate(sessionKey);
    if (answer.next === 'active') navigate(redirect, { replace: true });
    else if (answer.next === 'enrol') navigate(paths.setup.href(), { replace: true });
    else setStep(answer);
  }

  async function submitPassword(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const answer = await sendWithBotCheckIfAsked((recaptchaToken) =>
      apiClient.POST('/admin/session', { body: { email, password, recaptchaToken }, toast: false }),
    );
    setBusy(false);
    if (isFailure(answer)) return setError(answer.message);
    setPassword('');
    await finish(answer);
  }

  /**
   * Back to the email and password. The pending sign-in is ended on the server and forgotten here first: while the
   * session check still says `mfa`, the effect above would bring the code step straight back.
   */
  async function startOver() {
    setEmailSent(null);
    setEmailCode('');
    setCode('');
    setError(null);
    await apiClient.DELETE('/admin/session', { toast: false });
    await mutate(sessionKey, undefined, { revalidate: false });
    setStep(null);
  }

  /** A code typed at the second-factor step: the app's (`/code`) or the emailed one (`/emailCode/verify`). */
  async function submitSecondFactor(event: FormEvent, code: { code: string } | { emailCode: string }) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const answer =
      'code' in code
        ? await apiClient.POST('/admin/session/code', { body: code, toast: false })
        : await apiClient.POST('/admin/session/emailCode/verify', { body: code, toast: false });
    setBusy(false);
    if (isFailure(answer)) {
      // 401: the pending sign-in has expired, and the message asks for the email and password again.
      if (answer.status === 401) await startOver();
      return setError(answer.message);
    }
    await finish(answer);
  }

  async function signInWithPasskey() {
    setBusy(true);
    setError(null);
    try {
      const options = await apiClient.POST('/admin/session/passkeyOptions', { toast: false });
      if (isFailure(options)) return setError(options.message);
      const passkey = await assertPasskey(options);
      const answer = await apiClient.POST('/admin/session/passkey', { body: { passkey }, toast: false });
      if (isFailure(answer)) return setError(answer.message);
      await finish(answer);
    } catch (failure) {
      setError(passkeyErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  async function sendEmailCode() {
    setBusy(true);
    setError(null);
    const answer = await apiClient.POST('/admin/session/emailCode', { toast: false });
    setBusy(false);
    if (isFailure(answer)) return setError(answer.message);
    setEmailSent(answer.message);
  }

  if (step?.next === 'mfa') {
    return (
      <AuthCard title="Verify it’s you" lead="Every staff sign-in needs your second factor.">
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {step.factors.totp && (
          <form onSubmit={(event) => void submitSecondFactor(event, { code })} noValidate>
            <TextField
              label="Authentication code"
              hint="The 6-digit code from your authenticator app"
              className="input code-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
              autoFocus
            />
            <button type="submit" className="btn btn-primary" disabled={busy || code.length !== 6}>
              Verify
            </button>
          </form>
        )}
        {step.factors.passkeys > 0 && (
          <div className="auth-alt">
            <button
              type="button"
              className={`btn ${step.factors.totp ? 'btn-secondary' : 'btn-primary'}`}
              onClick={() => void signInWithPasskey()}
              disabled={busy}
            >
              Use a passkey
            </button>
          </div>
        )}
        {step.factors.totp && !emailSent && (
          <div className="auth-alt">
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => void sendEmailCode()} disabled={busy}>
              Lost your authenticator app? Email me a code
            </button>
          </div>
        )}
        {emailSent && (
          <form onSubmit={(event) => void submitSecondFactor(event, { emailCode })} noValidate>
            <TextField
              label="Emailed code"
              hint={`${emailSent} Then set up your new authenticator app or a passkey.`}
              className="input code-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={emailCode}
              onChange={(event) => setEmailCode(event.target.value.replace(/\D/g, ''))}
            />
            <button type="submit" className="btn btn-secondary" disabled={busy || emailCode.length !== 6}>
              Use emailed code
            </button>
          </form>
        )}
        <div className="auth-alt">
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void startOver()}>
            Use another account
          </button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Sign in to the back office"
      lead={params.get('signedOut') ? 'You have signed out.' : 'Staff accounts only; customers sign in on the main site.'}
    >
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <form onSubmit={submitPassword} noValidate>
        <TextField
          label="Work email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
          autoFocus
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        <button type="submit" className="btn btn-primary" disabled={busy || !email || !password}>
          {busy ? 'Signing in…' : 'Continue'}
        </button>
      </form>
    </AuthCard>
  );
}
