/**
 * The order half of both renew modals: preview (Continue), Review Your Order, Place Order (once: one order key per
 * review, disabled while it runs), 3-D Secure when the card asks, and Domains Renewed.
 */
import { DomainName } from '@kit/DomainName.tsx';
import { isFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';
import { DateText } from '@kit/DateText.tsx';
import { withLazyRecentAuth } from '@kit/lazy-recent-auth.ts';
import { Money } from '@kit/Money.tsx';
import type { StepOutcome, StepView } from '@kit/SteppedModal.tsx';
import { confirmView, finishView } from '@kit/step-views.ts';
import { useRef, useState } from 'react';
import { mutate } from 'swr';
import { formatMoney } from '../../../../api/contract/money.ts';
import { cappedTermMessage, type RenewAnswer, type RenewLine, type RenewRequest } from '../../../../api/contract/renewals/renew-rules.ts';
import { includesTax, shownPrice } from '../../../../api/contract/billing/tax.ts';
import { domainsKey, useAccount } from '../domains/api.ts';
import { answerSandboxAuthentication, authenticateWithStripe, authenticationFailedMessage } from './payment-authentication.ts';
import './renewals.css';

export type OrderView = 'confirmRenewDomains' | 'confirmRenewPayment' | 'finishRenewDomains';

const newOrderKey = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`).toString();

export function useRenewOrder<V extends string>() {
  const [request, setRequest] = useState<RenewRequest | null>(null);
  const [order, setOrder] = useState<RenewAnswer | null>(null);
  const [result, setResult] = useState<RenewAnswer | null>(null);
  const [intentId, setIntentId] = useState<string | null>(null);
  const orderKey = useRef(newOrderKey());

  /** Continue: the preview, then Review Your Order. */
  async function preview(next: RenewRequest): Promise<StepOutcome<V | OrderView>> {
    const answer = await apiClient.POST('/renewals', { body: { ...next, commit: false }, toast: false });
    if (isFailure(answer)) return answer;
    setRequest(next);
    setOrder(answer);
    orderKey.current = newOrderKey();
    return 'confirmRenewDomains';
  }

  async function place(paymentIntentId?: string): Promise<StepOutcome<V | OrderView>> {
    // A large order from an older session asks "confirm it's you" first (the server's threshold), then goes on.
    const answer = await withLazyRecentAuth(() =>
      apiClient.POST('/renewals', {
        body: { ...request!, commit: true, orderKey: orderKey.current, ...(paymentIntentId ? { paymentIntentId } : {}) },
        toast: false,
      }),
    );
    if (isFailure(answer)) return answer;
    if (answer.requiresAction && answer.paymentIntentId) {
      if (paymentIntentId) return { error: true, status: 402, message: authenticationFailedMessage };
      const viaStripe = await authenticateWithStripe(answer.clientSecret ?? '');
      if (isFailure(viaStripe)) return viaStripe;
      if (viaStripe) return place(answer.paymentIntentId);
      setIntentId(answer.paymentIntentId);
      return 'confirmRenewPayment';
    }
    setResult(answer);
    void mutate(domainsKey);
    return 'finishRenewDomains';
  }

  async function answerAuthentication(outcome: 'complete' | 'fail'): Promise<StepOutcome<V | OrderView>> {
    const failed = await answerSandboxAuthentication(intentId ?? '', outcome);
    if (failed) return failed;
    return place(intentId ?? undefined);
  }

  const views: Record<OrderView, StepView<V | OrderView>> = {
    confirmRenewDomains: confirmView<V | OrderView>({
      title: 'Review Your Order',
      body: order ? <OrderLines answer={order} requested={request?.renewalPeriod ?? 1} /> : null,
      confirm: 'Place Order',
      variant: 'spot',
      back: true,
      run: () => place(),
    }),
    confirmRenewPayment: {
      title: 'Confirm Your Payment',
      body: (
        <div className="renew-auth">
          <p>Your bank asks you to confirm this payment of {order ? <Money cents={order.totalPrice + (order.tax ?? 0)} /> : null}.</p>
          <p className="muted small">Sandbox test dialog: in production your bank's own 3-D Secure page appears here.</p>
        </div>
      ),
      actions: [
        { label: 'Complete authentication', run: () => answerAuthentication('complete') },
        { label: 'Fail authentication', variant: 'secondary', run: () => answerAuthentication('fail') },
      ],
    },
    finishRenewDomains: finishView<V | OrderView>({
      title: 'Domains Renewed',
      body: result ? <Renewed answer={result} /> : null,
    }),
  };
  return { preview, views };
}

function OrderLines({ answer, requested }: { answer: RenewAnswer; requested: number }) {
  const account = useAccount();
  // Where prices include VAT, each part is shown with its VAT (taxed part by part, as the charge is) and the VAT is
  // said under the total; elsewhere the tax is a row of its own before the total.
  const included = includesTax(account?.chargeTax) && Boolean(answer.tax);
  const shown = (cents: number) => (included ? shownPrice(cents, account?.chargeTax) : cents);
  return (
    <div className="renew-review">
      <p className="muted small">Renewals are processed with the registry immediately and are non-refundable.</p>
      <ul className="renew-lines">
        {answer.domains.map((line) => (
          <li key={line.domainId}>
            <LineSummary line={line} shown={shown} />
            {line.renewalPeriod !== requested && <p className="renew-note">{cappedTermMessage}</p>}
          </li>
        ))}
      </ul>
      {answer.tax && !included ? (
        <p className="renew-total">
          <span>{answer.taxNote ?? 'Tax'}</span>
          <Money cents={answer.tax} />
        </p>
      ) : answer.taxNote && !included ? (
        <p className="muted small">{answer.taxNote}</p>
      ) : null}
      <p className="renew-total">
        <span>Total</span>
        <strong>
          <Money cents={answer.totalPrice + (answer.tax ?? 0)} />
        </strong>
      </p>
      {included ? (
        <p className="renew-total-tax muted small">
          Includes {formatMoney(answer.tax ?? 0)} {answer.taxNote ?? 'tax'}
        </p>
      ) : null}
    </div>
  );
}

function LineSummary({ line, shown }: { line: RenewLine; shown: (cents: number) => number }) {
  const years = `${line.renewalPeriod} year${line.renewalPeriod === 1 ? '' : 's'}`;
  const protection = line.protectionEnabled ? shown(line.protectionPrice) : 0;
  const total = shown(line.renewPrice) + (line.redemptionPrice ? shown(line.redemptionPrice) : 0) + protection;
  return (
    <>
      <div className="renew-line-head">
        <strong className="renew-line-domain">
          <DomainName name={line.domain} />
        </strong>
        <strong>
          <Money cents={total} />
        </strong>
      </div>
      <dl className="renew-line-facts">
        <div>
          <dt>New expiration</dt>
          <dd>
            <DateText value={line.newExpireDate} />
          </dd>
        </div>
        <div>
          <dt>Renewal ({years})</dt>
          <dd>
            <Money cents={shown(line.renewPrice)} />
          </dd>
        </div>
        {line.redemptionPrice ? (
          <div>
            <dt>Redemption</dt>
            <dd>
              <Money cents={shown(line.redemptionPrice)} />
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Protection</dt>
          <dd>{line.protectionEnabled ? <Money cents={protection} /> : 'None'}</dd>
        </div>
      </dl>
    </>
  );
}

function Renewed({ answer }: { answer: RenewAnswer }) {
  const renewed = answer.domains.filter((line) => line.status === 'renewed');
  const missed = answer.domains.filter((line) => line.status !== 'renewed');
  return (
    <div className="renew-review">
      <p>
        We charged <Money cents={answer.totalPrice + (answer.tax ?? 0)} />
        {answer.tax ? (
          <>
            {' '}
            (<Money cents={answer.tax} /> {answer.taxNote ?? 'tax'})
          </>
        ) : null}
        {answer.cardDescription ? ` to your ${answer.cardDescription}` : ''}.
      </p>
      <ul className="renew-lines">
        {renewed.map((line) => (
          <li key={line.domainId}>
            <div className="renew-line-head">
              <strong className="renew-line-domain">
                <DomainName name={line.domain} />
              </strong>
              <span>
                Now expires <DateText value={line.newExpireDate} />
              </span>
            </div>
          </li>
        ))}
      </ul>
      {missed.length > 0 && (
        <p className="step-error">Not renewed, and not charged: {missed.map((line) => `${line.domain}${line.error ? ` (${line.error})` : ''}`).join(', ')}.</p>
      )}
    </div>
  );
}
