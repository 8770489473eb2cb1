/**
 * Payouts: what sellers are owed for names sold through our market (their share is theirs, not revenue), and paying
 * it: one seller or the ticked batch, through the payouts provider or by bank transfer with its reference. Each payout
 * is audited; one request key per click, so a retry pays once.
 */
import { PageHeader } from '../../lib/PageHeader.tsx';
import { Panel } from '../../lib/Panel.tsx';
import { useState } from 'react';
import { isFailure } from '@kit/api.ts';
import { apiClient, apiKey } from '@kit/api-client.ts';
import { showToast } from '@kit/toasts.ts';
import { formatMoney } from '../../../../api/contract/money.ts';
import { DataTable } from '@kit/DataTable.tsx';
import { formatDateTime } from '@kit/dates.ts';
import { useStaffSession } from '../../shell/session.ts';
import { useApi } from '../../swr.ts';

/** A seller's box in the ticked batch. */
function PickBox({ accountId, picked, onPick }: { accountId: number; picked: Set<number>; onPick: (next: Set<number>) => void }) {
  return (
    <input
      type="checkbox"
      aria-label={`Pick account ${accountId}`}
      checked={picked.has(accountId)}
      onChange={(event) => {
        const next = new Set(picked);
        if (event.target.checked) next.add(accountId);
        else next.delete(accountId);
        onPick(next);
      }}
    />
  );
}

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
      <PageHeader title="Payouts" intro="Sellers’ shares of market sales are owed to them, not revenue. Pay one seller or a batch." />
      {error && <p className="notice notice-warning">We could not load the payouts. Reload the page.</p>}
      <Panel title="Owed to sellers">
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
        <DataTable
          rows={owed}
          rowKey={(seller) => seller.accountId}
          empty="Nothing is owed to any seller."
          columns={[
            { key: 'pay', label: 'Pay', render: (seller) => <PickBox accountId={seller.accountId} picked={picked} onPick={setPicked} /> },
            { key: 'seller', label: 'Seller', render: (seller) => `Account ${seller.accountId} · ${seller.email ?? 'no login'}` },
            { key: 'earned', label: 'Earned', className: 'num', sort: (seller) => seller.share, render: (seller) => formatMoney(seller.share) },
            { key: 'paidOut', label: 'Paid out', className: 'num', render: (seller) => formatMoney(seller.paidOut) },
            { key: 'owed', label: 'Owed', className: 'num', sort: (seller) => seller.balance, render: (seller) => formatMoney(seller.balance) },
            {
              key: 'action',
              label: 'Action',
              render: (seller) =>
                can('orders:refund') && (
                  <button type="button" className="btn btn-secondary btn-sm" disabled={busy} onClick={() => void pay([seller.accountId])}>
                    Pay {formatMoney(seller.balance)}
                  </button>
                ),
            },
          ]}
        />
      </Panel>
      {data && data.payouts.length > 0 && (
        <Panel title="Recent payouts">
          <DataTable
            rows={data.payouts}
            rowKey={(payout) => payout.sellerPayoutId}
            columns={[
              { key: 'when', label: 'When', render: (payout) => formatDateTime(payout.createDate) },
              { key: 'seller', label: 'Seller', render: (payout) => `Account ${payout.accountId}` },
              {
                key: 'how',
                label: 'How',
                render: (payout) => (payout.method === 'manual' ? 'Bank transfer' : payout.status === 'paid' ? 'Payouts provider' : 'Provider: no answer yet'),
              },
              { key: 'reference', label: 'Reference', render: (payout) => payout.reference ?? '—' },
              { key: 'amount', label: 'Amount', className: 'num', render: (payout) => formatMoney(payout.amount) },
            ]}
          />
        </Panel>
      )}
    </section>
  );
}
