/**
 * A signed-in staff member's own second factors: replace the authenticator app or add a passkey. Both ask for a code
 * from the current app first (the API refuses either without it), and the member is emailed after each change.
 */
import { type FormEvent, useState } from 'react';
import { api, isFailure } from '@kit/api.ts';
import { TextField } from '@kit/Field.tsx';
import type { StaffTotpSetup } from '../../../../api/contract/staff/staff.ts';
import { createPasskey, passkeyErrorMessage } from './passkey-browser.ts';

type Notice = { ok: boolean; text: string } | null;

const codeInput = (value: string) => value.replace(/\D/g, '').slice(0, 6);

export default function SignInSecurity() {
  const [setup, setSetup] = useState<StaffTotpSetup | null>(null);
  const [currentCode, setCurrentCode] = useState('');
  const [newCode, setNewCode] = useState('');
  const [passkeyCode, setPasskeyCode] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  async function startReplace() {
    setBusy(true);
    setNotice(null);
    const answer = await api<StaffTotpSetup>('/admin/session/totp', { method: 'POST', toast: false });
    setBusy(false);
    if (isFailure(answer)) return setNotice({ ok: false, text: answer.message });
    setSetup(answer);
  }

  async function confirmReplace(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setNotice(null);
    const answer = await api('/admin/session/totp/confirm', { method: 'POST', body: { code: newCode, currentCode }, toast: false });
    setBusy(false);
    if (isFailure(answer)) return setNotice({ ok: false, text: answer.message });
    setSetup(null);
    setCurrentCode('');
    setNewCode('');
    setNotice({ ok: true, text: 'Your authenticator app was replaced. We emailed you about the change.' });
  }

  async function addPasskey(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setNotice(null);
    try {
      const options = await api<Parameters<typeof createPasskey>[0]>('/admin/session/passkeyRegistrationOptions', {
        method: 'POST',
        body: { currentCode: passkeyCode },
        toast: false,
      });
      if (isFailure(options)) return setNotice({ ok: false, text: options.message });
      const passkey = await createPasskey(options);
      const answer = await api('/admin/session/passkeys', { method: 'POST', body: { passkey, name: 'Passkey' }, toast: false });
      if (isFailure(answer)) return setNotice({ ok: false, text: answer.message });
      setPasskeyCode('');
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
            Replace authenticator app
          </button>
        ) : (
          <form onSubmit={confirmReplace} noValidate>
            <img className="qr" src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`} alt="QR code with your new authenticator secret" />
            <p className="small muted">Can’t scan? Enter this key in the new app:</p>
            <code className="secret">{setup.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
            <TextField
              label="Code from your current app"
              className="input code-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={currentCode}
              onChange={(event) => setCurrentCode(codeInput(event.target.value))}
            />
            <TextField
              label="Code from the new app"
              className="input code-input"
              inputMode="numeric"
              autoComplete="off"
              value={newCode}
              onChange={(event) => setNewCode(codeInput(event.target.value))}
            />
            <button type="submit" className="btn btn-primary" disabled={busy || currentCode.length !== 6 || newCode.length !== 6}>
              Replace
            </button>
          </form>
        )}
      </section>
      <section className="panel" aria-labelledby="add-passkey">
        <h2 id="add-passkey">Passkeys</h2>
        <form onSubmit={addPasskey} noValidate>
          <TextField
            label="Code from your authenticator app"
            hint="Adding a passkey needs a code from your current app"
            className="input code-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={passkeyCode}
            onChange={(event) => setPasskeyCode(codeInput(event.target.value))}
          />
          <button type="submit" className="btn" disabled={busy || passkeyCode.length !== 6}>
            Add a passkey
          </button>
        </form>
      </section>
    </div>
  );
}
