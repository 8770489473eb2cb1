/**
 * Payouts: what sellers are owed for names sold through our market (their share is theirs, not revenue), and paying
 * it: one seller or the ticked batch, through the payouts provider or by bank transfer with its reference. Each payout
 * is audited; one request key per click, so a retry pays once.
 */
import { useState } from 'react';
import { isFailure } from '@kit/api.ts';
import { apiClient, apiKey } from '@kit/api-client.ts';
import { showToast } from '@kit/toasts.ts';
import { formatMoney } from '../../../../api/contract/money.ts';
import { formatDateTime } from '@kit/dates.ts';
import { useStaffSession } from '../../shell/session.ts';
import { useApi } from '../../swr.ts';

export default function Payouts() {
  const { can } = useStaffSession();
  const { data, error, mutate } = useApi(apiKey('/admin/payouts'));
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [method, setMethod] = useState<'provider' | 'manual'>('provider');
  const [reference, setReference] = useState('');
  const [busy, setBusy] = useState(false);
  const owed = data?.sellers.filter((seller) => seller.balance > 0) ?? [];

  async function pay(accountIds: number[]) {
    setBusy(true);
    const answer = await apiClient.POST('/admin/payouts', {
      body: { accountIds, method, reference: method === 'manual' ? reference : undefined, idempotencyKey: crypto.randomUUID() },
    });
    setBusy(false);
    if (isFailure(answer)) return;
    const failed = answer.results.filter((result) => result.error);
    showToast(
      failed.length ? `Paid ${answer.results.length - failed.length}; ${failed.map((f) => `account ${f.accountId}: ${f.error}`).join('; ')}` : 'Paid out.',
      failed.length ? 'error' : 'success',
    );
    setPicked(new Set());
    await mutate();
  }

  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1>Payouts</h1>
          <p>Sellers’ shares of market sales are owed to them, not revenue. Pay one seller or a batch.</p>
        </div>
      </div>
      {error && <p className="notice notice-warning">We could not load the payouts. Reload the page.</p>}
      <section className="panel" aria-labelledby="owed-heading">
        <div className="panel-header">
          <h2 id="owed-heading">Owed to sellers</h2>
        </div>
        {can('orders:refund') && (
          <div className="toolbar">
            <fieldset className="field">
              <legend>Pay through</legend>
              <label>
                <input type="radio" name="payout-method" checked={method === 'provider'} onChange={() => setMethod('provider')} /> The payouts provider
              </label>{' '}
              <label>
                <input type="radio" name="payout-method" checked={method === 'manual'} onChange={() => setMethod('manual')} /> A bank transfer made by hand
              </label>
            </fieldset>
            {method === 'manual' && (
              <div className="field">
                <label htmlFor="payout-reference">Bank reference</label>
                <input id="payout-reference" className="input" value={reference} onChange={(event) => setReference(event.target.value)} />
              </div>
            )}
            <button type="button" className="btn btn-primary" disabled={busy || picked.size === 0} onClick={() => void pay([...picked])}>
              Pay the {picked.size} ticked
            </button>
          </div>
        )}
        {owed.length === 0 ? (
          <p className="empty">Nothing is owed to any seller.</p>
        ) : (
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Pay</th>
                  <th scope="col">Seller</th>
                  <th scope="col" className="num">
                    Earned
                  </th>
                  <th scope="col" className="num">
                    Paid out
                  </th>
                  <th scope="col" className="num">
                    Owed
                  </th>
                  <th scope="col">Action</th>
                </tr>
              </thead>
              <tbody>
                {owed.map((seller) => (
                  <tr key={seller.accountId}>
                    <td data-label="Pay">
                      <input
                        type="checkbox"
                        aria-label={`Pick account ${seller.accountId}`}
                        checked={picked.has(seller.accountId)}
                        onChange={(event) => {
                          const next = new Set(picked);
                          if (event.target.checked) next.add(seller.accountId);
                          else next.delete(seller.accountId);
                          setPicked(next);
                        }}
                      />
                    </td>
                    <td data-label="Seller">
                      Account {seller.accountId} · {seller.email ?? 'no login'}
                    </td>
                    <td data-label="Earned" className="num">
                      {formatMoney(seller.share)}
                    </td>
                    <td data-label="Paid out" className="num">
                      {formatMoney(seller.paidOut)}
                    </td>
                    <td data-label="Owed" className="num">
                      {formatMoney(seller.balance)}
                    </td>
                    <td data-label="Action">
                      {can('orders:refund') && (
                        <button type="button" className="btn btn-secondary btn-sm" disabled={busy} onClick={() => void pay([seller.accountId])}>
                          Pay {formatMoney(seller.balance)}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {data && data.payouts.length > 0 && (
        <section className="panel" aria-labelledby="paid-heading">
          <div className="panel-header">
            <h2 id="paid-heading">Recent payouts</h2>
          </div>
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Seller</th>
                  <th scope="col">How</th>
                  <th scope="col">Reference</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.payouts.map((payout) => (
                  <tr key={payout.sellerPayoutId}>
                    <td data-label="When">{formatDateTime(payout.createDate)}</td>
                    <td data-label="Seller">Account {payout.accountId}</td>
                    <td data-label="How">
                      {payout.method === 'manual' ? 'Bank transfer' : payout.status === 'paid' ? 'Payouts provider' : 'Provider: no answer yet'}
                    </td>
                    <td data-label="Reference">{payout.reference ?? '—'}</td>
                    <td data-label="Amount" className="num">
                      {formatMoney(payout.amount)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </section>
  );
}
