/**
 * Account Information, view=payment (control-panel spec §2, §3 Payment method, §4 Auto Pay): the saved cards with
 * expiry and the default flag, Make Default, Delete (refused, with the reason, for the only card that auto-renew or
 * plans are charged to), and Add a Card through the payments provider's form (3-D Secure when the bank asks).
 */
import { isFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';
import CardForm from '@kit/card/CardForm.tsx';
import { DateText } from '@kit/DateText.tsx';
import { Money } from '@kit/Money.tsx';
import { SteppedModal, type StepViews, useSteppedModal } from '@kit/SteppedModal.tsx';
import { confirmView, finishView } from '@kit/step-views.ts';
import { showToast } from '@kit/toasts.ts';
import { useId, useState } from 'react';
import { useAccount } from '../domains/api.ts';
import { chargeTaxFootnote } from './charge-tax.ts';
import { type PaymentMethod, refreshPayments, usePaymentMethods } from './api.ts';
import './billing.css';
import { cardBrandName } from '../../../../api/contract/billing/card-names.ts';

type DeleteView = 'confirmDelete' | 'finishDelete';

const expiry = (method: PaymentMethod) => `${String(method.expMonth).padStart(2, '0')}/${method.expYear}`;

function AutoPay() {
  const account = useAccount();
  if (!account) return null;
  const isOn = account.autoPayDescription != null;
  return (
    <section className="card billing-autopay" aria-labelledby="autopay-title">
      <div className="billing-autopay-head">
        <h2 id="autopay-title">Auto Pay</h2>
        <span className={`badge ${isOn ? 'badge-success' : 'badge-warning'}`}>{isOn ? 'On' : 'Off'}</span>
      </div>
      <p className="muted small">
        {isOn ? (
          <>
            Renewals and monthly plans are charged to your default card, <strong className="ink">{account.autoPayDescription}</strong>.
          </>
        ) : (
          'No default card: add one so auto-renewals and monthly plans can be charged.'
        )}
      </p>
      <dl className="billing-facts">
        <div>
          <dt>Monthly plans</dt>
          <dd>
            {account.recurringBillAmount > 0 ? (
              <>
                <Money cents={account.recurringBillAmount} /> on <DateText value={account.recurringBillDate} />
              </>
            ) : (
              'None'
            )}
          </dd>
        </div>
        <div>
          <dt>Next auto-renewal</dt>
          <dd>
            {account.autoRenewDate ? (
              <>
                <Money cents={account.autoRenewAmount} /> on <DateText value={account.autoRenewDate} />
              </>
            ) : (
              'None'
            )}
          </dd>
        </div>
      </dl>
      {chargeTaxFootnote(account) ? <p className="muted small">{chargeTaxFootnote(account)}</p> : null}
    </section>
  );
}

function CardRow({ method, busy, onMakeDefault, onDelete }: { method: PaymentMethod; busy: boolean; onMakeDefault: () => void; onDelete: () => void }) {
  const titleId = useId();
  return (
    <li className={`payment-card${method.isDefault ? ' is-default' : ''}`} aria-labelledby={titleId}>
      <span className={`card-brand card-brand-${method.brand}`} aria-hidden="true">
        {method.brand === 'amex' ? 'Amex' : cardBrandName(method.brand).slice(0, 4)}
      </span>
      <div className="payment-card-text">
        <span className="payment-card-name-line">
          <span id={titleId} className="payment-card-name">
            {cardBrandName(method.brand)} ending in {method.last4}
          </span>
          {method.isDefault && <span className="badge badge-success">Default</span>}
        </span>
        <span className="muted small">Expires {expiry(method)}</span>
      </div>
      <div className="payment-card-actions">
        {!method.isDefault && (
          <button type="button" className="btn btn-secondary btn-sm" onClick={onMakeDefault} disabled={busy} aria-describedby={titleId}>
            Make Default
          </button>
        )}
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDelete} disabled={busy} aria-describedby={titleId}>
          Delete
        </button>
      </div>
    </li>
  );
}

export default function PaymentView() {
  const { methods, isLoading, error } = usePaymentMethods();
  const [adding, setAdding] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<PaymentMethod | null>(null);
  const modal = useSteppedModal<DeleteView>({ onClose: () => void refreshPayments() });

  const makeDefault = async (method: PaymentMethod) => {
    setBusyId(method.paymentMethodId);
    const answer = await apiClient.PATCH('/paymentMethods/{id}', { params: { path: { id: method.paymentMethodId } }, body: { isDefault: true } });
    await refreshPayments();
    setBusyId(null);
    if (!isFailure(answer)) showToast(`${cardBrandName(method.brand)} ending in ${method.last4} is now your default card.`, 'success', { durationMs: 4000 });
  };

  const views: StepViews<DeleteView> = {
    confirmDelete: confirmView<DeleteView>({
      title: 'Delete Payment Method',
      body: deleting && (
        <p>
          Delete <strong>{deleting.description}</strong> from your account? You can add it again later.
        </p>
      ),
      confirm: 'Delete',
      variant: 'danger',
      run: async () => {
        if (!deleting) return 'finishDelete';
        const answer = await apiClient.DELETE('/paymentMethods/{id}', { params: { path: { id: deleting.paymentMethodId } }, toast: false });
        return isFailure(answer) ? answer : 'finishDelete';
      },
    }),
    finishDelete: finishView<DeleteView>({ title: 'Payment Method Deleted', body: <p>{deleting?.description} has been removed from your account.</p> }),
  };

  return (
    <div className="billing-stack">
      <AutoPay />
      <section className="card" aria-labelledby="cards-title">
        <div className="billing-section-head">
          <h2 id="cards-title">Payment Methods</h2>
          {!adding && (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setAdding(true)}>
              Add a Card
            </button>
          )}
        </div>
        {isLoading && <p role="status">Loading your cards…</p>}
        {error && <p role="alert">We could not load your cards. Please try again.</p>}
        {!isLoading && !error && methods.length === 0 && <p className="muted">No cards on file yet.</p>}
        {methods.length > 0 && (
          <ul className="payment-cards" aria-label="Saved cards">
            {methods.map((method) => (
              <CardRow
                key={method.paymentMethodId}
                method={method}
                busy={busyId !== null}
                onMakeDefault={() => void makeDefault(method)}
                onDelete={() => {
                  setDeleting(method);
                  modal.open('confirmDelete');
                }}
              />
            ))}
          </ul>
        )}
        {adding && (
          <div className="billing-add-card">
            <h3>Add a Card</h3>
            <CardForm
              onSaved={async () => {
                await refreshPayments();
                setAdding(false);
                showToast('Your card has been saved.', 'success', { durationMs: 4000 });
              }}
              onCancel={() => setAdding(false)}
            />
          </div>
        )}
      </section>
      <SteppedModal modal={modal} views={views} />
    </div>
  );
}
