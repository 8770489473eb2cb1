/**
 * update_contact&contact_type=… (spec §2, §5 Contacts): one contact's form, the country from the ISO list (United
 * States first), the phone checked with libphonenumber-js and sent in E.164. The registrant email cannot be edited;
 * a registrant change waits for approval by that email unless the account opted out of TDRP.
 */
import { SuccessModal } from '@kit/ResultModals.tsx';
import { Field, TextField } from '@kit/Field.tsx';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  approvalSentMessage,
  type ContactType,
  contactFields,
  contactSavedMessage,
  contactTitles,
  isContactType,
  registrantEmailFixedMessage,
} from '../../../../api/contract/accounts/account-info.ts';
import { toE164 } from '../../../../api/contract/phone.ts';
import { paths } from '../../paths.ts';
import { type Account, type Contact, patchAccount, useAccountInfo } from './api.ts';
import { TdrpBanner } from './TdrpBanner.tsx';
import './account.css';

export default function UpdateContactView() {
  const [params] = useSearchParams();
  const type = params.get('contact_type');
  const { account, error, isLoading } = useAccountInfo();
  if (!isContactType(type)) {
    return (
      <section className="card account-form">
        <h2>Edit Contact</h2>
        <p>Choose which contact to edit from your contact information.</p>
        <Link to={paths.summary.href('contact_info')}>Go to Contact Information</Link>
      </section>
    );
  }
  if (isLoading) return <p role="status">Loading the contact…</p>;
  if (error || !account) return <p className="field-error">We could not load your account. {error?.message}</p>;
  return <ContactForm key={type} type={type} account={account} />;
}

type Draft = Record<keyof Contact, string>;
type Errors = Partial<Record<keyof Contact, string>>;

const emptyDraft: Draft = { firstName: '', lastName: '', company: '', address: '', city: '', state: '', zip: '', country: 'US', email: '', phone: '' };
const required: [keyof Contact, string][] = [
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
  ['address', 'Address'],
  ['city', 'City'],
  ['state', 'State / Province'],
  ['zip', 'ZIP / Postal code'],
];

function draftOf(contact: Contact | null): Draft {
  return contact ? { ...emptyDraft, ...contact, company: contact.company ?? '' } : emptyDraft;
}

type CountryOption = { code: string; name: string };

function useCountries(current: string): CountryOption[] {
  const [countries, setCountries] = useState<CountryOption[]>([{ code: current, name: current === 'US' ? 'United States' : current }]);
  useEffect(() => {
    // The list (names of ~250 countries) loads with the form, not with the account app.
    void import('../../../../api/contract/countries.ts').then(({ countryOptions }) => setCountries(countryOptions));
  }, []);
  return countries;
}

function validate(draft: Draft, isRegistrant: boolean): { errors: Errors; contact: Contact | null } {
  const errors: Errors = {};
  for (const [field, label] of required) if (!draft[field].trim()) errors[field] = `${label} is required`;
  if (!isRegistrant && !/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(draft.email.trim())) errors.email = 'Please enter a valid email';
  const phone = toE164(draft.phone.trim(), draft.country);
  if (!phone) errors.phone = 'Enter a valid phone number for the country chosen, like +1 415 555 0100';
  if (Object.keys(errors).length > 0) return { errors, contact: null };
  const trimmed = Object.fromEntries(Object.entries(draft).map(([key, value]) => [key, value.trim()])) as Draft;
  return { errors, contact: { ...trimmed, email: trimmed.email.toLowerCase(), phone: phone! } };
}

function ContactForm({ type, account }: { type: ContactType; account: Account }) {
  const navigate = useNavigate();
  const field = contactFields[type];
  const isRegistrant = type === 'organizational';
  const locked = isRegistrant && account.$pendingChanges;
  const [draft, setDraft] = useState<Draft>(() => draftOf(account[field]));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const countries = useCountries(draft.country);

  const set = (key: keyof Contact) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = event.target.value;
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const { errors: found, contact } = validate(draft, isRegistrant);
    setErrors(found);
    if (!contact) return;
    setSaving(true);
    setFailure(null);
    const answer = await patchAccount({ [field]: contact });
    setSaving(false);
    if ('error' in answer) {
      setFailure(answer.message);
      return;
    }
    setSaved(isRegistrant && answer.$pendingChanges ? approvalSentMessage(answer.registrantContact?.email ?? contact.email) : contactSavedMessage);
  }

  const text = (key: keyof Contact, label: string, props: Omit<React.ComponentProps<typeof TextField>, 'label' | 'value' | 'onChange' | 'error'> = {}) => (
    <TextField label={label} value={draft[key]} onChange={set(key)} error={errors[key]} {...props} />
  );

  return (
    <section className="card account-form" aria-labelledby="contact-title">
      <Link className="back-link" to={paths.summary.href('contact_info')}>
        ← Back to Contact Information
      </Link>
      <h2 id="contact-title">Edit {contactTitles[type]}</h2>
      <p className="lead">
        {isRegistrant
          ? account.tdrpOptOut
            ? 'The registrant is the legal holder of your domains. Changes apply at once.'
            : 'The registrant is the legal holder of your domains. A change needs approval from the registrant email, then your domains cannot be transferred for 60 days.'
          : 'This contact is shown to the registry for every domain in your account.'}
      </p>
      <TdrpBanner pending={locked} />
      <form onSubmit={save} noValidate>
        <fieldset className="prefs-fieldset" disabled={locked || saving}>
          <legend className="visually-hidden">{contactTitles[type]}</legend>
          <div className="form-grid">
            {text('firstName', 'First name', { autoComplete: 'given-name' })}
            {text('lastName', 'Last name', { autoComplete: 'family-name' })}
            <div className="is-wide">{text('company', 'Company (optional)', { autoComplete: 'organization' })}</div>
            <div className="is-wide">{text('address', 'Address', { autoComplete: 'street-address' })}</div>
            {text('city', 'City', { autoComplete: 'address-level2' })}
            {text('state', 'State / Province', { autoComplete: 'address-level1' })}
            {text('zip', 'ZIP / Postal code', { autoComplete: 'postal-code' })}
            <Field label="Country" error={errors.country}>
              {(control) => (
                <select className="select" value={draft.country} onChange={set('country')} autoComplete="country" {...control}>
                  {countries.map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {isRegistrant
              ? text('email', 'Email', { type: 'email', readOnly: true, 'aria-readonly': true, hint: registrantEmailFixedMessage })
              : text('email', 'Email', { type: 'email', autoComplete: 'email' })}
            {text('phone', 'Phone', { type: 'tel', autoComplete: 'tel', hint: 'International format, like +1 415 555 0100' })}
          </div>
        </fieldset>
        {failure && (
          <p className="form-notice is-error" role="alert">
            {failure}
          </p>
        )}
        <div className="form-actions prefs-actions">
          <button type="submit" className="btn btn-primary" disabled={locked || saving} aria-busy={saving || undefined}>
            {saving ? 'Saving…' : 'Save Contact'}
          </button>
          <Link to={paths.summary.href('contact_info')}>Cancel</Link>
        </div>
      </form>
      <SuccessModal
        open={saved !== null}
        message={saved ?? ''}
        redirect={paths.summary.href('contact_info')}
        navigate={navigate}
        onClose={() => setSaved(null)}
      />
    </section>
  );
}
