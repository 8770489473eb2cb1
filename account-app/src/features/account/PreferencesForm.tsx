/** The account preferences (spec §3 Account): WHOIS redaction, TDRP lock, advanced settings; locked while a TDRP request waits. */
import { useEffect, useId, useState } from 'react';
import {
  approvalSentMessage,
  type PreferenceField,
  preferenceFields,
  preferencesSavedMessage,
  tdrpHoldDays,
} from '../../../../api/contract/accounts/account-info.ts';
import { type Account, patchAccount } from './api.ts';

const labels: Record<PreferenceField, { label: string; hint: string }> = {
  whoisRedactionOptOut: {
    label: 'Show my contact details in public WHOIS',
    hint: 'Opts out of redaction: your name, address, email and phone appear in WHOIS for domains without Whois Privacy.',
  },
  tdrpOptOut: {
    label: `Skip the ${tdrpHoldDays}-day transfer lock after a registrant change`,
    hint: 'Registrant changes then apply at once, with no approval email. Turning this on needs approval from the registrant email.',
  },
  advancedEnabled: {
    label: 'Show advanced settings on my domains',
    hint: 'Adds the Advanced tab (nameservers, custom nameservers, DNS records) to each domain in My Domains.',
  },
};

type Values = Record<PreferenceField, boolean>;
type Notice = { kind: 'success' | 'info' | 'error'; text: string } | null;

const valuesOf = (account: Account): Values => ({
  whoisRedactionOptOut: account.whoisRedactionOptOut,
  tdrpOptOut: account.tdrpOptOut,
  advancedEnabled: account.advancedEnabled,
});

export function PreferencesForm({ account }: { account: Account }) {
  const [values, setValues] = useState<Values>(() => valuesOf(account));
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const id = useId();
  const locked = account.$pendingChanges;
  // Follow the account when it changes elsewhere (another tab, an approval) while nothing is being edited here.
  const { whoisRedactionOptOut, tdrpOptOut, advancedEnabled } = account;
  useEffect(() => setValues({ whoisRedactionOptOut, tdrpOptOut, advancedEnabled }), [whoisRedactionOptOut, tdrpOptOut, advancedEnabled]);
  const changed = preferenceFields.some((field) => values[field] !== account[field]);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setSaving(true);
    setNotice(null);
    const answer = await patchAccount(values);
    setSaving(false);
    if ('error' in answer) {
      setNotice({ kind: 'error', text: answer.message });
      return;
    }
    setNotice(
      answer.$pendingChanges
        ? { kind: 'info', text: approvalSentMessage(answer.registrantContact?.email ?? 'the registrant email') }
        : { kind: 'success', text: preferencesSavedMessage },
    );
  }

  return (
    <section className="card info-card is-wide" aria-labelledby={`${id}-title`}>
      <div className="info-card-head">
        <h2 id={`${id}-title`}>Preferences</h2>
      </div>
      <form onSubmit={save} aria-labelledby={`${id}-title`}>
        <fieldset disabled={locked || saving} className="prefs-fieldset">
          <legend className="visually-hidden">Account preferences</legend>
          <ul className="prefs-list">
            {preferenceFields.map((field) => (
              <li key={field} className="pref">
                <input
                  type="checkbox"
                  id={`${id}-${field}`}
                  aria-describedby={`${id}-${field}-hint`}
                  checked={values[field]}
                  onChange={(event) => setValues((v) => ({ ...v, [field]: event.target.checked }))}
                />
                <label htmlFor={`${id}-${field}`}>{labels[field].label}</label>
                <span id={`${id}-${field}-hint`} className="field-hint">
                  {labels[field].hint}
                </span>
              </li>
            ))}
          </ul>
        </fieldset>
        <div className="form-actions prefs-actions">
          <button type="submit" className="btn btn-primary" disabled={locked || saving || !changed} aria-busy={saving || undefined}>
            {saving ? 'Saving…' : 'Save Preferences'}
          </button>
          {locked && <span className="muted small">Locked until the pending registrant change is approved or lapses.</span>}
        </div>
        <div aria-live="polite" className="prefs-notice">
          {notice && <p className={`form-notice is-${notice.kind}`}>{notice.text}</p>}
        </div>
      </form>
    </section>
  );
}
