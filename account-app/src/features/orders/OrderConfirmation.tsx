/**
 * /account/orders/:orderId: where checkout lands (issue 25, defect 5). The order number, each line with what it
 * cost or that it was not charged, the total taken from which card, and what happens next for each name, in the
 * same words as the emailed receipt (api/contract/orders/order-confirmation.ts). While the registry still answers
 * for a name the page checks again every few seconds.
 */
import { DateText } from '@kit/DateText.tsx';
import { Money } from '@kit/Money.tsx';
import { DomainName } from '@kit/DomainName.tsx';
import { Link, useParams } from 'react-router';
import { apiKey } from '@kit/api-client.ts';
import {
  lineLabel,
  lineNextStep,
  linePrice,
  type OrderConfirmation,
  orderHeadline,
  orderNumber,
  orderStatusLabel,
  receiptSums,
} from '../../../../api/contract/orders/order-confirmation.ts';
import { paths } from '../../paths.ts';
import { FetchError, useApi } from '../../swr.ts';
import './orders.css';

const settled = (order: OrderConfirmation | null | undefined) => order != null && (order.status === 'completed' || order.status === 'failed');

export function OrderConfirmationPage() {
  const orderId = Number(useParams().orderId);
  const valid = Number.isSafeInteger(orderId) && orderId > 0;
  const { data: order, error } = useApi(valid ? apiKey('/orders/{id}', { params: { path: { id: orderId } } }) : null, {
    refreshInterval: (latest) => (settled(latest) ? 0 : 4000),
  });
  if (!valid || (error instanceof FetchError && error.failure.status === 404) || order === null) {
    return (
      <main id="main" className="container account-main">
        <h1>Order not found</h1>
        <p>
          There is no such order in your account. Your domains are in <Link to={paths.domains.href()}>My Domains</Link>.
        </p>
      </main>
    );
  }
  if (error) {
    return (
      <main id="main" className="container account-main">
        <h1>Your order</h1>
        <p className="order-error">We could not load this order. Please reload the page.</p>
      </main>
    );
  }
  if (!order) {
    return (
      <main id="main" className="container account-main" aria-busy="true">
        <p role="status">Loading your order…</p>
      </main>
    );
  }
  const notCharged = order.lines.filter((line) => !line.charged);
  return (
    <main id="main" className="container account-main order-page">
      <header className={`order-head is-${order.status}`}>
        <p className="order-eyebrow">
          Order {orderNumber(order.orderId)} · <DateText value={order.createDate} />
          {order.refundStatus !== 'none' && <> · {orderStatusLabel(order)}</>}
        </p>
        <h1>{orderHeadline(order)}</h1>
        {order.email && order.status === 'completed' && (
          <p className="order-receipt-note">
            A receipt is on its way to <strong className="order-email">{order.email}</strong>.
          </p>
        )}
        {order.error && <p className="order-error">{order.error}</p>}
      </header>

      <section className="card order-card" aria-labelledby="order-lines-heading">
        <h2 id="order-lines-heading">What you bought</h2>
        <ul className="order-lines">
          {order.lines.map((line) => (
            <li key={`${line.kind}-${line.domain}`} className={`order-line${line.charged ? '' : ' is-not-charged'}`}>
              <div className="order-line-what">
                <span className="order-line-domain">
                  <DomainName name={line.domain} />
                </span>
                <span className="order-line-kind">
                  {lineLabel(line)}
                  {line.protectionPrice > 0 && (
                    <>
                      {' '}
                      · Domain Protection <Money cents={line.protectionPrice} />
                    </>
                  )}
                  {line.monthlyPrice > 0 && (
                    <>
                      {' '}
                      · plan, first month <Money cents={line.monthlyPrice} />
                    </>
                  )}
                </span>
              </div>
              <span className="order-line-amount">
                {line.charged ? (
                  <>
                    <Money cents={linePrice(line)} />
                    {line.discount > 0 && (
                      <span className="order-line-reduction">
                        {' '}
                        Promo code {order.promoCode}: −<Money cents={line.discount} />
                      </span>
                    )}
                    {line.credit > 0 && (
                      <span className="order-line-reduction">
                        {' '}
                        Account credit: −<Money cents={line.credit} />
                      </span>
                    )}
                    {line.refundState && <span className="order-line-reduction"> {line.refundState === 'cancelled' ? 'Cancelled' : 'Refunded'}</span>}
                  </>
                ) : (
                  <span className="order-not-charged">{settled(order) || line.outcome === 'failed' ? 'Not charged' : 'Not charged yet'}</span>
                )}
              </span>
            </li>
          ))}
        </ul>
        <dl className="order-sums" aria-label="Order totals">
          {receiptSums(order)
            .filter((row) => row.label !== 'Total charged')
            .map((row) => (
              <div key={row.label}>
                <dt>{row.label}</dt>
                <dd>
                  {row.amount < 0 ? '−' : ''}
                  <Money cents={Math.abs(row.amount)} />
                </dd>
              </div>
            ))}
        </dl>
        <dl className="order-totals">
          <div>
            <dt>Total charged</dt>
            <dd className="order-total">
              <Money cents={order.totalCharged} />
            </dd>
          </div>
          <div>
            <dt>Card</dt>
            <dd>{order.card ?? 'The card is no longer on your account'}</dd>
          </div>
        </dl>
        {order.taxNote && <p className="order-fine-print order-tax-note">{order.taxNote}</p>}
        {notCharged.length > 0 && order.status !== 'failed' && (
          <p className="order-fine-print">You are charged only for what was delivered: the lines marked “Not charged” cost you nothing.</p>
        )}
      </section>

      {(order.documents.length > 0 || order.refundStatus !== 'none') && (
        <section className="card order-card" aria-labelledby="order-documents-heading">
          <h2 id="order-documents-heading">Invoices and refunds</h2>
          {order.refundStatus !== 'none' && (
            <p>
              {orderStatusLabel(order)}:{' '}
              {order.refundedToCard > 0 && (
                <>
                  <Money cents={order.refundedToCard} /> to your card
                </>
              )}
              {order.refundedToCard > 0 && order.refundedAsCredit > 0 && ' and '}
              {order.refundedAsCredit > 0 && (
                <>
                  <Money cents={order.refundedAsCredit} /> as account credit
                </>
              )}
              .
            </p>
          )}
          <ul className="order-documents">
            {order.documents.map((doc) => (
              <li key={doc.number}>
                <a href={`/api/orders/documents/${doc.number}`} download>
                  {doc.kind === 'invoice' ? 'Invoice' : 'Credit note'} {doc.number} (PDF)
                </a>{' '}
                · <DateText value={doc.createDate} /> · {doc.total < 0 ? '−' : ''}
                <Money cents={Math.abs(doc.total)} />
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="card order-card" aria-labelledby="order-next-heading">
        <h2 id="order-next-heading">What happens next</h2>
        <ul className="order-next">
          {order.lines.map((line) => (
            <li key={`${line.kind}-${line.domain}`} className={`order-next-item is-${line.outcome}`}>
              {lineNextStep(line)}
            </li>
          ))}
        </ul>
        <div className="order-actions">
          <Link className="btn btn-spot" to={paths.domains.href()}>
            Go to My Domains
          </Link>
          <Link className="btn btn-secondary" to={paths.orders.href()}>
            All orders
          </Link>
          <a className="btn btn-secondary" href={paths.search.href()}>
            Find another domain
          </a>
        </div>
      </section>
    </main>
  );
}
