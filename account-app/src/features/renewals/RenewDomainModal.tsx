/**
 * One domain's renewal and auto-renew (control-panel spec §2 modal 3, §4 "Auto-renew"): default (Renew My Domain),
 * confirmAutoRenewOff (Cancel Auto-Renewal) → finishAutoRenewOff (Auto-Renewal Cancelled), confirmAutoRenewOn
 * (Enable Auto-Renewal) → finishAutoRenewOn (Auto-Renewal Enabled); renewing goes on to Review Your Order.
 */
import { isFailure } from '@kit/api.ts';
import { apiClient, apiKey } from '@kit/api-client.ts';
import { DateText } from '@kit/DateText.tsx';
import { Money } from '@kit/Money.tsx';
import { SteppedModal, type StepViews, useSteppedModal } from '@kit/SteppedModal.tsx';
import { confirmView, finishView } from '@kit/step-views.ts';
import { showToast } from '@kit/toasts.ts';
import { subDays } from 'date-fns/subDays';
import { useEffect, useState } from 'react';
import { mutate } from 'swr';
import { autoRenewLeadDays } from '../../../../api/contract/domains/domain-status.ts';
import { noRenewPriceMessage, periodCapNotes, protectionPricePerYear, renewalChargeAmounts } from '../../../../api/contract/renewals/renew-rules.ts';
import { formatMoney } from '../../../../api/contract/money.ts';
import { shownPrice } from '../../../../api/contract/billing/tax.ts';
import { chargeTaxLine, chargeWithTax } from '../billing/charge-tax.ts';
import { type Domain, domainsKey, useAccount } from '../domains/api.ts';
import type { DomainModalProps } from '../domains/domain-props.ts';
import { useApi } from '../../swr.ts';
import { PeriodField } from './PeriodField.tsx';
import { type OrderView, useRenewOrder } from './renew-order.tsx';

type View = 'default' | 'confirmAutoRenewOff' | 'finishAutoRenewOff' | 'confirmAutoRenewOn' | 'finishAutoRenewOn' | OrderView;

export default function RenewDomainModal({ domain: opened, onClose }: DomainModalProps) {
  const modal = useSteppedModal<View>({ onClose });
  const [domain, setDomain] = useState<Domain | null>(opened);
  const account = useAccount();
  const { data } = useApi(opened ? apiKey('/renewals', { params: { query: { domainId: opened.domainId } } }) : null);
  const renewable = data?.data.find((d) => d.domainId === opened?.domainId) ?? null;
  const [period, setPeriod] = useState(1);
  const [protect, setProtect] = useState(opened?.protectionEnabled ?? false);
  const order = useRenewOrder<View>();

  useEffect(() => {
    modal.open('default');
  }, []);

  if (!domain) return null;
  const autoPay = Boolean(account?.autoPayDescription);
  const autoRenewOn = domain.autoRenewDate ?? subDays(new Date(domain.expireDate), autoRenewLeadDays).toISOString();

  async function setAutoRenew(on: boolean, next: View) {
    const answer = await apiClient.PATCH('/domains/{id}', { params: { path: { id: domain!.domainId } }, body: { autoRenewEnabled: on }, toast: false });
    if (isFailure(answer)) return answer;
    setDomain(answer);
    void mutate(domainsKey);
    return next;
  }

  const years = renewable ? Math.min(period, Math.max(renewable.maxRenewalPeriod, 1)) : period;
  // What the card pays for this renewal, line by line as the charge is taxed; null without a price.
  const charged =
    renewable?.renewPrice == null
      ? null
      : renewalChargeAmounts({
          renewPrice: renewable.renewPrice * years,
          redemptionPrice: renewable.redemptionPrice,
          protectionPrice: protect ? protectionPricePerYear * years : 0,
        });
  const views: StepViews<View> = {
    default: {
      title: 'Renew My Domain',
      body: (m) => (
        <div className="renew-one">
          <div className="renew-one-head">
            <strong className="renew-line-domain">{domain.domain}</strong>
            <span className="muted">
              Expires <DateText value={domain.expireDate} />
            </span>
          </div>
          <PeriodField value={period} onChange={setPeriod} notes={renewable ? periodCapNotes(period, [renewable]) : []} />
          <label className="renew-check-label renew-protect">
            <input type="checkbox" checked={protect} onChange={(event) => setProtect(event.currentTarget.checked)} />
            <span>
              Domain Protection (<Money cents={shownPrice(protectionPricePerYear, account?.chargeTax)} per="yr" />
              ): extends the Renewal Grace Period by a year
            </span>
          </label>
          <p className="renew-total">
            <span>Renewal price</span>
            <strong>{charged == null ? <span className="muted">{data ? 'Contact support' : '…'}</span> : formatMoney(chargeWithTax(charged, account))}</strong>
          </p>
          {charged && chargeTaxLine(charged, account) ? <p className="renew-total-tax muted small">{chargeTaxLine(charged, account)}</p> : null}
          <dl className="renew-settings">
            <div>
              <dt>Auto-Renew</dt>
              <dd>
                {domain.autoRenewEnabled ? (
                  <>
                    On, <DateText value={autoRenewOn} />{' '}
                    <button type="button" className="link-action" onClick={() => m.go('confirmAutoRenewOff')}>
                      Turn off
                      <span className="visually-hidden"> auto-renew</span>
                    </button>
                  </>
                ) : (
                  <>
                    Off{' '}
                    <button type="button" className="link-action" onClick={() => m.go('confirmAutoRenewOn')}>
                      Turn on
                      <span className="visually-hidden"> auto-renew</span>
                    </button>
                  </>
                )}
              </dd>
            </div>
            <div>
              <dt>Auto Pay</dt>
              <dd>{autoPay ? `On (${account?.autoPayDescription})` : 'Off'}</dd>
            </div>
          </dl>
        </div>
      ),
      actions: [
        {
          label: 'Renew',
          variant: 'spot',
          run: async () => {
            if (data && renewable?.renewPrice == null) {
              showToast(noRenewPriceMessage, 'error');
              return undefined;
            }
            return order.preview({ renewalPeriod: period, domains: [{ domainId: domain.domainId, protectionEnabled: protect }] });
          },
        },
      ],
    },
    confirmAutoRenewOff: confirmView<View>({
      title: 'Cancel Auto-Renewal',
      body: (
        <p>
          Without auto-renewal, {domain.domain} expires on <DateText value={domain.expireDate} /> and is then removed, unless you renew it yourself.
        </p>
      ),
      confirm: 'Cancel Auto-Renewal',
      variant: 'danger',
      back: true,
      run: () => setAutoRenew(false, 'finishAutoRenewOff'),
    }),
    finishAutoRenewOff: finishView<View>({
      title: 'Auto-Renewal Cancelled',
      body: (
        <p>
          {domain.domain} will not renew automatically. It expires on <DateText value={domain.expireDate} />.
        </p>
      ),
    }),
    confirmAutoRenewOn: confirmView<View>({
      title: 'Enable Auto-Renewal',
      body: (
        <>
          <p>
            We will renew {domain.domain} for a year about {autoRenewLeadDays} days before it expires, on{' '}
            <DateText value={subDays(new Date(domain.expireDate), autoRenewLeadDays)} />, with your default payment method.
          </p>
          {!autoPay && <p className="step-error">You have no default payment method yet: add one under Payment, or the renewal will fail.</p>}
        </>
      ),
      confirm: 'Enable Auto-Renewal',
      back: true,
      run: () => setAutoRenew(true, 'finishAutoRenewOn'),
    }),
    finishAutoRenewOn: finishView<View>({
      title: 'Auto-Renewal Enabled',
      body: (
        <p>
          {domain.domain} will renew automatically on <DateText value={autoRenewOn} />.
        </p>
      ),
    }),
    ...order.views,
  };
  return <SteppedModal modal={modal} views={views} />;
}
