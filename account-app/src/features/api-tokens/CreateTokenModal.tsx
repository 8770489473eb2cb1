/**
 * Creating an API token (issue #15): its name, scopes, expiry and allowed IP ranges; then a fresh second factor (a
 * code from one of the account's methods, or a passkey), sent with the creation itself; then the secret, shown this
 * once. Closing the modal forgets the secret.
 */
import { isFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';
import { Field, TextField } from '@kit/Field.tsx';
import { type SteppedModalHandle, SteppedModal, type StepViews } from '@kit/SteppedModal.tsx';
import { showToast } from '@kit/toasts.ts';
import { addDays } from 'date-fns/addDays';
import { endOfDay } from 'date-fns/endOfDay';
import { formatIsoDay } from '@kit/dates.ts';
import { parseISO } from 'date-fns/parseISO';
import { useState } from 'react';
import { type ApiScope, apiScopeLabels, apiScopes } from '../../../../api/contract/api-tokens/api-scopes.ts';
import { apiTokenMaxLifetimeDays, splitIpRanges } from '../../../../api/contract/api-tokens/api-tokens.ts';
import type { MfaOption } from '../../../../api/contract/auth/login-schemas.ts';
import { mfaCodeLength, mfaCodeMessage } from '../../../../api/contract/auth/login.ts';
import {
  type ConfirmChallenge,
  type ConfirmChoices,
  type CreatedApiToken,
  checkTokenDetails,
  createToken,
  createTokenWithPasskey,
  refreshApiTokens,
  startChallenge,
  type TokenDetails,
} from './api.ts';
import { CopySecret } from './CopySecret.tsx';

export type CreateTokenView = 'tokenDetails' | 'tokenConfirm' | 'tokenCreated';

type Expiry = '30' | '90' | '365' | 'custom' | 'never';
const expiryChoices: { value: Expiry; label: string }[] = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'custom', label: 'Custom date…' },
  { value: 'never', label: 'No expiry' },
];

const methodLabels: Record<MfaOption['type'], string> = { totp: 'Authenticator app', sms: 'Text message', email: 'Email' };
const dateInput = (date: Date) => formatIsoDay(date);

function useCreateTokenState() {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>(['domains:read']);
  const [expiry, setExpiry] = useState<Expiry>('90');
  const [customDate, setCustomDate] = useState('');
  const [ipText, setIpText] = useState('');
  const [errors, setErrors] = useState<{ name?: string; scopes?: string; date?: string }>({});
  const [choices, setChoices] = useState<ConfirmChoices | null>(null);
  const [method, setMethod] = useState<MfaOption | null>(null);
  const [challenge, setChallenge] = useState<ConfirmChallenge | null>(null);
  const [code, setCode] = useState('');
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  return {
    ...{ name, setName, scopes, setScopes, expiry, setExpiry, customDate, setCustomDate, ipText, setIpText, errors, setErrors },
    ...{ choices, setChoices, method, setMethod, challenge, setChallenge, code, setCode, created, setCreated },
    reset() {
      setName('');
      setScopes(['domains:read']);
      setExpiry('90');
      setCustomDate('');
      setIpText('');
      setErrors({});
      setChoices(null);
      setMethod(null);
      setChallenge(null);
      setCode('');
      setCreated(null);
    },
  };
}
export type CreateTokenState = ReturnType<typeof useCreateTokenState>;
export { useCreateTokenState };

export function CreateTokenModal({ modal, state: s }: { modal: SteppedModalHandle<CreateTokenView>; state: CreateTokenState }) {
  const [starting, setStarting] = useState(false);

  function details(): TokenDetails {
    const expireDate =
      s.expiry === 'never'
        ? null
        : // A chosen date lasts to the end of that day where the holder is.
          s.expiry === 'custom'
          ? endOfDay(parseISO(s.customDate)).toISOString()
          : addDays(new Date(), Number(s.expiry)).toISOString();
    return { name: s.name.trim(), scopes: s.scopes, expireDate, allowedIps: splitIpRanges(s.ipText) };
  }

  async function open(chosen: MfaOption) {
    s.setMethod(chosen);
    s.setChallenge(null);
    s.setCode('');
    // An authenticator needs nothing sent; a text or an email waits for "Send code".
    if (chosen.type === 'totp') await begin(chosen);
  }

  async function begin(chosen: MfaOption) {
    setStarting(true);
    const answer = await startChallenge(chosen.mfaId);
    setStarting(false);
    if (isFailure(answer)) {
      showToast(answer.message, 'error');
      return;
    }
    s.setChallenge(answer);
    if (chosen.type !== 'totp') showToast('We sent you a code.', 'success', { durationMs: 4000 });
  }

  async function checkDetails() {
    const errors = {
      name: s.name.trim() ? undefined : 'Name your token',
      scopes: s.scopes.length ? undefined : 'Choose at least one scope',
      date: s.expiry === 'custom' && !s.customDate ? 'Choose the expiry date' : undefined,
    };
    s.setErrors(errors);
    if (errors.name || errors.scopes || errors.date) return undefined;
    const failure = await checkTokenDetails(details());
    if (failure) return failure;
    const choices = await apiClient.GET('/session/confirm', { toast: false });
    if (isFailure(choices)) return choices;
    s.setChoices(choices);
    const first = choices.methods.find((m) => m.type === 'totp') ?? choices.methods[0] ?? null;
    if (first && first.mfaId !== s.method?.mfaId) await open(first);
    return 'tokenConfirm' as const;
  }

  async function createWithCode() {
    if (!s.challenge) return undefined;
    if (s.code.length !== mfaCodeLength) return { error: true as const, status: 0, message: mfaCodeMessage };
    const answer = await createToken(details(), { mfaId: s.challenge.mfaId, mfaChallengeId: s.challenge.mfaChallengeId, mfaToken: s.code });
    s.setCode('');
    if (isFailure(answer)) {
      // A spent, expired or over-tried challenge cannot be retried: open a fresh one (an app's at once).
      if (/expired|already used|Too many wrong/i.test(answer.message) && s.method) {
        s.setChallenge(null);
        if (s.method.type === 'totp') await begin(s.method);
      }
      return answer;
    }
    return finish(answer);
  }

  async function createWithPasskey() {
    const answer = await createTokenWithPasskey(details());
    return isFailure(answer) ? answer : finish(answer);
  }

  function finish(token: CreatedApiToken) {
    s.setCreated(token);
    refreshApiTokens();
    return 'tokenCreated' as const;
  }

  const today = new Date();
  const views: StepViews<CreateTokenView> = {
    tokenDetails: {
      title: 'Create an API Token',
      body: (
        <div className="token-form">
          <TextField
            label="Token name"
            value={s.name}
            maxLength={64}
            data-autofocus
            placeholder="e.g. Backup script"
            onChange={(e) => s.setName(e.target.value)}
            error={s.errors.name}
            hint="Something that tells you where it is used."
          />
          <fieldset className="token-scopes" aria-describedby={s.errors.scopes ? 'token-scopes-error' : undefined}>
            <legend>What may it do?</legend>
            {apiScopes.map((scope) => {
              const checked = s.scopes.includes(scope);
              return (
                <label key={scope} className={`token-scope${checked ? ' is-chosen' : ''}`}>
                  <input
                    type="checkbox"
                    checked={checked}
                    onChange={() => s.setScopes(checked ? s.scopes.filter((x) => x !== scope) : apiScopes.filter((x) => x === scope || s.scopes.includes(x)))}
                  />
                  <span>
                    <span className="token-scope-title">
                      {apiScopeLabels[scope].label} <code>{scope}</code>
                    </span>
                    <span className="token-scope-hint">{apiScopeLabels[scope].description}</span>
                  </span>
                </label>
              );
            })}
            <span id="token-scopes-error" className="field-error" aria-live="polite">
              {s.errors.scopes}
            </span>
          </fieldset>
          <div className="token-expiry">
            <Field label="Expires" hint={`At most ${apiTokenMaxLifetimeDays} days from today.`}>
              {(control) => (
                <select {...control} className="input" value={s.expiry} onChange={(e) => s.setExpiry(e.target.value as Expiry)}>
                  {expiryChoices.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {s.expiry === 'custom' && (
              <TextField
                label="Expiry date"
                type="date"
                min={dateInput(addDays(today, 1))}
                max={dateInput(addDays(today, apiTokenMaxLifetimeDays))}
                value={s.customDate}
                onChange={(e) => s.setCustomDate(e.target.value)}
                error={s.errors.date}
              />
            )}
          </div>
          <Field label="Allowed IP addresses (optional)" hint="One address or CIDR range a line, like 203.0.113.7 or 198.51.100.0/24. Empty: any address.">
            {(control) => (
              <textarea
                {...control}
                className="input token-ips"
                rows={3}
                spellCheck={false}
                autoCapitalize="off"
                placeholder={'203.0.113.7\n198.51.100.0/24'}
                value={s.ipText}
                onChange={(e) => s.setIpText(e.target.value)}
              />
            )}
          </Field>
        </div>
      ),
      actions: [
        { label: 'Continue', run: checkDetails },
        { label: 'Cancel', close: true, variant: 'secondary' },
      ],
    },
    tokenConfirm: {
      title: 'Confirm It’s You',
      back: true,
      body: (
        <div className="token-confirm">
          <p>
            API tokens can act on your domains, so we ask for a fresh second factor to create <strong>{s.name.trim()}</strong>.
          </p>
          {s.choices && s.choices.methods.length > 1 && (
            <fieldset className="token-methods">
              <legend>Confirm with</legend>
              {s.choices.methods.map((m) => (
                <label key={m.mfaId} className={`token-scope${s.method?.mfaId === m.mfaId ? ' is-chosen' : ''}`}>
                  <input
                    type="radio"
                    name="token-method"
                    checked={s.method?.mfaId === m.mfaId}
                    onChange={() => void open(m)}
                    disabled={starting || modal.pending}
                  />
                  <span>
                    <span className="token-scope-title">{methodLabels[m.type]}</span>
                    {m.type !== 'totp' && <span className="token-scope-hint">{m.description}</span>}
                  </span>
                </label>
              ))}
            </fieldset>
          )}
          {s.method && !s.challenge && s.method.type !== 'totp' && (
            <button type="button" className="btn btn-secondary" onClick={() => void begin(s.method as MfaOption)} disabled={starting || modal.pending}>
              {starting && <span className="spinner" aria-hidden="true" />}
              Send code ({s.method.description.toLowerCase()})
            </button>
          )}
          {s.challenge && (
            <>
              <p className="muted">
                {s.challenge.mfaType === 'totp'
                  ? 'Enter the 6-digit code your authenticator app shows.'
                  : `We sent a 6-digit code (${s.challenge.mfaDescription.toLowerCase()}). It expires in 10 minutes.`}
              </p>
              <Field label="Security code">
                {(control) => (
                  <input
                    {...control}
                    className="input code-input token-code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={mfaCodeLength}
                    data-autofocus
                    value={s.code}
                    onChange={(e) => s.setCode(e.target.value.replace(/\D/g, '').slice(0, mfaCodeLength))}
                  />
                )}
              </Field>
              {s.challenge.mfaType !== 'totp' && (
                <button
                  type="button"
                  className="btn btn-ghost btn-sm token-resend"
                  onClick={() => void begin(s.method as MfaOption)}
                  disabled={starting || modal.pending}
                >
                  Send a new code
                </button>
              )}
            </>
          )}
          {s.choices && s.choices.methods.length === 0 && s.choices.passkey && <p>Confirm with one of your passkeys.</p>}
        </div>
      ),
      actions: [
        ...(s.choices?.methods.length ? [{ label: 'Create Token', run: createWithCode, disabled: !s.challenge || s.code.length !== mfaCodeLength }] : []),
        ...(s.choices?.passkey
          ? [{ label: 'Use a Passkey', run: createWithPasskey, variant: s.choices.methods.length ? ('secondary' as const) : ('primary' as const) }]
          : []),
      ],
    },
    tokenCreated: {
      title: 'Your New API Token',
      body: s.created && (
        <div className="token-created">
          <p className="notice-warning token-once" role="note">
            Copy your token now — it won’t be shown again.
          </p>
          <CopySecret secret={s.created.secret} />
          <p className="muted token-usage">
            Send it in the <code>Authorization</code> header: <code>Authorization: Bearer {s.created.displayPrefix}…</code>. Store it like a password.
          </p>
        </div>
      ),
      actions: [{ label: 'Done', close: true }],
    },
  };
  return <SteppedModal modal={modal} views={views} />;
}
