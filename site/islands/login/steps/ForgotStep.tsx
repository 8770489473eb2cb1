/** Forgot password: the email a reset link goes to (storefront spec §4 Forgot password). */
import type { FormEvent } from 'react';
import { requestResetLink } from '../login-calls.ts';
import type { StepProps } from '../login-state.ts';
import { LoginError } from './LoginError.tsx';

export function ForgotStep({ state, send }: StepProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void requestResetLink(state, send);
  };
  return (
    <form onSubmit={submit}>
      <p className="login-muted">Enter the email you use to log in. We will send you a link to choose a new password.</p>
      <LoginError message={state.error} />
      <div className="field">
        <label htmlFor="forgot-email">Email</label>
        <input
          id="forgot-email"
          className="input"
          type="email"
          name="email"
          autoComplete="username"
          required
          value={state.email}
          onChange={(e) => send({ type: 'type', field: 'email', value: e.target.value })}
        />
      </div>
      <button className="btn btn-primary login-submit" type="submit" disabled={state.busy}>
        {state.busy ? <span className="spinner" aria-hidden="true" /> : null} {state.busy ? 'Sending…' : 'Send Reset Link'}
      </button>
      <button type="button" className="link-button" onClick={() => send({ type: 'go', step: 'credentials' })}>
        Back to log in
      </button>
    </form>
  );
}
