/** Step 2: the second-factor method picker, shown when the password answer lists methods (storefront spec §4 Login). */
import type { FormEvent } from 'react';
import type { MfaOption } from '../../../../api/contract/auth/login-schemas.ts';
import { chooseMethod, signInWithPasskey } from '../login-calls.ts';
import type { StepProps } from '../login-state.ts';
import { LoginError } from './LoginError.tsx';

export const methodNames: Record<MfaOption['type'], string> = { totp: 'Authenticator app', sms: 'Text message', email: 'Email' };

export function MethodsStep({ state, send }: StepProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void chooseMethod(state, send);
  };
  return (
    <form onSubmit={submit}>
      <LoginError message={state.error} />
      {state.methods.length === 0 && <p className="login-muted">Use your passkey to finish signing in.</p>}
      {state.methods.length > 0 && (
        <fieldset className="method-list">
          <legend>Choose how to receive your security code</legend>
          {state.methods.map((m) => (
            <label key={m.mfaId} className={`method-option${state.chosen === m.mfaId ? ' is-chosen' : ''}`}>
              <input type="radio" name="mfa" value={m.mfaId} checked={state.chosen === m.mfaId} onChange={() => send({ type: 'choose', mfaId: m.mfaId })} />
              <span className="method-text">
                <span className="method-type">{methodNames[m.type]}</span>
                {m.description !== methodNames[m.type] && <span className="method-description">{m.description}</span>}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {state.methods.length > 0 && (
        <button className="btn btn-primary login-submit" type="submit" disabled={state.busy}>
          Continue
        </button>
      )}
      {state.passkey && (
        <button
          type="button"
          className={`btn ${state.methods.length > 0 ? 'btn-secondary' : 'btn-primary'} login-submit`}
          onClick={() => void signInWithPasskey(state, send)}
          disabled={state.busy}
        >
          {state.methods.length > 0 ? 'Use a passkey instead' : 'Use a passkey'}
        </button>
      )}
      <div className="login-links">
        {state.recoveryCodes && (
          <button type="button" className="link-button" onClick={() => send({ type: 'go', step: 'recovery-code' })}>
            Lost your second factor? Use a recovery code
          </button>
        )}
        <button type="button" className="link-button" onClick={() => send({ type: 'go', step: 'credentials' })}>
          Use a different account
        </button>
      </div>
    </form>
  );
}
