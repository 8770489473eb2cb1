/**
 * A visitor's contact and payment step: contact form saved to the cart 500 ms after typing stops, new-account
 * email and password, SMS code verification, then the card form and, once saved, a card summary with Edit.
 */
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { isContactComplete, statedSources } from '../../../api/contract/carts/checkout-contact.ts';
import type { CartContact } from '../../../api/contract/contact.ts';
import { isFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';
import { prepareBotCheck, solveBotCheck } from '../../lib/bot-check-retry.ts';
import { $cart, applyVatNumber, type CartSummary, patchCart, refreshCart } from '../../stores/cart.ts';
import { choosePricesCountry, pricesCountry } from '../../stores/prices-for.ts';
import AccountField from './AccountField.tsx';
import { loadPhoneNumbers, toE164 } from './phone-number.ts';

// Shown only once the contact is complete and the phone verified.
const CardForm = lazy(() => import('@kit/card/CardForm.tsx'));

const saveDelayMs = 500;
const codeLength = 6;

type Field = 'firstName' | 'lastName' | 'company' | 'address' | 'city' | 'state' | 'zip';
const textFields: { name: Field; label: string; autoComplete: string; optional?: boolean; wide?: boolean }[] = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name' },
  { name: 'company', label: 'Company (optional)', autoComplete: 'organization', optional: true, wide: true },
  { name: 'address', label: 'Address', autoComplete: 'street-address', wide: true },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State / Province', autoComplete: 'address-level1' },
  { name: 'zip', label: 'ZIP / Postal code', autoComplete: 'postal-code' },
];

type CountryOption = { code: string; name: string };

export default function VisitorCheckout({ cart }: { cart: CartSummary }) {
  const id = useId();
  const saved = cart.contact ?? {};
  // The billing country starts on the country the visitor's prices were shown for, so the cart shows them the same way.
  const [firstCountry] = useState(() => saved.country ?? pricesCountry() ?? 'US');
  const [values, setValues] = useState<CartContact>(() => ({ country: firstCountry, ...saved }));
  const [phoneInput, setPhoneInput] = useState(saved.phone ?? '');
  const [phoneTouched, setPhoneTouched] = useState(false);
  const pending = useRef<Record<string, string>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastSentPhone = useRef<string | null>(saved.phone && cart.verified ? saved.phone : null);
  const [code, setCode] = useState('');
  const [codeAnswer, setCodeAnswer] = useState<{ valid: boolean; msg: string } | null>(null);
  const [sending, setSending] = useState(false);
  const [editingCard, setEditingCard] = useState(false);
  // The saved country alone until the full list (a chunk of its own) arrives, right after the form shows.
  const [countries, setCountries] = useState<CountryOption[]>(() => [{ code: firstCountry, name: firstCountry === 'US' ? 'United States' : firstCountry }]);
  // The phone the visitor typed last, as E.164: answers of the phone library may land after later keystrokes.
  const latestPhone = useRef(saved.phone ?? '');
  const phoneEdits = useRef(0);

  const sendCode = async (phone: string) => {
    const cartId = $cart.get()?.cartId;
    if (!cartId || phone.length <= 1) return;
    lastSentPhone.current = phone;
    setSending(true);
    // Each text message needs a solved bot check, as a search does.
    const recaptchaToken = await solveBotCheck();
    const answer = await apiClient.POST('/validate', { body: { cartId, phone, recaptchaToken } });
    setSending(false);
    setCodeAnswer(isFailure(answer) ? null : { valid: false, msg: answer.msg });
  };

  const flush = async () => {
    const changes = pending.current;
    pending.current = {};
    if (Object.keys(changes).length === 0) return;
    const ok = await patchCart({ contact: changes });
    if (ok && changes.phone && changes.phone !== lastSentPhone.current) await sendCode(changes.phone);
  };

  const queue = (changes: Record<string, string>) => {
    Object.assign(pending.current, changes);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), saveDelayMs);
  };

  useEffect(() => {
    void import('./countries.ts').then(({ countryOptions }) => setCountries(countryOptions));
    // The country select starts on the prices country (else the United States); save that default like any other choice.
    if (!saved.country) queue({ country: firstCountry });
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
    // Runs once on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const set = (name: keyof CartContact, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    queue({ [name]: value });
  };

  const changePhone = async (raw: string, country = values.country) => {
    setPhoneInput(raw);
    const edit = ++phoneEdits.current;
    const e164 = (await toE164(raw, country)) ?? '';
    // A later keystroke already answered (or is about to): this one's answer is stale.
    if (edit !== phoneEdits.current) return;
    if (e164 !== latestPhone.current) {
      // A new phone clears the code.
      setCode('');
      setCodeAnswer(null);
    }
    latestPhone.current = e164;
    setValues((v) => ({ ...v, phone: e164 }));
    queue({ phone: e164 });
  };

  const checkCode = async (raw: string) => {
    setCode(raw);
    if (raw.length !== codeLength) {
      setCodeAnswer({ valid: false, msg: '' });
      return;
    }
    const cartId = $cart.get()?.cartId;
    const phone = values.phone;
    // Without a cart or a phone there is no code to check (the server would refuse it).
    if (cartId == null || phone == null) return;
    const answer = await apiClient.POST('/validate', { body: { code: raw, cartId, phone }, toast: false });
    if (isFailure(answer) || !('valid' in answer)) return;
    setCodeAnswer(answer);
    if (answer.valid) await refreshCart();
  };

  const contactComplete = isContactComplete(cart.contact);
  const phoneInvalid = phoneTouched && phoneInput.trim() !== '' && !values.phone;

  return (
    <section className="checkout-step card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="step-title">
        Your details
      </h2>
      <p className="muted">We create your account with these details and use them as the registrant contact for your domains.</p>
      <div className="form-grid">
        {textFields.map((field) => (
          <div key={field.name} className={`field${field.wide ? ' wide' : ''}`}>
            <label htmlFor={`contact-${field.name}`}>{field.label}</label>
            <input
              id={`contact-${field.name}`}
              className="input"
              autoComplete={field.autoComplete}
              value={values[field.name] ?? ''}
              onChange={(e) => set(field.name, e.target.value)}
              required={!field.optional}
            />
          </div>
        ))}
        <div className="field">
          <label htmlFor="contact-country">Country</label>
          <select
            id="contact-country"
            className="select"
            autoComplete="country"
            value={values.country ?? firstCountry}
            onChange={(e) => {
              set('country', e.target.value);
              // The billing country is where prices are for from now on, on every page.
              void choosePricesCountry(e.target.value);
              if (phoneInput) void changePhone(phoneInput, e.target.value);
            }}
          >
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        {cart.$tax?.label === 'VAT' ? <VatNumberField cart={cart} /> : null}
        <div className="field">
          <label htmlFor="contact-phone">Mobile phone</label>
          <input
            id="contact-phone"
            className={`input${values.phone ? ' is-valid' : ''}`}
            type="tel"
            autoComplete="tel"
            placeholder="+1 415 555 0100"
            value={phoneInput}
            aria-invalid={phoneInvalid || undefined}
            aria-describedby="contact-phone-hint"
            onFocus={() => {
              void loadPhoneNumbers();
              // The code is sent with a solved bot check: solve it while the number is typed.
              prepareBotCheck();
            }}
            onBlur={() => setPhoneTouched(true)}
            onChange={(e) => void changePhone(e.target.value)}
          />
          <span id="contact-phone-hint" className={phoneInvalid ? 'field-error' : 'field-hint'}>
            {phoneInvalid ? 'Enter a valid phone number' : 'We text a 6-digit code to verify it.'}
          </span>
        </div>
        <div className="wide">
          <AccountField kind="email" label="Email (your login)" initial={saved.email ?? ''} onAccepted={(email) => set('email', email)} />
        </div>
        <div className="wide">
          <AccountField kind="password" label="Password for your new account" initial="" onAccepted={(password) => queue({ password })} />
        </div>
        <div className="field wide">
          <label htmlFor="contact-source">How did you hear about us?</label>
          <select id="contact-source" className="select" value={values.statedSource ?? ''} onChange={(e) => set('statedSource', e.target.value)}>
            <option value="">Choose one</option>
            {statedSources.map((s) => (
              <option key={s} value={s}>
                {s.charAt(0).toUpperCase() + s.slice(1)}
              </option>
            ))}
          </select>
        </div>
      </div>

      {contactComplete && !cart.verified && (
        <section className="verify-step" aria-labelledby={`${id}-verify`}>
          <h3 id={`${id}-verify`} className="label">
            Verify your phone
          </h3>
          <div className="field">
            <label htmlFor="contact-code">Verification code</label>
            <input
              id="contact-code"
              className="input code-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={codeLength}
              value={code}
              aria-describedby="contact-code-msg"
              aria-invalid={codeAnswer && !codeAnswer.valid && codeAnswer.msg && code.length === codeLength ? true : undefined}
              onChange={(e) => void checkCode(e.target.value.trim())}
            />
            <span
              id="contact-code-msg"
              className={codeAnswer?.valid ? 'field-ok' : code.length === codeLength ? 'field-error' : 'field-hint'}
              aria-live="polite"
            >
              {codeAnswer?.msg}
            </span>
          </div>
          <button type="button" className="btn btn-ghost btn-sm" disabled={sending || !values.phone} onClick={() => values.phone && sendCode(values.phone)}>
            {sending ? <span className="spinner" aria-hidden="true" /> : null}
            Send a new code
          </button>
        </section>
      )}
      {contactComplete && cart.verified && <p className="field-ok verified-note">✓ Phone {cart.contact?.phone} verified</p>}

      {contactComplete && cart.verified && (
        <div className="payment-step">
          <h3 className="label">Payment method</h3>
          {cart.paymentSetupComplete && !editingCard ? (
            <div className="payment-summary">
              <span>{cart.$paymentMethodDescription}</span>
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => setEditingCard(true)}>
                Edit
              </button>
            </div>
          ) : (
            <Suspense fallback={<p className="muted">Loading the card form…</p>}>
              <CardForm
                onSaved={async () => {
                  await refreshCart();
                  setEditingCard(false);
                }}
                onCancel={cart.paymentSetupComplete ? () => setEditingCard(false) : undefined}
              />
            </Suspense>
          )}
        </div>
      )}
    </section>
  );
}

/**
 * A business in the EU gives its VAT number: checked with VIES when the field is left, and once confirmed the order is
 * reverse-charged (the summary says so); a number VIES cannot check just now pays VAT, and the field says why.
 */
function VatNumberField({ cart }: { cart: CartSummary }) {
  const saved = cart.contact?.vatNumber ?? '';
  const [typed, setTyped] = useState(saved);
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const check = async () => {
    if (typed.trim() === saved) return;
    setChecking(true);
    setProblem(await applyVatNumber(typed.trim()));
    setChecking(false);
  };
  const status = cart.contact?.vatStatus;
  const hint = checking
    ? 'Checking with VIES…'
    : problem
      ? problem
      : status === 'confirmed'
        ? `✓ ${saved} confirmed by VIES: VAT is reverse-charged`
        : status === 'unavailable'
          ? `VIES could not confirm ${saved} just now, so VAT is charged`
          : 'Businesses only: with a number VIES confirms, you account for the VAT yourself.';
  return (
    <div className="field wide">
      <label htmlFor="contact-vatNumber">EU VAT number (optional)</label>
      <input
        id="contact-vatNumber"
        className={`input${status === 'confirmed' && !problem ? ' is-valid' : ''}`}
        autoComplete="off"
        placeholder="DE123456789"
        value={typed}
        aria-invalid={problem ? true : undefined}
        aria-describedby="contact-vatNumber-hint"
        onChange={(e) => setTyped(e.target.value)}
        onBlur={() => void check()}
      />
      <span
        id="contact-vatNumber-hint"
        className={problem ? 'field-error' : status === 'confirmed' ? 'field-ok' : 'field-hint'}
        role={problem ? 'alert' : undefined}
      >
        {hint}
      </span>
    </div>
  );
}
