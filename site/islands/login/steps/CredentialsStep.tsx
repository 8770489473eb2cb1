/** Step 1: email and password (storefront spec §2 Login), with the way to the forgot-password form. */
import type { FormEvent } from 'react';
import { signInWithPasskey, submitCredentials } from '../login-calls.ts';
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
      <p className="login-or">
        <span>or</span>
      </p>
      <button
        type="button"
        className="btn btn-secondary login-passkey"
        onClick={() => void signInWithPasskey(state, send)}
        disabled={state.busy || !state.ready}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="20"
          height="20"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M14.5 10.5a4.5 4.5 0 1 0-4.2 4.5L9 16.5V19H6.5v2.5H3V18l7.1-7.1M16 8h.01" />
        </svg>
        Sign in with a passkey
      </button>
    </form>
  );
}
