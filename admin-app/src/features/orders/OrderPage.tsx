/** One order: its lines as the registry answered them (prices, promo discount, credit), its payment, refunds. */
import { Loaded } from '../../lib/Loaded.tsx';
import { Panel } from '../../lib/Panel.tsx';
import { Link, useParams } from 'react-router';
import { apiKey } from '@kit/api-client.ts';
import { formatMoney } from '../../../../api/contract/money.ts';
import { DataTable } from '@kit/DataTable.tsx';
import { formatDateTime } from '@kit/dates.ts';
import { useApi } from '../../swr.ts';
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
      <Loaded data={order} error={error} page>
        {(order) => (
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
            <Panel title="Lines" actions={order.promoCode && <span className="promo-chip">Promo code {order.promoCode}</span>}>
              <DataTable
                rows={order.lines}
                rowKey={(line) => line.orderLineId}
                columns={[
                  {
                    key: 'domain',
                    label: 'Domain',
                    main: true,
                    render: (line) => <Address value={line.domain} />,
                    sub: (line) => (line.kind === 'transfer' ? 'Transfer' : line.kind === 'market' ? 'Marketplace purchase' : 'Registration'),
                  },
                  {
                    key: 'state',
                    label: 'State',
                    render: (line) => (
                      <>
                        <OrderStatus status={line.refundState ?? line.state} />
                        {line.kind === 'registration' && line.graceDaysLeft != null && line.graceDaysLeft >= 0 && !line.refundState && (
                          <span className="cell-sub">Add grace: {line.graceDaysLeft} days left to cancel</span>
                        )}
                        {line.error && <span className="cell-sub">{line.error}</span>}
                      </>
                    ),
                  },
                  { key: 'price', label: 'Price', className: 'num', render: (line) => formatMoney(line.price) },
                  { key: 'extras', label: 'Extras', className: 'num', render: (line) => formatMoney(line.protectionPrice + line.monthlyPrice) },
                  { key: 'discount', label: 'Discount', className: 'num', render: (line) => (line.discount ? `−${formatMoney(line.discount)}` : '—') },
                  { key: 'credit', label: 'Credit', className: 'num', render: (line) => (line.credit ? `−${formatMoney(line.credit)}` : '—') },
                  { key: 'card', label: 'Card', className: 'num', render: (line) => formatMoney(line.totalPrice) },
                ]}
              />
            </Panel>
            {order.payment ? (
              <PaymentPanel payment={order.payment} refundTo={{ orderId: id }} onChanged={() => void mutate()} />
            ) : (
              <p className="notice">Nothing was captured for this order, so there is nothing to refund.</p>
            )}
          </>
        )}
      </Loaded>
    </section>
  );
}
