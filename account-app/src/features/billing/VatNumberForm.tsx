/**
 * Billing, tax details: a business's EU VAT number. The server checks its format and asks VIES; a confirmed number in
 * another member state than ours is reverse-charged, one VIES could not check pays VAT until it is saved again.
 */
import { TextField } from '@kit/Field.tsx';
import { useEffect, useId, useState } from 'react';
import { type Account, patchAccount } from '../account/api.ts';

type Notice = { kind: 'success' | 'info' | 'error'; text: string } | null;

const statusWords = {
  confirmed: 'Confirmed by VIES: orders are reverse-charged (no VAT) unless you are in our own country.',
  unavailable: 'VIES could not check this number yet, so VAT is charged on your orders. Save it again later to retry.',
  invalid: 'VIES says this number is not registered.',
} as const;

export function VatNumberForm({ account }: { account: Account }) {
  const id = useId();
  const [value, setValue] = useState(account.vatNumber ?? '');
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => setValue(account.vatNumber ?? ''), [account.vatNumber]);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setSaving(true);
    setNotice(null);
    setError(undefined);
    const answer = await patchAccount({ vatNumber: value.trim() === '' ? null : value });
    setSaving(false);
    if ('error' in answer) {
      setError(answer.message);
      return;
    }
    setNotice(
      answer.vatNumber == null
        ? { kind: 'success', text: 'VAT number removed: you buy as a consumer.' }
        : answer.vatStatus === 'confirmed'
          ? { kind: 'success', text: `${answer.vatNumber} is confirmed by VIES.` }
          : { kind: 'info', text: statusWords.unavailable },
    );
  }

  return (
    <section className="card vat-card" aria-labelledby={`${id}-title`}>
      <div className="billing-section-head">
        <h2 id={`${id}-title`}>Tax details</h2>
      </div>
      <p className="muted">
        Buying for a business in the EU? Add your VAT number: once VIES confirms it, we do not charge VAT and your invoices say the reverse charge applies.
      </p>
      <form onSubmit={save} className="vat-form">
        <TextField
          label="EU VAT number"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={error}
          hint="With the country prefix, such as NL800000006B01. It must belong to your billing country."
          autoComplete="off"
          spellCheck={false}
          maxLength={30}
        />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={saving || value.trim() === (account.vatNumber ?? '')} aria-busy={saving || undefined}>
            {saving ? 'Checking with VIES…' : 'Save VAT number'}
          </button>
        </div>
        {account.vatNumber && account.vatStatus && !notice && (
          <p className={`form-notice is-${account.vatStatus === 'confirmed' ? 'success' : 'info'}`}>
            {account.vatNumber}: {statusWords[account.vatStatus]}
          </p>
        )}
        <div aria-live="polite">{notice && <p className={`form-notice is-${notice.kind}`}>{notice.text}</p>}</div>
      </form>
    </section>
  );
}
