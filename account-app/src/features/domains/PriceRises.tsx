/**
 * Renewal price rises waiting for the customer: each paused domain says its old and new yearly price, and one click
 * accepts the new price and turns its auto-renew back on.
 */
import { useState } from 'react';
import { mutate } from 'swr';
import { isFailure } from '@kit/api.ts';
import { apiClient, apiKey } from '@kit/api-client.ts';
import { formatMoney } from '../../../../api/contract/money.ts';
import type { PriceRiseView } from '../../../../api/contract/pricing/pricing.ts';
import { shownPrice } from '../../../../api/contract/billing/tax.ts';
import { useApi } from '../../swr.ts';
import { domainsKey, useAccount } from './api.ts';

const key = apiKey('/priceRises');

export function PriceRises() {
  const { data } = useApi(key);
  const account = useAccount();
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!data?.data.length) return null;

  async function accept(rise: PriceRiseView) {
    setBusy(rise.noticeId);
    setError(null);
    const answer = await apiClient.POST('/priceRises/{id}/accept', { params: { path: { id: rise.noticeId } }, toast: false });
    setBusy(null);
    if (isFailure(answer)) return setError(answer.message);
    await Promise.all([mutate(key), mutate(domainsKey)]);
  }

  return (
    <section className="card price-rises" aria-label="Renewal price changes">
      <h2>Renewal price changes</h2>
      <p>So that you are never charged a surprise, auto-renew is paused for these domains until you accept their new price.</p>
      <ul>
        {data.data.map((rise) => (
          <li key={rise.noticeId}>
            <span>
              <strong>{rise.domain}</strong>: {formatMoney(shownPrice(rise.before, account?.chargeTax))} →{' '}
              {formatMoney(shownPrice(rise.after, account?.chargeTax))} a year
            </span>
            <button type="button" className="btn btn-primary" disabled={busy === rise.noticeId} onClick={() => void accept(rise)}>
              Accept new price for {rise.domain}
            </button>
          </li>
        ))}
      </ul>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
