/** Step 1: email and password (storefront spec §2 Login), with the way to the forgot-password form. */
import type { FormEvent } from 'react';
import { submitCredentials } from '../login-calls.ts';
import type { StepProps } from '../login-state.ts';
import { LoginError } from './LoginError.tsx';

export function CredentialsStep({ state, send }: StepProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void submitCredentials(state, send);
  };
  return (
    <form method="post" onSubmit={submit}>
      <LoginError message={state.error} />
      <div className="field">
        <label htmlFor="login-email">Email</label>
        <input
          id="login-email"
          className="input"
          type="email"
          name="email"
          autoComplete="username"
          required
          value={state.email}
          onChange={(e) => send({ type: 'type', field: 'email', value: e.target.value })}
        />
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
          value={state.password}
          onChange={(e) => send({ type: 'type', field: 'password', value: e.target.value })}
        />
      </div>
      <button className="btn btn-primary login-submit" type="submit" disabled={state.busy || !state.ready}>
        {state.busy ? <span className="spinner" aria-hidden="true" /> : null} Log In
      </button>
      <button type="button" className="link-button" onClick={() => send({ type: 'go', step: 'forgot' })} disabled={!state.ready}>
        Forgot password?
      </button>
    </form>
  );
}
