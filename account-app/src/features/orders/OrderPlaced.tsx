/**
 * The panel at the top of My Domains after checkout (/account/domains?order=N): the order number, how it went, the
 * total charged and what happens to each name, with a link to the order's receipt page. It checks again every few
 * seconds while a registry still answers, and closes by dropping `order` from the URL.
 */
import { Money } from '@kit/Money.tsx';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { apiKey } from '@kit/api-client.ts';
import { lineNextStep, type OrderConfirmation, orderHeadline, orderNumber } from '../../../../api/contract/orders/order-confirmation.ts';
import { paths } from '../../paths.ts';
import { useApi } from '../../swr.ts';
import './orders.css';
import './order-placed.css';

const settled = (order: OrderConfirmation | null | undefined) => order != null && (order.status === 'completed' || order.status === 'failed');

/** The order named by `?order=N`, or null when there is none (or it is not a number). */
export function useLandedOrderId(): number | null {
  const [params] = useSearchParams();
  const orderId = Number(params.get('order'));
  return Number.isSafeInteger(orderId) && orderId > 0 ? orderId : null;
}

export function OrderPlaced({ orderId }: { orderId: number }) {
  const [, setParams] = useSearchParams();
  const { data: order, error } = useApi(apiKey('/orders/{id}', { params: { path: { id: orderId } } }), {
    refreshInterval: (latest) => (settled(latest) ? 0 : 4000),
  });
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = order != null;
  // The buyer arrives from the cart: the confirmation is what they look for first.
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);
  if (error || order === null) return null;
  const close = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('order');
        return next;
      },
      { replace: true },
    );
  return (
    <section className={`card order-placed is-${order?.status ?? 'processing'}`} aria-labelledby="order-placed-heading" aria-busy={!order}>
      <p className="order-eyebrow">Order {orderNumber(orderId)}</p>
      <h2 id="order-placed-heading" ref={heading} tabIndex={-1}>
        {order ? orderHeadline(order) : 'Loading your order…'}
      </h2>
      {order && (
        <>
          <dl className="order-placed-facts">
            <div>
              <dt>Order number</dt>
              <dd>{orderNumber(order.orderId)}</dd>
            </div>
            <div>
              <dt>Total charged</dt>
              <dd className="order-total">
                <Money cents={order.totalCharged} />
              </dd>
            </div>
            {order.card && (
              <div>
                <dt>Card</dt>
                <dd>{order.card}</dd>
              </div>
            )}
          </dl>
          {order.error && <p className="order-error">{order.error}</p>}
          <ul className="order-next">
            {order.lines.map((line) => (
              <li key={`${line.kind}-${line.domain}`} className={`order-next-item is-${line.outcome}`}>
                {lineNextStep(line)}
              </li>
            ))}
          </ul>
          {order.email && order.status === 'completed' && (
            <p className="order-receipt-note">
              A receipt is on its way to <strong className="order-email">{order.email}</strong>.
            </p>
          )}
        </>
      )}
      <div className="order-actions">
        <Link className="btn btn-secondary btn-sm" to={paths.order.href(orderId)}>
          View receipt<span className="visually-hidden"> for order {orderNumber(orderId)}</span>
        </Link>
        <button type="button" className="btn btn-ghost btn-sm" onClick={close}>
          Close<span className="visually-hidden"> the order confirmation</span>
        </button>
      </div>
    </section>
  );
}
