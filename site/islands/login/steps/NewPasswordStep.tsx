/** A confirmed recovery link: the new password, typed twice. */
import type { FormEvent } from 'react';
import { submitNewPassword } from '../login-calls.ts';
import type { StepProps } from '../login-state.ts';
import { LoginError } from './LoginError.tsx';

export function NewPasswordStep({ state, send }: StepProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void submitNewPassword(state, send);
  };
  return (
    <form onSubmit={submit}>
      <p className="login-muted">Your reset link is confirmed. Choose a new password of at least 8 characters.</p>
      <LoginError message={state.error} />
      <div className="field">
        <label htmlFor="new-password">New password</label>
        <input
          id="new-password"
          className="input"
          type="password"
          autoComplete="new-password"
          minLength={8}
          required
          value={state.newPassword}
          onChange={(e) => send({ type: 'type', field: 'newPassword', value: e.target.value })}
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
          value={state.confirmPassword}
          onChange={(e) => send({ type: 'type', field: 'confirmPassword', value: e.target.value })}
        />
      </div>
      <button className="btn btn-primary login-submit" type="submit" disabled={state.busy}>
        Set New Password
      </button>
    </form>
  );
}
