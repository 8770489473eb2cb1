/**
 * Sell (control-panel spec §2 modal 9, §5 "Sell form", §9): the form, confirm publish, published; or confirm remove,
 * removed; Edit returns to the form. Prices are typed in dollars and sent in cents; the same rules run on the server.
 */
import { brand } from '@kit/brand.ts';
import { isFailure } from '@kit/api.ts';
import { Money } from '@kit/Money.tsx';
import { type StepViews, SteppedModal, useSteppedModal } from '@kit/SteppedModal.tsx';
import { confirmView, finishView } from '@kit/step-views.ts';
import { useEffect, useId, useState } from 'react';
import {
  defaultFloorPrice,
  defaultListPrice,
  forSalePageBonusPercent,
  forSalePagePayoutPercent,
  salePriceErrors,
  sellerPayout,
  sellerPayoutPercent,
} from '../../../../api/contract/selling/sale.ts';
import type { DomainModalProps } from '../domains/domain-props.ts';
import { updateDomain } from '../transfers/api.ts';
import '../transfers/transfers.css';

type View = 'sellForm' | 'confirmPublish' | 'published' | 'confirmRemove' | 'removed';

/** "99" or "99.50" -> 9900 / 9950; anything else NaN (shown as the price's error). */
function toCents(text: string): number {
  const match = /^\s*\$?\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text.replace(/,/g, ''));
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
const toDollars = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

function PriceField(props: { label: string; value: string; error: string | null; onChange: (value: string) => void; cents: number; bonus: boolean }) {
  const id = useId();
  const valid = !props.error && Number.isFinite(props.cents);
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <div className="money-input">
        <input
          id={id}
          className="input"
          inputMode="decimal"
          autoComplete="off"
          value={props.value}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={`${id}-payout ${id}-error`}
          onChange={(e) => props.onChange(e.target.value)}
        />
      </div>
      <span id={`${id}-payout`} className="field-hint payout">
        {valid ? (
          <>
            You receive <Money cents={sellerPayout(props.cents)} /> ({sellerPayoutPercent}%)
            {props.bonus && (
              <>
                , or <Money cents={sellerPayout(props.cents, true)} /> ({forSalePagePayoutPercent}%) through your For Sale page
              </>
            )}
          </>
        ) : (
          ' '
        )}
      </span>
      <span id={`${id}-error`} className="field-error" aria-live="polite">
        {props.error}
      </span>
    </div>
  );
}

export default function SellModal({ domain, domains, onClose }: DomainModalProps) {
  const modal = useSteppedModal<View>({ onClose });
  const current = domains.find((d) => d.domainId === domain?.domainId) ?? domain;
  const [floor, setFloor] = useState(toDollars(domain?.floorPrice ?? defaultFloorPrice));
  const [list, setList] = useState(toDollars(domain?.listPrice ?? defaultListPrice));
  const [acceptOffers, setAcceptOffers] = useState(domain?.acceptOffers ?? true);
  const [forSalePage, setForSalePage] = useState(domain?.forSalePage ?? true);
  const [agreed, setAgreed] = useState(false);
  const name = current?.domain ?? '';
  const prices = { floorPrice: toCents(floor), listPrice: toCents(list) };
  const errors = salePriceErrors(prices);
  const hasError = Boolean(errors.floorPrice || errors.listPrice);

  useEffect(() => {
    modal.open(domain?.forSale ? 'published' : 'sellForm');
  }, []);

  const pageUrl = `/for-sale/${encodeURIComponent(name)}`;

  const views: StepViews<View> = {
    sellForm: {
      title: 'Sell Your Domain',
      body: (
        <div>
          <p>
            List <strong>{name}</strong> on the {brand.name} market. Buyers pay the list price at once, or make offers from your floor price up.
          </p>
          <div className="sell-prices">
            <PriceField label="Floor Price" value={floor} onChange={setFloor} error={errors.floorPrice} cents={prices.floorPrice} bonus={forSalePage} />
            <PriceField label="List Price" value={list} onChange={setList} error={errors.listPrice} cents={prices.listPrice} bonus={forSalePage} />
          </div>
          <p className="muted small">Minimum price of $99 for both the Floor Price and the List Price.</p>
          <div className="sell-options">
            <label className="check">
              <input type="checkbox" checked={acceptOffers} onChange={(e) => setAcceptOffers(e.target.checked)} />
              <span>Accept offers at or above my Floor Price</span>
            </label>
            <label className="check">
              <input type="checkbox" checked={forSalePage} onChange={(e) => setForSalePage(e.target.checked)} />
              <span>
                Show a For Sale page at {name} (a {forSalePageBonusPercent}% bonus on sales through it: {forSalePagePayoutPercent}% payout)
              </span>
            </label>
            <label className="check">
              <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} required />
              <span>
                I agree to the{' '}
                <a href="/terms" target="_blank" rel="noopener noreferrer">
                  Domain Sale Terms
                </a>
                , including the seller payout: {sellerPayoutPercent}% of the price, or {forSalePagePayoutPercent}% through the For Sale page.
              </span>
            </label>
          </div>
        </div>
      ),
      actions: [
        { label: 'Continue', go: 'confirmPublish', disabled: hasError || !agreed },
        { label: 'Cancel', close: true, variant: 'secondary' },
      ],
    },
    confirmPublish: confirmView<View>({
      title: 'Confirm Listing',
      body: (
        <div>
          <p>
            List <strong>{name}</strong> for sale with these terms?
          </p>
          {!hasError && <Summary listPrice={prices.listPrice} floorPrice={prices.floorPrice} acceptOffers={acceptOffers} forSalePage={forSalePage} />}
        </div>
      ),
      confirm: 'List for Sale',
      variant: 'spot',
      back: true,
      run: async () => {
        if (!current) return { close: true };
        const answer = await updateDomain(current.domainId, { forSale: true, ...prices, acceptOffers, forSalePage });
        return isFailure(answer) ? answer : 'published';
      },
    }),
    published: {
      title: 'Domain Listed for Sale',
      body: (
        <div>
          <p>
            <strong>{name}</strong> is listed for sale.
            {current?.forSalePage && (
              <>
                {' '}
                Its For Sale page:{' '}
                <a href={pageUrl} target="_blank" rel="noopener noreferrer">
                  {name} for sale
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </>
            )}
          </p>
          {current?.listPrice && current.floorPrice ? (
            <Summary listPrice={current.listPrice} floorPrice={current.floorPrice} acceptOffers={current.acceptOffers} forSalePage={current.forSalePage} />
          ) : null}
        </div>
      ),
      actions: [
        { label: 'Done', close: true },
        { label: 'Edit', go: 'sellForm', variant: 'secondary' },
        { label: 'Remove Listing', go: 'confirmRemove', variant: 'secondary' },
      ],
    },
    confirmRemove: confirmView<View>({
      title: 'Remove Listing',
      body: (
        <p>
          Take <strong>{name}</strong> off the market? Its For Sale page closes and no more offers come in.
        </p>
      ),
      confirm: 'Remove Listing',
      variant: 'danger',
      back: true,
      run: async () => {
        if (!current) return { close: true };
        const answer = await updateDomain(current.domainId, { forSale: false });
        return isFailure(answer) ? answer : 'removed';
      },
    }),
    removed: finishView<View>({ title: 'Listing Removed', body: <p>{name} is no longer for sale.</p> }),
  };

  return <SteppedModal modal={modal} views={views} />;
}

function Summary(props: { listPrice: number; floorPrice: number; acceptOffers: boolean; forSalePage: boolean }) {
  return (
    <dl className="sell-summary">
      <div>
        <dt>List Price</dt>
        <dd>
          <Money cents={props.listPrice} />
        </dd>
      </div>
      <div>
        <dt>Floor Price</dt>
        <dd>
          <Money cents={props.floorPrice} />
        </dd>
      </div>
      {/* Both cases where both can happen: the best one alone read as a promise (issue #25). */}
      <div>
        <dt>{props.forSalePage ? 'Your payout on a network sale' : 'Your payout'}</dt>
        <dd>
          <Money cents={sellerPayout(props.listPrice)} /> ({sellerPayoutPercent}%)
        </dd>
      </div>
      {props.forSalePage && (
        <div>
          <dt>Through your For Sale page</dt>
          <dd>
            <Money cents={sellerPayout(props.listPrice, true)} /> ({forSalePagePayoutPercent}%)
          </dd>
        </div>
      )}
      <div>
        <dt>Offers</dt>
        <dd>{props.acceptOffers ? 'Accepted' : 'Not accepted'}</dd>
      </div>
    </dl>
  );
}
