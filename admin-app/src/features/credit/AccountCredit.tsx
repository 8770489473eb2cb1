/**
 * One account's money outside orders: its credit balance and history, granting credit (note for the customer,
 * reason for the audit log), and its card payments for renewals, bills and protection, each refundable on its page.
 */
import { ListTable } from '../../lib/ListTable.tsx';
import { PageHeader } from '../../lib/PageHeader.tsx';
import { Panel } from '../../lib/Panel.tsx';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { apiClient, apiKey } from '@kit/api-client.ts';
import { DataTable } from '@kit/DataTable.tsx';
import { Field, TextField } from '@kit/Field.tsx';
import { showToast } from '@kit/toasts.ts';
import { maxCreditGrant } from '../../../../api/contract/billing/account-credit.ts';
import { formatMoney, parseDollars } from '../../../../api/contract/money.ts';
import { formatDateTime } from '@kit/dates.ts';
import { ActionModal } from '../../lib/ActionModal.tsx';
import { MoneyInput } from '../../lib/MoneyInput.tsx';
import { useStaffSession } from '../../shell/session.ts';
import { FetchError, useApi } from '../../swr.ts';

function GrantDialog({ accountId, onClose, onDone }: { accountId: number; onClose: () => void; onDone: () => void }) {
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const cents = parseDollars(amount);
  const amountProblem =
    amount.trim() === ''
      ? null
      : cents == null
        ? 'Enter an amount like 12.50'
        : cents > maxCreditGrant
          ? `At most ${formatMoney(maxCreditGrant)} at a time`
          : null;

  return (
    <ActionModal
      open
      title="Give account credit"
      description={<p className="muted">The account’s next checkout spends it before the card. It shows in the customer’s billing history with your note.</p>}
      fields={
        <>
          <Field label="Amount" error={amountProblem}>
            {(control) => <MoneyInput control={control} value={amount} onValue={(value) => setAmount(value)} autoFocus />}
          </Field>
          <TextField
            label="Note for the customer"
            hint="e.g. Sorry about the outage on March 3"
            value={note}
            onChange={(event) => setNote(event.target.value)}
            maxLength={200}
          />
        </>
      }
      reason="required"
      reasonHint="Kept in the audit log"
      confirm={`Add ${formatMoney(cents ?? 0)} credit`}
      busyLabel="Adding…"
      ready={Boolean(cents) && !amountProblem && note.trim().length >= 3}
      onClose={onClose}
      // An amount that does not read as money goes as it is (null), so the server's message names what to fix.
      run={(reason) => apiClient.POST('/admin/credits', { body: { accountId, amount: cents as number, note, reason }, toast: false })}
      onDone={() => {
        showToast(`Added ${formatMoney(cents ?? 0)} of credit. The customer was emailed.`, 'success');
        onDone();
      }}
    />
  );
}

function AccountMoney({ accountId }: { accountId: number }) {
  const { can } = useStaffSession();
  const [granting, setGranting] = useState(false);
  const credit = useApi(apiKey('/admin/credits', { params: { query: { accountId } } }));
  const payments = useApi(apiKey('/admin/payments', { params: { query: { accountId } } }));
  if (credit.error instanceof FetchError) {
    return (
      <p className="notice notice-danger" role="alert">
        {credit.error.failure.message}
      </p>
    );
  }
  if (!credit.data) return <p role="status">Loading…</p>;
  return (
    <>
      <div className="panel-grid">
        <Panel
          title="Account credit"
          actions={
            can('billing:credit') && (
              <button type="button" className="btn btn-primary" onClick={() => setGranting(true)}>
                Give credit…
              </button>
            )
          }
        >
          <div className="panel-body">
            <dl className="kv">
              <dt>Account</dt>
              <dd>
                {accountId} · {credit.data.email ?? 'no login'} · <Link to={`/admin/orders?accountId=${accountId}`}>Orders</Link>
              </dd>
              <dt>Balance</dt>
              <dd className="balance" data-testid="credit-balance">
                {formatMoney(credit.data.balance)}
              </dd>
            </dl>
          </div>
          <DataTable
            rows={credit.data.entries}
            rowKey={(entry) => entry.accountCreditId}
            empty={null}
            columns={[
              { key: 'when', label: 'When', className: 'nowrap', render: (entry) => formatDateTime(entry.createDate) },
              {
                key: 'what',
                label: 'What',
                render: (entry) =>
                  entry.kind === 'grant' ? entry.note : entry.kind === 'revoke' ? `Taken back: ${entry.note ?? ''}` : 'Spent at checkout (what the order kept)',
              },
              { key: 'amount', label: 'Amount', className: 'num', render: (entry) => formatMoney(entry.amount) },
            ]}
          />
        </Panel>
        <Panel title="Card payments outside orders">
          <ListTable
            data={payments.data}
            error={undefined}
            rowKey={(payment) => payment.paymentIntentId}
            empty="No renewals, bills or other charges were paid by card."
            columns={[
              {
                key: 'paidFor',
                label: 'Paid for',
                render: (payment) => (
                  <Link className="cell-main" to={`/admin/payments/${encodeURIComponent(payment.paymentIntentId)}`}>
                    {payment.description}
                  </Link>
                ),
                sub: (payment) => formatDateTime(payment.date),
              },
              {
                key: 'amount',
                label: 'Amount',
                className: 'num',
                render: (payment) => (
                  <>
                    {formatMoney(payment.amount)}
                    {payment.refunded > 0 && <span className="cell-sub">{formatMoney(payment.refunded)} refunded</span>}
                  </>
                ),
              },
            ]}
          />
        </Panel>
      </div>
      {granting && (
        <GrantDialog
          accountId={accountId}
          onClose={() => setGranting(false)}
          onDone={() => {
            setGranting(false);
            void credit.mutate();
          }}
        />
      )}
    </>
  );
}

export default function AccountCredit() {
  const [params, setParams] = useSearchParams();
  const ids = useId();
  const current = Number(params.get('accountId')) || null;
  const [typed, setTyped] = useState(current ? String(current) : '');
  return (
    <section className="page">
      <PageHeader title="Account credit and payments" intro="An account’s credit, and its card payments for renewals, monthly bills and protection." />
      <div className="panel">
        <form
          className="toolbar"
          role="search"
          aria-label="Account"
          onSubmit={(event) => {
            event.preventDefault();
            const id = Number(typed.replace(/\D/g, ''));
            if (id) setParams({ accountId: String(id) });
          }}
        >
          <div className="field field-narrow">
            <label htmlFor={`${ids}-account`}>Account number</label>
            <input id={`${ids}-account`} className="input" inputMode="numeric" value={typed} onChange={(event) => setTyped(event.target.value)} />
          </div>
          <button type="submit" className="btn btn-secondary">
            Open
          </button>
        </form>
        {!current && <p className="empty">Enter an account number, or open one from an order.</p>}
      </div>
      {current && <AccountMoney key={current} accountId={current} />}
    </section>
  );
}
