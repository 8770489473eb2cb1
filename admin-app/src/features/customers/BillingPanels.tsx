/** What the customer paid with and for: the cards on file (last 4 only), their orders and their newest transactions. */
import { DataTable } from '@kit/DataTable.tsx';
import { formatDate, formatDateTime } from '@kit/dates.ts';
import { Money } from '@kit/Money.tsx';
import { useState } from 'react';
import { type TransactionType, transactionTypeLabels } from '../../../../api/contract/billing/transaction-types.ts';
import type { CustomerRecord } from '../../../../api/contract/support/customers.ts';
import { Panel } from '../../lib/Panel.tsx';
import { PlainList } from '../../lib/PlainList.tsx';
import { OrderStatus } from '../orders/OrderStatus.tsx';

const collapsedRows = 8;

export function PaymentMethodsPanel({ customer }: { customer: CustomerRecord }) {
  return (
    <Panel title="Payment methods" count={customer.paymentMethods.length}>
      <div className="panel-body">
        <PlainList items={customer.paymentMethods} itemKey={(card) => card.paymentMethodId} empty="No cards on file.">
          {(card) => (
            <>
              <strong className="card-brand">{card.brand}</strong> •••• {card.last4}{' '}
              <span className="muted">
                exp {String(card.expMonth).padStart(2, '0')}/{card.expYear}
              </span>{' '}
              {card.isDefault && <span className="badge badge-info">Default</span>}
            </>
          )}
        </PlainList>
      </div>
    </Panel>
  );
}

export function OrdersPanel({ customer }: { customer: CustomerRecord }) {
  return (
    <Panel title="Orders" count={customer.orders.length}>
      <DataTable
        rows={customer.orders}
        rowKey={(order) => order.orderId}
        empty="No orders."
        columns={[
          { key: 'order', label: 'Order', sort: (order) => order.orderId, render: (order) => <span className="cell-main">#{order.orderId}</span> },
          { key: 'placed', label: 'Placed', render: (order) => formatDateTime(order.createDate) },
          { key: 'status', label: 'Status', render: (order) => <OrderStatus status={order.status} /> },
          { key: 'total', label: 'Total', className: 'num', sort: (order) => order.totalPrice, render: (order) => <Money cents={order.totalPrice} /> },
        ]}
      />
    </Panel>
  );
}

/** The newest transactions, the first few until "Show all". */
export function TransactionsPanel({ customer }: { customer: CustomerRecord }) {
  const [allTransactions, setAllTransactions] = useState(false);
  return (
    <Panel title="Recent transactions" count={customer.transactions.length}>
      <DataTable
        rows={customer.transactions.slice(0, allTransactions ? undefined : collapsedRows)}
        rowKey={(txn) => txn.transactionId}
        empty="No transactions."
        columns={[
          {
            key: 'description',
            label: 'Description',
            main: true,
            render: (txn) => txn.description,
            sub: (txn) => <>#{txn.transactionId}</>,
          },
          { key: 'date', label: 'Date', className: 'nowrap', render: (txn) => formatDate(txn.date) },
          { key: 'type', label: 'Type', render: (txn) => transactionTypeLabels[txn.type as TransactionType] ?? txn.type },
          { key: 'amount', label: 'Amount', className: 'num', render: (txn) => <Money cents={txn.amount} /> },
        ]}
      />
      {customer.transactions.length > collapsedRows && (
        <div className="pager">
          <span>
            {allTransactions ? customer.transactions.length : collapsedRows} of the newest {customer.transactions.length}
          </span>
          <button type="button" className="btn btn-ghost btn-sm" aria-expanded={allTransactions} onClick={() => setAllTransactions(!allTransactions)}>
            {allTransactions ? 'Show fewer' : 'Show all'}
          </button>
        </div>
      )}
    </Panel>
  );
}
