/** Step 2 without the second factor: one of the recovery codes made with it (issue #25). */
import type { FormEvent } from 'react';
import { submitRecoveryCode } from '../login-calls.ts';
import type { StepProps } from '../login-state.ts';
import { LoginError } from './LoginError.tsx';

export function RecoveryCodeStep({ state, send }: StepProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void submitRecoveryCode(state, send);
  };
  return (
    <form onSubmit={submit}>
      <p className="login-muted">Enter one of the recovery codes you saved when you turned on two-factor authentication. Each code works once.</p>
      <LoginError message={state.error} />
      <div className="field">
        <label htmlFor="login-recovery-code">Recovery code</label>
        <input
          id="login-recovery-code"
          className="input code-input"
          name="recoveryCode"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="xxxx-xxxx-xxxx-xxxx"
          maxLength={64}
          required
          value={state.recoveryCode}
          onChange={(e) => send({ type: 'type', field: 'recoveryCode', value: e.target.value })}
        />
      </div>
      <button className="btn btn-primary login-submit" type="submit" disabled={state.busy || !state.recoveryCode.trim()}>
        {state.busy ? <span className="spinner" aria-hidden="true" /> : null} Sign In
      </button>
      <div className="login-links">
        <button type="button" className="link-button" onClick={() => send({ type: 'go', step: 'methods' })}>
          Use a security method instead
        </button>
      </div>
    </form>
  );
}
