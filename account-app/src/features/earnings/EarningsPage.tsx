/** /account/earnings: what the names the customer sold through our market earned them, what we paid out, and what we still owe. */
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
          {data.sales.length === 0 ? (
            <p>You have not sold a name through our market yet.</p>
          ) : (
            <table className="orders-table">
              <thead>
                <tr>
                  <th scope="col">Domain</th>
                  <th scope="col">Date</th>
                  <th scope="col" className="is-money">
                    Price
                  </th>
                  <th scope="col" className="is-money">
                    Your share
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.sales.map((sale) => (
                  <tr key={`${sale.domain}-${sale.date}`}>
                    <th scope="row">
                      <DomainName name={sale.domain} />
                    </th>
                    <td>
                      <DateText value={sale.date} />
                    </td>
                    <td className="is-money">
                      <Money cents={sale.price} />
                    </td>
                    <td className="is-money">
                      <Money cents={sale.share} /> ({sale.payoutPercent}%)
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
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
