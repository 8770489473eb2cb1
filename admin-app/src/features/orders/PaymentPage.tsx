/** One card payment outside orders (a renewal, a monthly bill, Domain Protection): its charges and refunds. */
import { Loaded } from '../../lib/Loaded.tsx';
import { Link, useParams } from 'react-router';
import { apiKey } from '@kit/api-client.ts';
import { useApi } from '../../swr.ts';
import { PaymentPanel } from './PaymentPanel.tsx';

export default function PaymentPage() {
  const { paymentIntentId = '' } = useParams();
  const { data: payment, error, mutate } = useApi(apiKey('/admin/payments/{paymentIntentId}', { params: { path: { paymentIntentId } } }));
  return (
    <section className="page">
      <p className="breadcrumb">
        <Link to={payment ? `/admin/credit?accountId=${payment.accountId}` : '/admin/credit'}>← Account credit and payments</Link>
      </p>
      <div className="page-header">
        <div>
          <h1>Card payment</h1>
          {payment && <p>Account {payment.accountId}</p>}
        </div>
      </div>
      <Loaded data={payment} error={error} page>
        {(payment) => <PaymentPanel payment={payment} refundTo={{ paymentIntentId }} onChanged={() => void mutate()} />}
      </Loaded>
    </section>
  );
}
