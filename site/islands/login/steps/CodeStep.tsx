/** Step 3: the security code for the chosen method: digits only, six at most (storefront spec §5 Login). */
import type { FormEvent } from 'react';
import { mfaCodeMaxLength } from '../../../../api/contract/auth/login.ts';
import { chooseMethod, submitCode } from '../login-calls.ts';
import type { Challenge, StepProps } from '../login-state.ts';
import { LoginError } from './LoginError.tsx';

function codePrompt(challenge: Challenge): string {
  if (challenge.mfaType === 'totp') return 'Open your authenticator app and enter the 6-digit code it shows for your account.';
  return `We sent a 6-digit code (${challenge.mfaDescription.toLowerCase()}). It expires in 10 minutes.`;
}

export function CodeStep({ state, send }: StepProps) {
  const { challenge, busy, code } = state;
  if (!challenge) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void submitCode(state, send);
  };
  return (
    <form onSubmit={submit}>
      <p className="login-muted">{codePrompt(challenge)}</p>
      <LoginError message={state.error} />
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
          onChange={(e) => send({ type: 'type', field: 'code', value: e.target.value.replace(/\D/g, '').slice(0, mfaCodeMaxLength) })}
        />
      </div>
      <button className="btn btn-primary login-submit" type="submit" disabled={busy || code.length === 0}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null} Verify
      </button>
      <div className="login-links">
        <button type="button" className="link-button" onClick={() => send({ type: 'go', step: 'methods' })}>
          Choose another security method
        </button>
        {challenge.mfaType !== 'totp' && (
          <button type="button" className="link-button" onClick={() => void chooseMethod(state, send)} disabled={busy}>
            Send a new code
          </button>
        )}
      </div>
    </form>
  );
}
