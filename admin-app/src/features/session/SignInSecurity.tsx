/**
 * A signed-in staff member's own second factors: replace (or, signing in with a passkey only, add) the authenticator
 * app, or add a passkey. Both ask for a proof first (the API refuses either without one): a code from the current app,
 * or the password and a code we email; the member is emailed after each change.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { isFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';
import { TextField } from '@kit/Field.tsx';
import type { StaffTotpSetup } from '../../../../api/contract/staff/staff.ts';
import { useStaffSession } from '../../shell/session.ts';
import { emptyProof, FactorProof, type Proof, proofBody, proofReady } from './FactorProof.tsx';
import { createPasskey, passkeyErrorMessage } from './passkey-browser.ts';

type Notice = { ok: boolean; text: string } | null;

const codeInput = (value: string) => value.replace(/\D/g, '').slice(0, 6);

export default function SignInSecurity() {
  const { session, mutate } = useStaffSession();
  const hasApp = session?.factors.totp ?? true;
  const [setup, setSetup] = useState<StaffTotpSetup | null>(null);
  const [appProof, setAppProof] = useState<Proof>(() => emptyProof(hasApp));
  const [newCode, setNewCode] = useState('');
  const [passkeyProof, setPasskeyProof] = useState<Proof>(() => emptyProof(hasApp));
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  // No app to take a code from (a member who signs in with a passkey only): the password and an emailed code.
  useEffect(() => {
    if (hasApp) return;
    setAppProof((proof) => ({ ...proof, mode: 'email' }));
    setPasskeyProof((proof) => ({ ...proof, mode: 'email' }));
  }, [hasApp]);

  async function startReplace() {
    setBusy(true);
    setNotice(null);
    const answer = await apiClient.POST('/admin/session/totp', { toast: false });
    setBusy(false);
    if (isFailure(answer)) return setNotice({ ok: false, text: answer.message });
    setSetup(answer);
  }

  async function confirmReplace(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setNotice(null);
    const answer = await apiClient.POST('/admin/session/totp/confirm', { body: { code: newCode, ...proofBody(appProof) }, toast: false });
    setBusy(false);
    if (isFailure(answer)) return setNotice({ ok: false, text: answer.message });
    setSetup(null);
    setAppProof(emptyProof(true));
    setNewCode('');
    setNotice({ ok: true, text: `Your authenticator app was ${hasApp ? 'replaced' : 'added'}. We emailed you about the change.` });
    void mutate();
  }

  async function addPasskey(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setNotice(null);
    try {
      const options = await apiClient.POST('/admin/session/passkeyRegistrationOptions', { body: proofBody(passkeyProof), toast: false });
      if (isFailure(options)) return setNotice({ ok: false, text: options.message });
      const passkey = await createPasskey(options);
      const answer = await apiClient.POST('/admin/session/passkeys', { body: { passkey, name: 'Passkey' }, toast: false });
      if (isFailure(answer)) return setNotice({ ok: false, text: answer.message });
      setPasskeyProof(emptyProof(hasApp));
      setNotice({ ok: true, text: 'Your passkey was added. We emailed you about the change.' });
    } catch (failure) {
      setNotice({ ok: false, text: passkeyErrorMessage(failure) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="page">
      <h1>Your sign-in</h1>
      {notice && (
        <p className={notice.ok ? 'form-notice' : 'form-error'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      )}
      <section className="panel" aria-labelledby="replace-app">
        <h2 id="replace-app">Authenticator app</h2>
        {!setup ? (
          <button type="button" className="btn" onClick={() => void startReplace()} disabled={busy}>
            {hasApp ? 'Replace authenticator app' : 'Add an authenticator app'}
          </button>
        ) : (
          <form onSubmit={confirmReplace} noValidate>
            <img className="qr" src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`} alt="QR code with your new authenticator secret" />
            <p className="small muted">Can’t scan? Enter this key in the new app:</p>
            <code className="secret">{setup.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
            <FactorProof id="app-proof" proof={appProof} onChange={setAppProof} hasApp={hasApp} />
            <TextField
              label="Code from the new app"
              className="input code-input"
              inputMode="numeric"
              autoComplete="off"
              value={newCode}
              onChange={(event) => setNewCode(codeInput(event.target.value))}
            />
            <button type="submit" className="btn btn-primary" disabled={busy || !proofReady(appProof) || newCode.length !== 6}>
              {hasApp ? 'Replace' : 'Add'}
            </button>
          </form>
        )}
      </section>
      <section className="panel" aria-labelledby="add-passkey">
        <h2 id="add-passkey">Passkeys</h2>
        <form onSubmit={addPasskey} noValidate>
          <FactorProof id="passkey-proof" proof={passkeyProof} onChange={setPasskeyProof} hasApp={hasApp} />
          <button type="submit" className="btn" disabled={busy || !proofReady(passkeyProof)}>
            Add a passkey
          </button>
        </form>
      </section>
    </div>
  );
}
