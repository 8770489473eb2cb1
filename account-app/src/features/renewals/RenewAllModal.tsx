/**
 * Renew-all (control-panel spec §2 modal 1, §4 "Renew-all flow" and "Select-all rules", §5 "Renew"):
 * selectRenewDomains (Renew My Domain) → confirmRenewDomains (Review Your Order) → finishRenewDomains (Domains Renewed).
 */
import { apiKey } from '@kit/api-client.ts';
import { DomainName } from '@kit/DomainName.tsx';
import { DateText } from '@kit/DateText.tsx';
import { Money } from '@kit/Money.tsx';
import { SteppedModal, type StepViews, useSteppedModal } from '@kit/SteppedModal.tsx';
import { showToast } from '@kit/toasts.ts';
import { useEffect, useMemo, useReducer, useState } from 'react';
import {
  noDomainsSelectedMessage,
  noRenewPriceMessage,
  periodCapNotes,
  protectionPricePerYear,
  type RenewableDomain,
  renewalChargeAmounts,
} from '../../../../api/contract/renewals/renew-rules.ts';
import { formatMoney } from '../../../../api/contract/money.ts';
import { shownPrice } from '../../../../api/contract/billing/tax.ts';
import { chargeTaxLine, chargeWithTax } from '../billing/charge-tax.ts';
import { useAccount } from '../domains/api.ts';
import type { DomainModalProps } from '../domains/domain-props.ts';
import { type OrderView, useRenewOrder } from './renew-order.tsx';
import { initialSelection, selectedDomains, selectionReducer } from './renew-selection.ts';
import { useApi } from '../../swr.ts';
import { PeriodField } from './PeriodField.tsx';

type View = 'selectRenewDomains' | OrderView;
type SortKey = 'domain' | 'expireDate';

export default function RenewAllModal({ domain, onClose, selectedIds }: DomainModalProps) {
  const modal = useSteppedModal<View>({ onClose });
  const account = useAccount();
  const pin = domain?.domainId;
  const { data, error } = useApi(apiKey('/renewals', { params: { query: { domainId: pin } } }));
  const list = data?.data ?? null;
  const [period, setPeriod] = useState(1);
  const [sort, setSort] = useState<{ key: SortKey; direction: 1 | -1 } | null>(null);
  const order = useRenewOrder<View>();

  useEffect(() => {
    modal.open('selectRenewDomains');
  }, []);

  const rows = useMemo(() => sortRows(list ?? [], sort, pin), [list, sort, pin]);
  const renewableIds = useMemo(() => rows.filter((d) => d.renewPrice !== null && d.maxRenewalPeriod > 0).map((d) => d.domainId), [rows]);
  const [selection, dispatch] = useReducer(selectionReducer, undefined, () => initialSelection([]));
  // The list arrives after the first render: start from it, with the card's domain ticked.
  const idsKey = renewableIds.join(',');
  useEffect(() => {
    // Opened for the list's selection: those ticked (the renewable ones among them); else the card's domain.
    dispatch({ type: 'reset', ids: renewableIds, preselected: selectedIds ? selectedIds.filter((id) => renewableIds.includes(id)) : pin ? [pin] : [] });
  }, [idsKey]);
  const state = selection;

  const chosen = selectedDomains(state);
  const estimateLines = rows.flatMap((row) => {
    const choice = state.choices[row.domainId];
    if (!choice?.renew || row.renewPrice === null) return [];
    const years = Math.min(period, row.maxRenewalPeriod);
    return renewalChargeAmounts({
      renewPrice: row.renewPrice * years,
      redemptionPrice: row.redemptionPrice,
      protectionPrice: choice.protect ? protectionPricePerYear * years : 0,
    });
  });

  function tick(row: RenewableDomain, on: boolean) {
    if (on && row.renewPrice === null) {
      showToast(noRenewPriceMessage, 'error');
      return;
    }
    dispatch({ type: 'renew', domainId: row.domainId, on });
  }

  const views: StepViews<View> = {
    selectRenewDomains: {
      title: 'Renew My Domain',
      body: (
        <div className="renew-select">
          {error && <p className="step-error">We could not load your domains. Close this and try again.</p>}
          {!list && !error && <p className="muted">Loading your domains…</p>}
          {list && list.length === 0 && <p>You have no domains to renew.</p>}
          {list && list.length > 0 && (
            <>
              <PeriodField
                value={period}
                onChange={setPeriod}
                notes={periodCapNotes(
                  period,
                  rows.filter((row) => state.choices[row.domainId]?.renew),
                )}
              />
              <div className="renew-table-wrap">
                <table className="renew-table">
                  <thead>
                    <tr>
                      <th scope="col" className="renew-check">
                        <label className="renew-check-label">
                          <input
                            type="checkbox"
                            aria-label="Select all"
                            checked={state.selectAll}
                            onChange={(event) => dispatch({ type: 'selectAll', on: event.currentTarget.checked })}
                          />
                          <span aria-hidden="true">All</span>
                        </label>
                      </th>
                      <th scope="col" aria-sort={ariaSort(sort, 'domain')}>
                        <SortButton
                          label="Domain"
                          active={sort?.key === 'domain'}
                          direction={sort?.direction}
                          onClick={() => setSort(nextSort(sort, 'domain'))}
                        />
                      </th>
                      <th scope="col" className="renew-date" aria-sort={ariaSort(sort, 'expireDate', true)}>
                        <SortButton
                          label="Expiration"
                          active={!sort || sort.key === 'expireDate'}
                          direction={sort?.direction ?? 1}
                          onClick={() => setSort(nextSort(sort ?? { key: 'expireDate', direction: 1 }, 'expireDate'))}
                        />
                      </th>
                      <th scope="col" className="renew-price-col">
                        Price/yr
                      </th>
                      <th scope="col" className="renew-check renew-protect-col">
                        <label className="renew-check-label">
                          <input
                            type="checkbox"
                            aria-label="Protect all"
                            checked={state.protectAll}
                            onChange={(event) => dispatch({ type: 'protectAll', on: event.currentTarget.checked })}
                          />
                          <span aria-hidden="true">Protect</span>
                        </label>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row) => {
                      const choice = state.choices[row.domainId];
                      const atMax = row.maxRenewalPeriod === 0;
                      return (
                        <tr key={row.domainId} className={choice?.renew ? 'is-selected' : undefined}>
                          <td className="renew-check">
                            <input
                              type="checkbox"
                              aria-label={`Renew ${row.domain}`}
                              checked={Boolean(choice?.renew)}
                              disabled={atMax}
                              onChange={(event) => tick(row, event.currentTarget.checked)}
                            />
                          </td>
                          <th scope="row" className="renew-domain">
                            <DomainName name={row.domain} />
                            {row.status !== 'active' && (
                              <span className="badge badge-danger renew-status">{row.status === 'redemption' ? 'Redemption' : 'Expired'}</span>
                            )}
                            {row.isPremium && <span className="badge badge-spot renew-status">Premium</span>}
                            {atMax && <span className="renew-row-note">At the 10-year maximum</span>}
                          </th>
                          <td className="renew-date" data-label="Expires">
                            <DateText value={row.expireDate} />
                          </td>
                          <td className="renew-price-col" data-label="Price/yr">
                            {row.renewPrice === null ? (
                              <span className="muted small">Contact support</span>
                            ) : (
                              <>
                                <Money cents={shownPrice(row.renewPrice, account?.chargeTax)} />
                                {row.redemptionPrice ? (
                                  <span className="renew-row-note">
                                    + <Money cents={shownPrice(row.redemptionPrice, account?.chargeTax)} /> redemption
                                  </span>
                                ) : null}
                              </>
                            )}
                          </td>
                          <td className="renew-check renew-protect-col" data-label="Protect">
                            <input
                              type="checkbox"
                              aria-label={`Protect ${row.domain}`}
                              checked={Boolean(choice?.protect)}
                              disabled={atMax || row.renewPrice === null}
                              onChange={(event) => dispatch({ type: 'protect', domainId: row.domainId, on: event.currentTarget.checked })}
                            />
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
              <p className="renew-hint muted small">
                Domain Protection: {formatMoney(shownPrice(protectionPricePerYear, account?.chargeTax))} per domain a year. It extends the Renewal Grace Period
                by a year.
              </p>
              <p className="renew-total">
                <span>{chosen.length} selected · estimated total</span>
                <strong>{formatMoney(chargeWithTax(estimateLines, account))}</strong>
              </p>
              {chargeTaxLine(estimateLines, account) ? <p className="renew-total-tax muted small">{chargeTaxLine(estimateLines, account)}</p> : null}
            </>
          )}
        </div>
      ),
      actions: [
        {
          label: 'Continue',
          disabled: !list || list.length === 0,
          run: async () => {
            if (chosen.length === 0) {
              showToast(noDomainsSelectedMessage, 'error');
              return undefined;
            }
            return order.preview({ renewalPeriod: period, domains: chosen });
          },
        },
      ],
    },
    ...order.views,
  };

  return <SteppedModal modal={modal} views={views} />;
}

function sortRows(rows: RenewableDomain[], sort: { key: SortKey; direction: 1 | -1 } | null, pin?: number): RenewableDomain[] {
  const sorted = [...rows].sort((a, b) => {
    const key = sort?.key ?? 'expireDate';
    const direction = sort?.direction ?? 1;
    const order = key === 'domain' ? a.domain.localeCompare(b.domain) : a.expireDate.localeCompare(b.expireDate) || a.domain.localeCompare(b.domain);
    return order * direction;
  });
  const pinned = sorted.findIndex((row) => row.domainId === pin);
  if (pinned > 0) sorted.unshift(...sorted.splice(pinned, 1));
  return sorted;
}

function nextSort(current: { key: SortKey; direction: 1 | -1 } | null, key: SortKey): { key: SortKey; direction: 1 | -1 } {
  if (current?.key === key) return { key, direction: current.direction === 1 ? -1 : 1 };
  return { key, direction: 1 };
}

function ariaSort(sort: { key: SortKey; direction: 1 | -1 } | null, key: SortKey, isDefault = false): 'ascending' | 'descending' | 'none' {
  const active = sort ? sort.key === key : isDefault;
  if (!active) return 'none';
  return (sort?.direction ?? 1) === 1 ? 'ascending' : 'descending';
}

function SortButton({ label, active, direction, onClick }: { label: string; active: boolean; direction?: 1 | -1; onClick: () => void }) {
  return (
    <button type="button" className={`renew-sort${active ? ' is-active' : ''}`} onClick={onClick}>
      {label}
      <span aria-hidden="true">{active ? (direction === -1 ? ' ▼' : ' ▲') : ' ↕'}</span>
      <span className="visually-hidden">, sort</span>
    </button>
  );
}
