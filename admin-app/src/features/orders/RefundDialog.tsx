/**
 * Refund part or all of one payment: an amount per charge (each at most what is left of it), the total, and the
 * reason the audit log keeps. One request key per opening of the dialog, so a double click or a retry refunds once.
 */
import { type FormEvent, useMemo, useState } from 'react';
import { api, isFailure } from '@kit/api.ts';
import { Field } from '@kit/Field.tsx';
import Modal from '@kit/Modal.tsx';
import { showToast } from '@kit/toasts.ts';
import { minReasonLength } from '../../../../api/contract/audit/audit.ts';
import type { PaymentDetail } from '../../../../api/contract/billing/refunds.ts';
import { formatMoney, parseDollars } from '../../../../api/contract/money.ts';

const dollars = (cents: number) => (cents / 100).toFixed(2);

export function RefundDialog({ payment, endpoint, onClose, onDone }: { payment: PaymentDetail; endpoint: string; onClose: () => void; onDone: () => void }) {
  const refundable = payment.charges.filter((charge) => charge.refundable > 0);
  const [amounts, setAmounts] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [idempotencyKey] = useState(() => crypto.randomUUID());

  const parsed = useMemo(
    () =>
      refundable.map((charge) => {
        const text = amounts[charge.transactionId]?.trim() ?? '';
        const cents = text === '' ? 0 : parseDollars(text);
        const problem = cents == null ? 'Enter an amount like 12.50' : cents > charge.refundable ? `At most ${formatMoney(charge.refundable)}` : null;
        return { charge, cents: cents ?? 0, problem };
      }),
    [amounts, refundable],
  );
  const total = parsed.reduce((sum, row) => sum + row.cents, 0);
  const invalid = parsed.some((row) => row.problem) || total === 0 || total > payment.refundable || reason.trim().length < minReasonLength;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (invalid) return;
    setBusy(true);
    setError(null);
    const items = parsed.filter((row) => row.cents > 0).map((row) => ({ transactionId: row.charge.transactionId, amount: row.cents }));
    const answer = await api(endpoint, { method: 'POST', body: { items, reason, idempotencyKey }, toast: false });
    setBusy(false);
    if (isFailure(answer)) return setError(answer.message);
    showToast(`Refunded ${formatMoney(total)}. The customer was emailed.`, 'success');
    onDone();
  }

  return (
    <Modal open title="Refund to the card" onClose={onClose} dismissible={!busy}>
      <form onSubmit={submit} noValidate className="refund-form">
        <p className="small muted">
          The card paid {formatMoney(payment.paid)}
          {payment.refunded > 0 ? `, ${formatMoney(payment.refunded)} went back already` : ''}: up to {formatMoney(payment.refundable)} can be refunded. The
          customer is emailed what went back; the reason stays with staff.
        </p>
        <div className="refund-lines">
          {parsed.map(({ charge, problem }) => (
            <Field
              key={charge.transactionId}
              label={charge.description}
              error={problem}
              hint={`Up to ${formatMoney(charge.refundable)} of ${formatMoney(charge.amount)}`}
            >
              {(control) => (
                <div className="money-input">
                  <span aria-hidden="true">$</span>
                  <input
                    {...control}
                    className="input"
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder="0.00"
                    value={amounts[charge.transactionId] ?? ''}
                    onChange={(event) => setAmounts({ ...amounts, [charge.transactionId]: event.target.value })}
                  />
                </div>
              )}
            </Field>
          ))}
        </div>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => setAmounts(Object.fromEntries(refundable.map((charge) => [charge.transactionId, dollars(charge.refundable)])))}
        >
          Fill in everything that is left
        </button>
        <Field label="Reason" hint={`Kept in the audit log (at least ${minReasonLength} characters); not sent to the customer`}>
          {(control) => <textarea className="textarea" {...control} value={reason} onChange={(event) => setReason(event.target.value)} />}
        </Field>
        {error && (
          <p className="step-error" role="alert">
            {error}
          </p>
        )}
        <div className="step-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-danger" disabled={busy || invalid}>
            {busy ? 'Refunding…' : `Refund ${formatMoney(total)}`}
          </button>
        </div>
      </form>
    </Modal>
  );
}
