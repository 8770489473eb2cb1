/** One order: its lines as the registry answered them (prices, promo discount, credit), its payment, refunds. */
import { Link, useParams } from 'react-router';
import { apiKey } from '@kit/api-client.ts';
import { formatMoney } from '../../../../api/contract/money.ts';
import { formatDateTime } from '@kit/dates.ts';
import { FetchError, useApi } from '../../swr.ts';
import { OrderStatus } from './OrderStatus.tsx';
import { PaymentPanel } from './PaymentPanel.tsx';
import { Address } from '../../lib/Address.tsx';

export default function OrderPage() {
  const { orderId } = useParams();
  const id = Number(orderId) || 0;
  const { data: order, error, mutate } = useApi(apiKey('/admin/orders/{id}', { params: { path: { id } } }));
  return (
    <section className="page">
      <p className="breadcrumb">
        <Link to="/admin/orders">← Orders</Link>
      </p>
      {error instanceof FetchError ? (
        <p className="notice notice-danger" role="alert">
          {error.failure.message}
        </p>
      ) : !order ? (
        <p role="status">Loading…</p>
      ) : (
        <>
          <div className="page-header">
            <div>
              <h1>Order #{order.orderId}</h1>
              <p>
                {formatDateTime(order.createDate)} · {order.email ?? 'Visitor'}
                {order.accountId && (
                  <>
                    {' '}
                    · <Link to={`/admin/orders?accountId=${order.accountId}`}>Account {order.accountId}</Link>
                  </>
                )}
              </p>
            </div>
            <div className="page-actions">
              <OrderStatus status={order.refundStatus === 'none' ? order.status : order.refundStatus} />
            </div>
          </div>
          {order.error && <p className="notice notice-warning">{order.error}</p>}
          <section className="panel" aria-labelledby="lines-heading">
            <div className="panel-header">
              <h2 id="lines-heading">Lines</h2>
              {order.promoCode && <span className="promo-chip">Promo code {order.promoCode}</span>}
            </div>
            <div className="table-wrap">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">Domain</th>
                    <th scope="col">State</th>
                    <th scope="col" className="num">
                      Price
                    </th>
                    <th scope="col" className="num">
                      Extras
                    </th>
                    <th scope="col" className="num">
                      Discount
                    </th>
                    <th scope="col" className="num">
                      Credit
                    </th>
                    <th scope="col" className="num">
                      Card
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {order.lines.map((line) => (
                    <tr key={line.orderLineId}>
                      <td data-label="Domain">
                        <span className="cell-main">
                          <Address value={line.domain} />
                        </span>
                        <span className="cell-sub">
                          {line.kind === 'transfer' ? 'Transfer' : line.kind === 'market' ? 'Marketplace purchase' : 'Registration'}
                        </span>
                      </td>
                      <td data-label="State">
                        <OrderStatus status={line.refundState ?? line.state} />
                        {line.kind === 'registration' && line.graceDaysLeft != null && line.graceDaysLeft >= 0 && !line.refundState && (
                          <span className="cell-sub">Add grace: {line.graceDaysLeft} days left to cancel</span>
                        )}
                        {line.error && <span className="cell-sub">{line.error}</span>}
                      </td>
                      <td data-label="Price" className="num">
                        {formatMoney(line.price)}
                      </td>
                      <td data-label="Extras" className="num">
                        {formatMoney(line.protectionPrice + line.monthlyPrice)}
                      </td>
                      <td data-label="Discount" className="num">
                        {line.discount ? `−${formatMoney(line.discount)}` : '—'}
                      </td>
                      <td data-label="Credit" className="num">
                        {line.credit ? `−${formatMoney(line.credit)}` : '—'}
                      </td>
                      <td data-label="Card" className="num">
                        {formatMoney(line.totalPrice)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          {order.payment ? (
            <PaymentPanel payment={order.payment} refundTo={{ orderId: id }} onChanged={() => void mutate()} />
          ) : (
            <p className="notice">Nothing was captured for this order, so there is nothing to refund.</p>
          )}
        </>
      )}
    </section>
  );
}
