/** A payment's charges (with what is left of each), what the card paid and got back, its refunds, and the Refund button. */
import { Panel } from '../../lib/Panel.tsx';
import { useState } from 'react';
import { type PaymentDetail, yearsSentence } from '../../../../api/contract/billing/refunds.ts';
import { formatMoney } from '../../../../api/contract/money.ts';
import { DataTable } from '@kit/DataTable.tsx';
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
      <Panel
        title="Payment"
        actions={
          can('orders:refund') && (
            <button type="button" className="btn btn-secondary" disabled={payment.refundable === 0} onClick={() => setRefunding(true)}>
              Refund…
            </button>
          )
        }
      >
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
        <DataTable
          rows={payment.charges}
          rowKey={(charge) => charge.transactionId}
          columns={[
            { key: 'charge', label: 'Charge', render: (charge) => charge.description },
            { key: 'charged', label: 'Charged', className: 'num', render: (charge) => formatMoney(charge.amount) },
            { key: 'left', label: 'Left to refund', className: 'num', render: (charge) => formatMoney(charge.refundable) },
          ]}
        />
      </Panel>
      <Panel title="Refunds">
        <DataTable
          rows={payment.refunds}
          rowKey={(refund) => refund.refundId}
          empty="Nothing was refunded."
          columns={[
            {
              key: 'when',
              label: 'When',
              className: 'nowrap',
              render: (refund) => (
                <>
                  {formatDateTime(refund.createDate)}
                  {refund.status !== 'succeeded' && <span className="cell-sub">{refundStatusWords[refund.status] ?? refund.status}</span>}
                </>
              ),
            },
            {
              key: 'what',
              label: 'What',
              render: (refund) => (
                <>
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
                </>
              ),
            },
            { key: 'reason', label: 'Reason', render: (refund) => refund.reason },
            { key: 'amount', label: 'Amount', className: 'num', render: (refund) => formatMoney(refund.amount) },
          ]}
        />
      </Panel>
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
