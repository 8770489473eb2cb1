/**
 * Refund part or all of one payment: an amount per charge (each at most what is left of it), what happens to each
 * refunded name (cancel within the registry's add grace period, else keep or delete), whether the money goes back the
 * way it came (card to the card, credit as credit) or all as account credit, the total, and the reason the audit log
 * keeps. One request key per opening of the dialog, so a double click or a retry refunds once.
 */
import { useMemo, useState } from 'react';
import { apiClient } from '@kit/api-client.ts';
import { Field } from '@kit/Field.tsx';
import { showToast } from '@kit/toasts.ts';
import { addTaxBack } from '../../../../api/contract/billing/refund-tax.ts';
import type { NameAction, PaymentCharge, PaymentDetail } from '../../../../api/contract/billing/refunds.ts';
import { formatMoney, parseDollars } from '../../../../api/contract/money.ts';
import { ActionModal } from '../../lib/ActionModal.tsx';
import { MoneyInput } from '../../lib/MoneyInput.tsx';

const dollars = (cents: number) => (cents / 100).toFixed(2);

const canCancel = (charge: PaymentCharge) => charge.name?.graceDaysLeft != null && charge.name.graceDaysLeft >= 0;

const nameChoices = (charge: PaymentCharge): { value: NameAction; label: string }[] => [
  ...(canCancel(charge)
    ? [
        {
          value: 'cancel' as const,
          label: `Cancel the registration: the registry deletes it and credits its fee (${charge.name?.graceDaysLeft} days of add grace left)`,
        },
      ]
    : []),
  { value: 'keep', label: 'Keep the name with the customer (the refund is goodwill)' },
  {
    value: 'delete',
    label: canCancel(charge) ? 'Delete the name' : 'Delete the name: the add grace period is over, so the registry gives no credit',
  },
];

/** Where a refund goes: an order's payment, or a payment outside orders (a renewal, a monthly bill). */
export type RefundTarget = { orderId: number } | { paymentIntentId: string };

export function RefundDialog({
  payment,
  refundTo,
  onClose,
  onDone,
}: {
  payment: PaymentDetail;
  refundTo: RefundTarget;
  onClose: () => void;
  onDone: () => void;
}) {
  const refundable = payment.charges.filter((charge) => charge.refundable > 0);
  const [amounts, setAmounts] = useState<Record<number, string>>({});
  const [customerNote, setCustomerNote] = useState('');
  const [to, setTo] = useState<'original' | 'credit'>('original');
  const [names, setNames] = useState<Record<number, NameAction>>({});
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
  const typed = parsed.reduce((sum, row) => sum + row.cents, 0);
  // What goes back is what is typed and the tax of it, as the server adds it: shown before it is sent.
  const taxBack = useMemo(() => {
    const asked = new Map(parsed.filter((row) => row.cents > 0).map((row) => [row.charge.transactionId, row.cents]));
    addTaxBack(new Map(payment.charges.map((charge) => [charge.transactionId, charge])), asked);
    return [...asked.values()].reduce((sum, cents) => sum + cents, 0) - typed;
  }, [parsed, payment.charges, typed]);
  const total = typed + taxBack;
  const cardLeft = Math.max(0, payment.paid - payment.refunded);
  const limit = to === 'credit' ? Number.POSITIVE_INFINITY : payment.refundable;
  const invalid = parsed.some((row) => row.problem) || total === 0 || total > limit;
  const nameOf = (charge: PaymentCharge): NameAction => names[charge.transactionId] ?? 'keep';

  async function refund(reason: string) {
    const chosen = parsed.filter((row) => row.cents > 0);
    const items = chosen.map((row) => ({ transactionId: row.charge.transactionId, amount: row.cents }));
    const nameActions = chosen
      .filter((row) => row.charge.name && row.charge.domainId != null)
      .map((row) => ({ domainId: row.charge.domainId as number, action: nameOf(row.charge) }));
    const body = { items, reason, customerNote, to, names: nameActions, idempotencyKey };
    const answer =
      'orderId' in refundTo
        ? await apiClient.POST('/admin/orders/{id}/refunds', { params: { path: { id: refundTo.orderId } }, body, toast: false })
        : await apiClient.POST('/admin/payments/{paymentIntentId}/refunds', {
            params: { path: { paymentIntentId: refundTo.paymentIntentId } },
            body,
            toast: false,
          });
    return answer;
  }

  return (
    <ActionModal
      open
      title="Refund"
      formClassName="refund-form"
      description={
        <p className="muted">
          The card paid {formatMoney(payment.paid)}
          {payment.refunded > 0 ? `, ${formatMoney(payment.refunded)} went back already` : ''}
          {payment.creditPaid > 0
            ? `; account credit paid ${formatMoney(payment.creditPaid)}${payment.creditReturned > 0 ? `, ${formatMoney(payment.creditReturned)} went back` : ''}`
            : ''}
          : up to {formatMoney(payment.refundable)} can be refunded ({formatMoney(cardLeft)} to the card, the rest as credit). The customer is emailed what went
          back; the reason stays with staff.
        </p>
      }
      fields={
        <>
          <div className="refund-lines">
            {parsed.map(({ charge, problem }) => (
              <Field
                key={charge.transactionId}
                label={charge.description}
                error={problem}
                hint={`Up to ${formatMoney(charge.refundable)} of ${formatMoney(charge.amount)}`}
              >
                {(control) => (
                  <MoneyInput
                    control={control}
                    value={amounts[charge.transactionId] ?? ''}
                    onValue={(value) => setAmounts({ ...amounts, [charge.transactionId]: value })}
                  />
                )}
              </Field>
            ))}
          </div>
          {parsed
            .filter(({ charge, cents }) => charge.name && cents > 0)
            .map(({ charge }) => (
              <Field key={`name-${charge.transactionId}`} label={`What happens to the name (${charge.description})`}>
                {(control) => (
                  <select
                    {...control}
                    className="input"
                    value={nameOf(charge)}
                    onChange={(event) => setNames({ ...names, [charge.transactionId]: event.target.value as NameAction })}
                  >
                    {nameChoices(charge).map((choice) => (
                      <option key={choice.value} value={choice.value}>
                        {choice.label}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            ))}
          <fieldset className="refund-to">
            <legend>Give the money back</legend>
            <label>
              <input type="radio" name="refund-to" checked={to === 'original'} onChange={() => setTo('original')} /> The way it was paid: the card's part to the
              card, the credit's part as account credit
            </label>
            <label>
              <input type="radio" name="refund-to" checked={to === 'credit'} onChange={() => setTo('credit')} /> All of it as account credit
            </label>
          </fieldset>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => setAmounts(Object.fromEntries(refundable.map((charge) => [charge.transactionId, dollars(charge.refundable)])))}
          >
            Fill in everything that is left
          </button>
        </>
      }
      reason="required"
      reasonHint="Kept in the audit log; not sent to the customer"
      afterReason={
        <Field label="Note to the customer (optional)" hint="Shown in their Account activity beside the refund, instead of the reason">
          {(control) => (
            <textarea className="textarea" {...control} maxLength={500} value={customerNote} onChange={(event) => setCustomerNote(event.target.value)} />
          )}
        </Field>
      }
      summary={
        taxBack > 0 ? (
          <p className="small" data-testid="refund-tax-back">
            {formatMoney(taxBack)} of tax goes back with it: {formatMoney(total)} in all.
          </p>
        ) : null
      }
      confirm={`Refund ${formatMoney(total)}`}
      busyLabel="Refunding…"
      danger
      ready={!invalid}
      onClose={onClose}
      run={refund}
      onDone={(answer) => {
        // The server's sentence: the money, and whether a refunded renewal's years came off the expiry or could not.
        showToast(answer.message, 'success');
        onDone();
      }}
    />
  );
}
