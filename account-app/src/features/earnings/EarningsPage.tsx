/** /account/earnings: what the names the customer sold through our market earned them, what we paid out, and what we still owe. */
import { DataTable } from '@kit/DataTable.tsx';
import { DateText } from '@kit/DateText.tsx';
import { DomainName } from '@kit/DomainName.tsx';
import { Money } from '@kit/Money.tsx';
import { apiKey } from '@kit/api-client.ts';
import { useApi } from '../../swr.ts';
import '../orders/orders.css';

export function EarningsPage() {
  const { data, error } = useApi(apiKey('/earnings'));
  return (
    <main id="main" className="container account-main orders-page">
      <h1>Earnings</h1>
      {error ? (
        <p className="order-error">We could not load your earnings. Please reload the page.</p>
      ) : !data ? (
        <p role="status">Loading your earnings…</p>
      ) : (
        <>
          <dl className="order-sums" aria-label="Earnings totals">
            <div>
              <dt>Your share of sales</dt>
              <dd>
                <Money cents={data.share} />
              </dd>
            </div>
            <div>
              <dt>Paid out</dt>
              <dd>
                <Money cents={data.paidOut} />
              </dd>
            </div>
            <div>
              <dt>Owed to you</dt>
              <dd className="order-total">
                <Money cents={data.balance} />
              </dd>
            </div>
          </dl>
          <h2>Sales</h2>
          <DataTable
            variant="plain"
            className="orders-table"
            rows={data.sales}
            rowKey={(sale) => `${sale.domain}-${sale.date}`}
            rowHeaders
            empty="You have not sold a name through our market yet."
            columns={[
              { key: 'domain', label: 'Domain', render: (sale) => <DomainName name={sale.domain} /> },
              { key: 'date', label: 'Date', render: (sale) => <DateText value={sale.date} /> },
              { key: 'price', label: 'Price', className: 'is-money', render: (sale) => <Money cents={sale.price} /> },
              {
                key: 'share',
                label: 'Your share',
                className: 'is-money',
                render: (sale) => (
                  <>
                    <Money cents={sale.share} /> ({sale.payoutPercent}%)
                  </>
                ),
              },
            ]}
          />
          {data.payouts.length > 0 && (
            <>
              <h2>Payouts</h2>
              <ul>
                {data.payouts.map((payout) => (
                  <li key={payout.sellerPayoutId}>
                    <DateText value={payout.createDate} /> · <Money cents={payout.amount} />
                    {payout.reference ? ` · ${payout.reference}` : ''}
                    {payout.status === 'claimed' ? ' · on its way' : ''}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </main>
  );
}
