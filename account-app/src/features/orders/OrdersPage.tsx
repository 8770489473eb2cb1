/**
 * /account/orders: the account's past orders, newest first, each with its status (a refund says so), the names in it,
 * its total and what the card paid; each opens its receipt (/account/orders/:orderId), where its refunds, invoice and
 * credit notes are listed.
 */
import { DateText } from '@kit/DateText.tsx';
import { Money } from '@kit/Money.tsx';
import { Link } from 'react-router';
import { apiKey } from '@kit/api-client.ts';
import { orderNumber, orderStatusLabel } from '../../../../api/contract/orders/order-confirmation.ts';
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
      ) : data.data.length === 0 ? (
        <p>
          You have no orders yet. <a href={paths.search.href()}>Find a domain</a>
        </p>
      ) : (
        <table className="orders-table">
          <caption className="visually-hidden">Your orders, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Date</th>
              <th scope="col">Domains</th>
              <th scope="col">Status</th>
              <th scope="col" className="is-money">
                Total
              </th>
              <th scope="col" className="is-money">
                Card charged
              </th>
            </tr>
          </thead>
          <tbody>
            {data.data.map((order) => (
              <tr key={order.orderId}>
                <th scope="row">
                  <Link to={paths.order.href(order.orderId)}>Order {orderNumber(order.orderId)}</Link>
                </th>
                <td>
                  <DateText value={order.createDate} />
                </td>
                <td className="orders-domains">{order.domains.join(', ')}</td>
                <td>
                  <span className={`order-status is-${order.refundStatus === 'none' ? order.status : order.refundStatus}`}>{orderStatusLabel(order)}</span>
                </td>
                <td className="is-money">
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
                </td>
                <td className="is-money">
                  <Money cents={order.totalCharged} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
