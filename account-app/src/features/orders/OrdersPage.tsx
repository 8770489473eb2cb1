/**
 * /account/orders: the account's past orders, newest first, each with its status (a refund says so), the names in it,
 * its total and what the card paid; each opens its receipt (/account/orders/:orderId), where its refunds, invoice and
 * credit notes are listed.
 */
import { DataTable } from '@kit/DataTable.tsx';
import { DateText } from '@kit/DateText.tsx';
import { Money } from '@kit/Money.tsx';
import { Link } from 'react-router';
import { apiKey } from '@kit/api-client.ts';
import { type OrderSummary, orderNumber, orderStatusLabel } from '../../../../api/contract/orders/order-confirmation.ts';
import { paths } from '../../paths.ts';
import { useApi } from '../../swr.ts';
import './orders.css';

export const ordersKey = apiKey('/orders');

export function OrdersPage() {
  const { data, error } = useApi(ordersKey);
  return (
    <main id="main" className="container account-main orders-page">
      <h1>Orders</h1>
      {error ? (
        <p className="order-error">We could not load your orders. Please reload the page.</p>
      ) : !data ? (
        <p role="status">Loading your orders…</p>
      ) : (
        <DataTable
          variant="plain"
          className="orders-table"
          caption="Your orders, newest first"
          rows={data.data}
          rowKey={(order) => order.orderId}
          rowHeaders
          empty={
            <>
              You have no orders yet. <a href={paths.search.href()}>Find a domain</a>
            </>
          }
          columns={[
            { key: 'order', label: 'Order', render: (order) => <Link to={paths.order.href(order.orderId)}>Order {orderNumber(order.orderId)}</Link> },
            { key: 'date', label: 'Date', render: (order) => <DateText value={order.createDate} /> },
            { key: 'domains', label: 'Domains', cellClassName: 'orders-domains', render: (order) => order.domains.join(', ') },
            { key: 'status', label: 'Status', render: (order) => <OrderStatus order={order} /> },
            { key: 'total', label: 'Total', className: 'is-money', render: (order) => <OrderTotal order={order} /> },
            { key: 'charged', label: 'Card charged', className: 'is-money', render: (order) => <Money cents={order.totalCharged} /> },
          ]}
        />
      )}
    </main>
  );
}

function OrderStatus({ order }: { order: OrderSummary }) {
  return <span className={`order-status is-${order.refundStatus === 'none' ? order.status : order.refundStatus}`}>{orderStatusLabel(order)}</span>;
}

/** The order's total, and under it what a promo code took off, the tax in it and what account credit paid. */
function OrderTotal({ order }: { order: OrderSummary }) {
  return (
    <>
      <Money cents={order.total} />
      {(order.discount > 0 || order.tax > 0 || order.credit > 0) && (
        <span className="orders-breakdown">
          {order.discount > 0 && (
            <span>
              Promo −<Money cents={order.discount} />
            </span>
          )}
          {order.tax > 0 && (
            <span>
              Tax <Money cents={order.tax} />
            </span>
          )}
          {order.credit > 0 && (
            <span>
              Credit −<Money cents={order.credit} />
            </span>
          )}
        </span>
      )}
    </>
  );
}
