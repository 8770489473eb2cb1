/**
 * Adding a two-factor method (control-panel spec §4 MFA: add, verify (sent with status active), verified): choose an
 * authenticator app, text messages or email; then the six-digit code from the app (after scanning its QR code) or
 * from the message; then done. Opened on `verifyMfa` to finish a method added earlier.
 */
import { isFailure } from '@kit/api.ts';
import { Field, TextField } from '@kit/Field.tsx';
import { type SteppedModalHandle, SteppedModal, type StepViews } from '@kit/SteppedModal.tsx';
import { finishView } from '@kit/step-views.ts';
import { showToast } from '@kit/toasts.ts';
import { useState } from 'react';
import { mfaCodeLength, mfaCodeMessage } from '../../../../api/contract/auth/login.ts';
import { addMethod, type MfaAdded, resendCode, verifyMethod } from './api.ts';
import { methodLabels } from './method-labels.ts';
import { RecoveryCodesList } from './RecoveryCodes.tsx';
import { TotpSetup } from './TotpQr.tsx';

export type AddMfaView = 'addMfa' | 'verifyMfa' | 'finishVerifyMfa';
type MethodType = MfaAdded['type'];

const choices: { type: MethodType; hint: string }[] = [
  { type: 'totp', hint: 'Codes from an app on your phone. Works offline; the safest choice.' },
  { type: 'sms', hint: 'We text a code to your phone when you sign in.' },
  { type: 'email', hint: 'We email a code to an address you choose.' },
];

function CodeField({ code, setCode, error }: { code: string; setCode: (value: string) => void; error: string | null }) {
  return (
    <Field label="6-digit code" error={error}>
      {(control) => (
        <input
          {...control}
          className="input code-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={mfaCodeLength}
          data-autofocus
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, mfaCodeLength))}
        />
      )}
    </Field>
  );
}

export function AddMfaModal({
  modal,
  method,
  setMethod,
}: {
  modal: SteppedModalHandle<AddMfaView>;
  method: MfaAdded | null;
  setMethod: (m: MfaAdded) => void;
}) {
  const [type, setType] = useState<MethodType>('totp');
  const [data, setData] = useState('');
  const [dataError, setDataError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [resending, setResending] = useState(false);

  async function add() {
    setDataError(null);
    // Phone parsing (libphonenumber-js) loads only when someone adds a phone.
    if (type === 'sms' && !(await import('../../../../api/contract/phone.ts')).toE164(data)) {
      setDataError(data.trim() ? 'Enter a valid phone number, like +1 415 555 0100' : 'Enter the phone number to text codes to');
      return undefined;
    }
    if (type === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(data.trim())) {
      setDataError(data.trim() ? 'Enter a valid email address' : 'Enter the email address to send codes to');
      return undefined;
    }
    const answer = await addMethod(type === 'totp' ? { type } : { type, data: data.trim() });
    if (isFailure(answer)) return answer;
    setMethod(answer);
    setCode('');
    setCodeError(null);
    return 'verifyMfa' as const;
  }

  async function verify() {
    if (!method) return undefined;
    if (code.length !== mfaCodeLength) {
      setCodeError(mfaCodeMessage);
      return undefined;
    }
    setCodeError(null);
    const answer = await verifyMethod(method.mfaId, code);
    if (isFailure(answer)) {
      setCode('');
      return answer;
    }
    setMethod({ ...method, ...answer });
    return 'finishVerifyMfa' as const;
  }

  async function resend() {
    if (!method) return;
    setResending(true);
    const answer = await resendCode(method.mfaId);
    setResending(false);
    if (isFailure(answer)) showToast(answer.message, 'error');
    else showToast('We sent a new code.', 'success', { durationMs: 4000 });
  }

  const views: StepViews<AddMfaView> = {
    addMfa: {
      title: 'Add a Two-Factor Method',
      body: (
        <>
          <fieldset className="mfa-choices">
            <legend>How do you want to get your codes?</legend>
            {choices.map((choice) => (
              <label key={choice.type} className={`mfa-choice${type === choice.type ? ' is-chosen' : ''}`}>
                <input
                  type="radio"
                  name="mfa-type"
                  value={choice.type}
                  checked={type === choice.type}
                  onChange={() => {
                    setType(choice.type);
                    setData('');
                    setDataError(null);
                  }}
                />
                <span>
                  <span className="mfa-choice-title">{methodLabels[choice.type]}</span>
                  <span className="mfa-choice-hint">{choice.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {type === 'sms' && (
            <TextField
              label="Phone number"
              type="tel"
              autoComplete="tel"
              value={data}
              onChange={(e) => setData(e.target.value)}
              error={dataError}
              hint="Include the country code if you are outside the US."
            />
          )}
          {type === 'email' && (
            <TextField label="Email address" type="email" autoComplete="email" value={data} onChange={(e) => setData(e.target.value)} error={dataError} />
          )}
        </>
      ),
      actions: [{ label: 'Continue', run: add }],
    },
    verifyMfa: {
      title: 'Verify Your Method',
      body: method && (
        <>
          {method.type === 'totp' && method.$totpUrl ? (
            <TotpSetup totpUrl={method.$totpUrl} />
          ) : (
            <p>
              We sent a 6-digit code to <strong>{method.description.replace(/^(Text message|Email) to /, '')}</strong>. It expires in 10 minutes.
            </p>
          )}
          <CodeField code={code} setCode={setCode} error={codeError} />
          {method.type !== 'totp' && (
            <button type="button" className="link-action" onClick={() => void resend()} disabled={resending || modal.pending}>
              Send a new code
            </button>
          )}
        </>
      ),
      actions: [{ label: 'Verify', run: verify }],
    },
    finishVerifyMfa: finishView<AddMfaView>({
      title: 'Two-Factor Method Verified',
      body: method && (
        <>
          <p>
            {methodLabels[method.type]} ({method.description}) is on. We’ll ask for a code from it, or from any of your other methods, when you sign in.
          </p>
          {method.$recoveryCodes && <RecoveryCodesList codes={method.$recoveryCodes} />}
        </>
      ),
    }),
  };
  return <SteppedModal modal={modal} views={views} />;
}
