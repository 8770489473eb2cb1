/**
 * update_login (spec §5 Login update): the login email, checked on the server 500 ms after typing stops, and an
 * optional new password checked the same way, entered twice. Saving needs the current password; it signs out every
 * other session and the old address is told.
 */
import { showToast } from '@kit/toasts.ts';
import { SuccessModal } from '@kit/ResultModals.tsx';
import { TextField } from '@kit/Field.tsx';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { accountExistsNotice, loginErrorMessage, loginSavedMessage } from '../../../../api/contract/accounts/account-info.ts';
import { paths } from '../../paths.ts';
import { useCurrentUser } from '../session/api.ts';
import { needsReauth, patchLogin } from './api.ts';
import { isPathAnswer, type ServerCheck, useServerCheck } from './use-server-check.ts';
import './account.css';

export default function UpdateLoginView() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading || !user) return <p role="status">Loading your login…</p>;
  return <LoginForm currentEmail={user.email} />;
}

function checkError(check: ServerCheck): React.ReactNode {
  if (check.state !== 'done' || check.answer.valid) return null;
  if (isPathAnswer(check.answer.msg)) {
    return (
      <>
        {accountExistsNotice.replace(/ Login$/, '')} <a href={check.answer.msg}>Login</a>
      </>
    );
  }
  return check.answer.msg;
}

function LoginForm({ currentEmail }: { currentEmail: string }) {
  const navigate = useNavigate();
  const [email, setEmail] = useState(currentEmail);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<React.ReactNode>(null);
  const [done, setDone] = useState(false);
  useEffect(() => setEmail(currentEmail), [currentEmail]);

  const trimmedEmail = email.trim().toLowerCase();
  const emailChanged = trimmedEmail !== currentEmail.toLowerCase();
  const emailCheck = useServerCheck('email', email, !emailChanged);
  const passwordCheck = useServerCheck('password', password, password === '');
  const emailValid = !emailChanged || (emailCheck.state === 'done' && emailCheck.answer.valid);
  const passwordValid = password === '' || (passwordCheck.state === 'done' && passwordCheck.answer.valid);
  const pairConsistent = password === confirm;
  const confirmError = confirm !== '' && !pairConsistent ? 'The passwords do not match' : null;
  const hasChange = emailChanged || password !== '';
  const canSave = hasChange && emailValid && passwordValid && pairConsistent && currentPassword !== '' && !saving;

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!canSave) return;
    setSaving(true);
    setFailure(null);
    const answer = await patchLogin({
      ...(emailChanged ? { email: trimmedEmail } : {}),
      ...(password ? { password } : {}),
      currentPassword,
    });
    setSaving(false);
    if ('error' in answer) {
      showToast(loginErrorMessage, 'error');
      setFailure(
        needsReauth(answer) ? (
          <>
            {answer.message}. <a href={paths.login.href(`${window.location.pathname}${window.location.search}`)}>Sign in again</a>
          </>
        ) : (
          answer.message
        ),
      );
      return;
    }
    setPassword('');
    setConfirm('');
    setCurrentPassword('');
    setDone(true);
  }

  return (
    <section className="card account-form" aria-labelledby="login-title">
      <Link className="back-link" to={paths.summary.href()}>
        ← Back to Summary
      </Link>
      <h2 id="login-title">Login Information</h2>
      <p className="lead">Change the email you sign in with, your password, or both. Other devices are signed out.</p>
      <form onSubmit={save} noValidate>
        <TextField
          label="Login email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={checkError(emailCheck)}
          hint={emailCheck.state === 'checking' ? 'Checking…' : emailChanged && emailValid ? 'This email is available.' : undefined}
        />
        <div className="form-grid">
          <TextField
            label="New password (optional)"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={checkError(passwordCheck)}
            hint={passwordCheck.state === 'checking' ? 'Checking…' : 'At least 8 characters. Leave empty to keep your password.'}
          />
          <TextField
            label="Re-enter new password"
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
            error={confirmError}
          />
        </div>
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
          hint="To confirm it is you."
        />
        {failure && (
          <p className="form-notice is-error" role="alert">
            {failure}
          </p>
        )}
        <div className="form-actions prefs-actions">
          <button type="submit" className="btn btn-primary" disabled={!canSave} aria-busy={saving || undefined}>
            {saving ? 'Saving…' : 'Save'}
          </button>
          <Link to={paths.summary.href()}>Cancel</Link>
        </div>
      </form>
      <SuccessModal open={done} message={loginSavedMessage} redirect={paths.summary.href()} navigate={navigate} onClose={() => setDone(false)} />
    </section>
  );
}
