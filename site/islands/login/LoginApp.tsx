/**
 * The login island (storefront spec §2 Login, §4 Login / Forgot password): credentials, method picker, code,
 * forgot password, and the recovery link's new-password step. Query words: as, redirect, recovery, logout.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type MfaOption, mfaCodeMaxLength, type SessionResponse, safeRedirect } from '../../../api/contract/login.ts';
import { api, isFailure } from '@kit/api.ts';
import { logout } from '@kit/session.ts';
import { $isLoggedIn, refreshCart } from '../../stores/cart.ts';
import { sendWithBotCheckIfAsked } from '../../lib/bot-check-retry.ts';

type Step = 'credentials' | 'methods' | 'code' | 'forgot' | 'sent' | 'opening' | 'new-password';
type Challenge = { mfaId: number; mfaType: MfaOption['type']; mfaDescription: string; mfaChallengeId: number };
type Props = { brandName: string; webmailUrl: string; helpCenterUrl: string };

const headings: Record<Step, string> = {
  credentials: 'Log in to your account',
  methods: 'Verify it’s you',
  code: 'Enter your security code',
  forgot: 'Reset your password',
  sent: 'Check Your Email',
  opening: 'Opening your reset link',
  'new-password': 'Choose a new password',
};

const methodNames: Record<MfaOption['type'], string> = { totp: 'Authenticator app', sms: 'Text message', email: 'Email' };

function codePrompt(challenge: Challenge): string {
  if (challenge.mfaType === 'totp') return 'Open your authenticator app and enter the 6-digit code it shows for your account.';
  return `We sent a 6-digit code (${challenge.mfaDescription.toLowerCase()}). It expires in 10 minutes.`;
}

export default function LoginApp({ brandName, webmailUrl }: Props) {
  const [step, setStep] = useState<Step>('credentials');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [redirect, setRedirect] = useState('/account');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The server-rendered form is inert until hydrated, so an early click never submits the password natively.
  const [ready, setReady] = useState(false);
  const [methods, setMethods] = useState<MfaOption[]>([]);
  const [chosen, setChosen] = useState<number | null>(null);
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // Read the query words once, in the browser.
  useEffect(() => {
    setReady(true);
    const params = new URLSearchParams(window.location.search);
    const target = safeRedirect(params.get('redirect'));
    setRedirect(target);
    const as = params.get('as');
    if (as) setEmail(as);
    if (params.get('logout') === 'true') setNotice('You have logged out.');
    const token = params.get('recovery');
    if (token) {
      // The link works once: drop it from the address bar so a reload does not spend a used token.
      params.delete('recovery');
      const rest = params.toString();
      window.history.replaceState(null, '', `/login${rest ? `?${rest}` : ''}`);
      void openRecovery(token);
      return;
    }
    void (async () => {
      // The cart answers every visitor with its logged-in flag (storefront spec §5): no 401 for an anonymous one.
      await refreshCart();
      if (!$isLoggedIn.get()) return;
      // /login?logout=true is where the header's Log Out link points: a signed-in visitor arriving there is
      // signed out (with the 3-second notice), not sent back to the account.
      if (params.get('logout') === 'true') await logout();
      else window.location.replace(target);
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at mount
  }, []);

  // Move focus to the new step's heading so keyboard and screen-reader users follow along.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  function go(next: Step) {
    setError(null);
    setStep(next);
  }

  function follow(answer: SessionResponse) {
    if (answer.mfas?.length) {
      setMethods(answer.mfas);
      setChosen(answer.mfas.length === 1 ? answer.mfas[0].mfaId : null);
      go('methods');
      return;
    }
    window.location.assign(safeRedirect(answer.redirect ?? redirect));
  }

  async function openRecovery(token: string) {
    setStep('opening');
    const answer = await api<SessionResponse>('/session', { method: 'POST', body: { type: 'recovery', token }, toast: false });
    if (isFailure(answer)) {
      setStep('credentials');
      setError(answer.message);
      return;
    }
    go('new-password');
  }

  async function submitCredentials(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setNotice(null);
    // An account under password guessing asks every sign-in for a bot check: solved here, out of the visitor's sight.
    const answer = await sendWithBotCheckIfAsked((recaptchaToken) =>
      api<SessionResponse>(`/session?postLoginUrl=${encodeURIComponent(redirect)}`, {
        method: 'POST',
        body: { email, password, ...(recaptchaToken ? { recaptchaToken } : {}) },
        toast: false,
      }),
    );
    setBusy(false);
    if (isFailure(answer)) {
      setError(answer.message);
      return;
    }
    setPassword('');
    follow(answer);
  }

  async function chooseMethod(event?: FormEvent) {
    event?.preventDefault();
    if (chosen == null) {
      setError('Choose a security method.');
      return;
    }
    setBusy(true);
    setError(null);
    const answer = await api<SessionResponse>('/session', { method: 'POST', body: { mfaId: chosen }, toast: false });
    setBusy(false);
    if (isFailure(answer)) {
      if (answer.status === 401) {
        go('credentials');
      }
      setError(answer.message);
      return;
    }
    setChallenge({
      mfaId: answer.mfaId ?? chosen,
      mfaType: answer.mfaType ?? 'totp',
      mfaDescription: answer.mfaDescription ?? '',
      mfaChallengeId: answer.mfaChallengeId ?? 0,
    });
    setCode('');
    go('code');
  }

  async function submitCode(event: FormEvent) {
    event.preventDefault();
    if (!challenge) return;
    if (!/^\d{1,6}$/.test(code)) {
      setError('Enter the code: digits only, at most 6.');
      return;
    }
    setBusy(true);
    setError(null);
    const answer = await api<SessionResponse>('/session', {
      method: 'POST',
      body: { mfaChallengeId: challenge.mfaChallengeId, mfaToken: code, mfaId: challenge.mfaId },
      toast: false,
    });
    if (isFailure(answer)) {
      setBusy(false);
      setCode('');
      if (answer.status === 401) go('credentials');
      setError(answer.message);
      return;
    }
    follow(answer);
  }

  async function submitForgot(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    // The proof-of-work solver loads only when someone asks for a reset link.
    const { getBotToken } = await import('../../lib/bot-check.ts');
    const recaptchaToken = await getBotToken();
    const answer = recaptchaToken
      ? await api<{ success: boolean }>('/session', { method: 'POST', body: { type: 'recovery', email, recaptchaToken }, toast: false })
      : { error: true as const, status: 0, message: 'Human verification failed. Please try again.' };
    setBusy(false);
    if (isFailure(answer)) {
      // Storefront spec §8: a failed reset request clears the email and returns to the form.
      setEmail('');
      setError(answer.message);
      return;
    }
    go('sent');
  }

  async function submitNewPassword(event: FormEvent) {
    event.preventDefault();
    if (newPassword !== confirmPassword) {
      setError('The two passwords do not match.');
      return;
    }
    setBusy(true);
    setError(null);
    const answer = await api<SessionResponse>('/users/0', { method: 'PATCH', body: { password: newPassword }, toast: false });
    setBusy(false);
    if (isFailure(answer)) {
      setError(answer.message);
      if (answer.status === 401 || answer.status === 403) go('forgot');
      return;
    }
    setNewPassword('');
    setConfirmPassword('');
    setNotice('Your password was changed.');
    follow(answer);
  }

  const errorBox = error && (
    <p className="login-error" role="alert">
      {error}
    </p>
  );

  return (
    <div className="login-card card">
      <h1 ref={headingRef} tabIndex={-1} className="login-title">
        {headings[step]}
      </h1>
      <div className="login-status" role="status" aria-live="polite">
        {notice && <p className="login-notice">{notice}</p>}
        {busy && step === 'forgot' && <p className="login-muted">Sending…</p>}
      </div>

      {step === 'credentials' && (
        <form method="post" onSubmit={submitCredentials}>
          {errorBox}
          <div className="field">
            <label htmlFor="login-email">Email</label>
            <input id="login-email" className="input" type="email" name="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="login-password">Password</label>
            <input
              id="login-password"
              className="input"
              type="password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          <button className="btn btn-primary login-submit" type="submit" disabled={busy || !ready}>
            {busy ? <span className="spinner" aria-hidden="true" /> : null} Log In
          </button>
          <button type="button" className="link-button" onClick={() => go('forgot')} disabled={!ready}>
            Forgot password?
          </button>
        </form>
      )}

      {step === 'methods' && (
        <form onSubmit={chooseMethod}>
          {errorBox}
          <fieldset className="method-list">
            <legend>Choose how to receive your security code</legend>
            {methods.map((m) => (
              <label key={m.mfaId} className={`method-option${chosen === m.mfaId ? ' is-chosen' : ''}`}>
                <input type="radio" name="mfa" value={m.mfaId} checked={chosen === m.mfaId} onChange={() => setChosen(m.mfaId)} />
                <span className="method-text">
                  <span className="method-type">{methodNames[m.type]}</span>
                  {m.description !== methodNames[m.type] && <span className="method-description">{m.description}</span>}
                </span>
              </label>
            ))}
          </fieldset>
          <button className="btn btn-primary login-submit" type="submit" disabled={busy}>
            Continue
          </button>
          <button type="button" className="link-button" onClick={() => go('credentials')}>
            Use a different account
          </button>
        </form>
      )}

      {step === 'code' && challenge && (
        <form onSubmit={submitCode}>
          <p className="login-muted">{codePrompt(challenge)}</p>
          {errorBox}
          <div className="field">
            <label htmlFor="login-code">Security code</label>
            <input
              id="login-code"
              className="input code-input"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d*"
              maxLength={mfaCodeMaxLength}
              required
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, mfaCodeMaxLength))}
            />
          </div>
          <button className="btn btn-primary login-submit" type="submit" disabled={busy || code.length === 0}>
            {busy ? <span className="spinner" aria-hidden="true" /> : null} Verify
          </button>
          <div className="login-links">
            <button type="button" className="link-button" onClick={() => go('methods')}>
              Choose another security method
            </button>
            {challenge.mfaType !== 'totp' && (
              <button type="button" className="link-button" onClick={() => void chooseMethod()} disabled={busy}>
                Send a new code
              </button>
            )}
          </div>
        </form>
      )}

      {step === 'forgot' && (
        <form onSubmit={submitForgot}>
          <p className="login-muted">Enter the email you use to log in. We will send you a link to choose a new password.</p>
          {errorBox}
          <div className="field">
            <label htmlFor="forgot-email">Email</label>
            <input id="forgot-email" className="input" type="email" name="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
          </div>
          <button className="btn btn-primary login-submit" type="submit" disabled={busy}>
            {busy ? <span className="spinner" aria-hidden="true" /> : null} {busy ? 'Sending…' : 'Send Reset Link'}
          </button>
          <button type="button" className="link-button" onClick={() => go('credentials')}>
            Back to log in
          </button>
        </form>
      )}

      {step === 'sent' && (
        <div>
          <p>
            If an account uses <strong>{email}</strong>, we have sent it a link to reset the password. The link works once and expires in one
            hour.
          </p>
          <button type="button" className="btn btn-secondary" onClick={() => go('credentials')}>
            Back to log in
          </button>
        </div>
      )}

      {step === 'opening' && (
        <p className="login-muted">
          <span className="spinner" aria-hidden="true" /> Checking your link…
        </p>
      )}

      {step === 'new-password' && (
        <form onSubmit={submitNewPassword}>
          <p className="login-muted">Your reset link is confirmed. Choose a new password of at least 8 characters.</p>
          {errorBox}
          <div className="field">
            <label htmlFor="new-password">New password</label>
            <input
              id="new-password"
              className="input"
              type="password"
              autoComplete="new-password"
              minLength={8}
              required
              value={newPassword}
              onChange={(e) => setNewPassword(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="confirm-password">Confirm new password</label>
            <input
              id="confirm-password"
              className="input"
              type="password"
              autoComplete="new-password"
              minLength={8}
              required
              value={confirmPassword}
              onChange={(e) => setConfirmPassword(e.target.value)}
            />
          </div>
          <button className="btn btn-primary login-submit" type="submit" disabled={busy}>
            Set New Password
          </button>
        </form>
      )}

      <p className="login-webmail">
        Looking for your email? <a href={webmailUrl}>Log in to {brandName} Webmail</a>
      </p>
    </div>
  );
}
