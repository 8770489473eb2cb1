/** A payment's charges (with what is left of each), what the card paid and got back, its refunds, and the Refund button. */
import { useState } from 'react';
import { type PaymentDetail, yearsSentence } from '../../../../api/contract/billing/refunds.ts';
import { formatMoney } from '../../../../api/contract/money.ts';
import { formatDateTime } from '@kit/dates.ts';
import { useStaffSession } from '../../shell/session.ts';
import { RefundDialog, type RefundTarget } from './RefundDialog.tsx';

/** A refund's state in words (the provider's values are for code). */
const refundStatusWords: Record<string, string> = {
  claimed: 'Waiting for the provider',
  succeeded: 'Done',
  pending: 'Pending at the provider',
  requires_action: 'Waiting for the provider',
};

export function PaymentPanel({ payment, refundTo, onChanged }: { payment: PaymentDetail; refundTo: RefundTarget; onChanged: () => void }) {
  const { can } = useStaffSession();
  const [refunding, setRefunding] = useState(false);
  return (
    <>
      <section className="panel" aria-labelledby="payment-heading">
        <div className="panel-header">
          <h2 id="payment-heading">Payment</h2>
          {can('orders:refund') && (
            <button type="button" className="btn btn-secondary" disabled={payment.refundable === 0} onClick={() => setRefunding(true)}>
              Refund…
            </button>
          )}
        </div>
        <div className="panel-body">
          <dl className="money-summary">
            <div>
              <dt>Card paid</dt>
              <dd>{formatMoney(payment.paid)}</dd>
            </div>
            <div>
              <dt>Refunded</dt>
              <dd>{formatMoney(payment.refunded)}</dd>
            </div>
            <div>
              <dt>Can still refund</dt>
              <dd>{formatMoney(payment.refundable)}</dd>
            </div>
          </dl>
          <p className="small muted mono">{payment.paymentIntentId}</p>
        </div>
        <div className="table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Charge</th>
                <th scope="col" className="num">
                  Charged
                </th>
                <th scope="col" className="num">
                  Left to refund
                </th>
              </tr>
            </thead>
            <tbody>
              {payment.charges.map((charge) => (
                <tr key={charge.transactionId}>
                  <td data-label="Charge">{charge.description}</td>
                  <td data-label="Charged" className="num">
                    {formatMoney(charge.amount)}
                  </td>
                  <td data-label="Left to refund" className="num">
                    {formatMoney(charge.refundable)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="panel" aria-labelledby="refunds-heading">
        <div className="panel-header">
          <h2 id="refunds-heading">Refunds</h2>
        </div>
        {payment.refunds.length === 0 ? (
          <p className="empty">Nothing was refunded.</p>
        ) : (
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">What</th>
                  <th scope="col">Reason</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {payment.refunds.map((refund) => (
                  <tr key={refund.refundId}>
                    <td data-label="When" className="nowrap">
                      {formatDateTime(refund.createDate)}
                      {refund.status !== 'succeeded' && <span className="cell-sub">{refundStatusWords[refund.status] ?? refund.status}</span>}
                    </td>
                    <td data-label="What">
                      {refund.items.map((item) => (
                        <span key={item.transactionId} className="cell-sub">
                          {item.description}: {formatMoney(item.amount)}
                        </span>
                      ))}
                      {refund.names.map((name) =>
                        name.years ? (
                          <span key={`years-${name.domainId}`} className="cell-sub">
                            {yearsSentence(name)}
                          </span>
                        ) : null,
                      )}
                    </td>
                    <td data-label="Reason">{refund.reason}</td>
                    <td data-label="Amount" className="num">
                      {formatMoney(refund.amount)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {refunding && (
        <RefundDialog
          payment={payment}
          refundTo={refundTo}
          onClose={() => setRefunding(false)}
          onDone={() => {
            setRefunding(false);
            onChanged();
          }}
        />
      )}
    </>
  );
}
