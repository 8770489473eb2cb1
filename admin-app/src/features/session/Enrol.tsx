/**
 * The enrolment link (`/admin/enrol#<token>`, printed by `npm run admin -- create-staff` or emailed with an
 * invitation): whom it is for, then a name and a password; the second factor comes next (SecondFactorSetup).
 */
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { mutate } from 'swr';
import { isFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';
import { TextField } from '@kit/Field.tsx';
import { staffRoleLabels } from '../../../../api/contract/staff/roles.ts';
import type { StaffEnrolmentView } from '../../../../api/contract/staff/staff.ts';
import { paths } from '../../paths.ts';
import { sessionKey } from '../../shell/session.ts';
import { AuthCard } from './AuthCard.tsx';

const minPassword = 12;

export default function Enrol() {
  const navigate = useNavigate();
  const [token] = useState(() => window.location.hash.slice(1));
  const [invite, setInvite] = useState<StaffEnrolmentView | null>(null);
  const [linkError, setLinkError] = useState<string | null>(
    token ? null : 'This enrolment link is incomplete. Open the whole link from your email, or ask an owner for a new one.',
  );
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // The token leaves the address bar (and the history) once read.
    if (window.location.hash) window.history.replaceState(null, '', window.location.pathname);
    if (!token) return;
    void apiClient.POST('/admin/enrolment/check', { body: { token }, toast: false }).then((answer) => {
      if (isFailure(answer)) setLinkError(answer.message);
      else {
        setInvite(answer);
        setName(answer.name);
      }
    });
  }, [token]);

  const tooShort = password.length > 0 && password.length < minPassword;
  const mismatch = repeat.length > 0 && repeat !== password;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password.length < minPassword || password !== repeat) return;
    setBusy(true);
    setError(null);
    const answer = await apiClient.POST('/admin/enrolment', { body: { token, name, password }, toast: false });
    setBusy(false);
    if (isFailure(answer)) return setError(answer.message);
    await mutate(sessionKey);
    navigate(paths.setup.href(), { replace: true });
  }

  if (linkError) {
    return (
      <AuthCard title="This link does not work">
        <p className="form-error" role="alert">
          {linkError}
        </p>
        <a className="btn btn-secondary" href={paths.signIn.href()}>
          Go to sign in
        </a>
      </AuthCard>
    );
  }
  if (!invite) {
    return (
      <AuthCard title="Checking your invitation…">
        <p role="status" className="muted">
          One moment.
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Set up your staff account"
      lead={
        <>
          You are joining as <strong>{staffRoleLabels[invite.role].label}</strong> with <strong>{invite.email}</strong>. Choose a password; you will add a
          second factor next.
        </>
      }
    >
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <form onSubmit={submit} noValidate>
        <input type="email" name="username" autoComplete="username" value={invite.email} readOnly hidden />
        <TextField label="Your name" autoComplete="name" value={name} onChange={(event) => setName(event.target.value)} required />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${minPassword} characters`}
          error={tooShort ? `Use at least ${minPassword} characters` : null}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        <TextField
          label="Repeat the password"
          type="password"
          autoComplete="new-password"
          error={mismatch ? 'The passwords do not match' : null}
          value={repeat}
          onChange={(event) => setRepeat(event.target.value)}
          required
        />
        <button type="submit" className="btn btn-primary" disabled={busy || !name.trim() || password.length < minPassword || password !== repeat}>
          {busy ? 'Saving…' : 'Continue'}
        </button>
      </form>
    </AuthCard>
  );
}
