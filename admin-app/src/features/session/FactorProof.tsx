/**
 * How a signed-in staff member proves it is them before changing their second factors: a code from their current
 * authenticator app, or (no app, as a member who signs in with a passkey only) their password and a code we email.
 * The API accepts either; the member can switch between them.
 */
import { useState } from 'react';
import { isFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';
import { TextField } from '@kit/Field.tsx';

export type Proof = { mode: 'app' | 'email'; currentCode: string; password: string; emailCode: string };

export const emptyProof = (hasApp: boolean): Proof => ({ mode: hasApp ? 'app' : 'email', currentCode: '', password: '', emailCode: '' });

const codeInput = (value: string) => value.replace(/\D/g, '').slice(0, 6);

/** The body fields the API takes for this proof. */
export function proofBody(proof: Proof): { currentCode: string } | { password: string; emailCode: string } {
  return proof.mode === 'app' ? { currentCode: proof.currentCode } : { password: proof.password, emailCode: proof.emailCode };
}

export function proofReady(proof: Proof): boolean {
  return proof.mode === 'app' ? proof.currentCode.length === 6 : proof.password.length > 0 && proof.emailCode.length === 6;
}

export function FactorProof({ id, proof, onChange, hasApp }: { id: string; proof: Proof; onChange: (proof: Proof) => void; hasApp: boolean }) {
  const [sent, setSent] = useState<{ ok: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  async function sendCode() {
    setSending(true);
    const answer = await apiClient.POST('/admin/session/emailCode', { toast: false });
    setSending(false);
    setSent(isFailure(answer) ? { ok: false, text: answer.message } : { ok: true, text: answer.message });
  }

  if (proof.mode === 'app') {
    return (
      <>
        <TextField
          label="Code from your current app"
          className="input code-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={proof.currentCode}
          onChange={(event) => onChange({ ...proof, currentCode: codeInput(event.target.value) })}
        />
        <button type="button" className="link-button small" onClick={() => onChange({ ...proof, mode: 'email' })}>
          No app at hand? Use your password and a code we email you
        </button>
      </>
    );
  }
  return (
    <fieldset className="factor-proof" aria-describedby={`${id}-why`}>
      <legend className="small">Prove it is you</legend>
      <p id={`${id}-why`} className="small muted">
        Enter your password and a code we email you.
      </p>
      <TextField
        label="Your password"
        type="password"
        autoComplete="current-password"
        value={proof.password}
        onChange={(event) => onChange({ ...proof, password: event.target.value })}
      />
      <button type="button" className="btn" onClick={() => void sendCode()} disabled={sending}>
        Email me a code
      </button>
      {sent && (
        <p className={sent.ok ? 'form-notice' : 'form-error'} role={sent.ok ? 'status' : 'alert'}>
          {sent.text}
        </p>
      )}
      <TextField
        label="Code we emailed you"
        className="input code-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={proof.emailCode}
        onChange={(event) => onChange({ ...proof, emailCode: codeInput(event.target.value) })}
      />
      {hasApp && (
        <button type="button" className="link-button small" onClick={() => onChange({ ...proof, mode: 'app' })}>
          Use a code from your app instead
        </button>
      )}
    </fieldset>
  );
}
