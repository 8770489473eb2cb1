/**
 * One account's money outside orders: its credit balance and history, granting credit (note for the customer,
 * reason for the audit log), and its card payments for renewals, bills and protection, each refundable on its page.
 */
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isFailure } from '@kit/api.ts';
import { apiClient, apiKey } from '@kit/api-client.ts';
import { Field, TextField } from '@kit/Field.tsx';
import Modal from '@kit/Modal.tsx';
import { showToast } from '@kit/toasts.ts';
import { minReasonLength } from '../../../../api/contract/audit/audit.ts';
import { maxCreditGrant } from '../../../../api/contract/billing/account-credit.ts';
import { formatMoney, parseDollars } from '../../../../api/contract/money.ts';
import { formatDateTime } from '@kit/dates.ts';
import { useStaffSession } from '../../shell/session.ts';
import { FetchError, useApi } from '../../swr.ts';

function GrantDialog({ accountId, onClose, onDone }: { accountId: number; onClose: () => void; onDone: () => void }) {
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cents = parseDollars(amount);
  const amountProblem =
    amount.trim() === ''
      ? null
      : cents == null
        ? 'Enter an amount like 12.50'
        : cents > maxCreditGrant
          ? `At most ${formatMoney(maxCreditGrant)} at a time`
          : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    // An amount that does not read as money goes as it is (null), so the server's message names what to fix.
    const answer = await apiClient.POST('/admin/credits', { body: { accountId, amount: cents as number, note, reason }, toast: false });
    setBusy(false);
    if (isFailure(answer)) return setError(answer.message);
    showToast(`Added ${formatMoney(cents ?? 0)} of credit. The customer was emailed.`, 'success');
    onDone();
  }

  return (
    <Modal open title="Give account credit" onClose={onClose} dismissible={!busy}>
      <form onSubmit={submit} noValidate>
        <p className="small muted">The account’s next checkout spends it before the card. It shows in the customer’s billing history with your note.</p>
        <Field label="Amount" error={amountProblem}>
          {(control) => (
            <div className="money-input">
              <span aria-hidden="true">$</span>
              <input
                {...control}
                className="input"
                inputMode="decimal"
                autoComplete="off"
                placeholder="0.00"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                data-autofocus
              />
            </div>
          )}
        </Field>
        <TextField
          label="Note for the customer"
          hint="e.g. Sorry about the outage on March 3"
          value={note}
          onChange={(event) => setNote(event.target.value)}
          maxLength={200}
        />
        <Field label="Reason" hint={`Kept in the audit log (at least ${minReasonLength} characters)`}>
          {(control) => <textarea className="textarea" {...control} value={reason} onChange={(event) => setReason(event.target.value)} />}
        </Field>
        {error && (
          <p className="step-error" role="alert">
            {error}
          </p>
        )}
        <div className="step-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy || !cents || Boolean(amountProblem) || note.trim().length < 3 || reason.trim().length < minReasonLength}
          >
            {busy ? 'Adding…' : `Add ${formatMoney(cents ?? 0)} credit`}
          </button>
        </div>
      </form>
    </Modal>
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
        <section className="panel" aria-labelledby="credit-heading">
          <div className="panel-header">
            <h2 id="credit-heading">Account credit</h2>
            {can('billing:credit') && (
              <button type="button" className="btn btn-primary" onClick={() => setGranting(true)}>
                Give credit…
              </button>
            )}
          </div>
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
          {credit.data.entries.length > 0 && (
            <div className="table-wrap">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">What</th>
                    <th scope="col" className="num">
                      Amount
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {credit.data.entries.map((entry) => (
                    <tr key={entry.accountCreditId}>
                      <td data-label="When" className="nowrap">
                        {formatDateTime(entry.createDate)}
                      </td>
                      <td data-label="What">
                        {entry.kind === 'grant'
                          ? entry.note
                          : entry.kind === 'revoke'
                            ? `Taken back: ${entry.note ?? ''}`
                            : 'Spent at checkout (what the order kept)'}
                      </td>
                      <td data-label="Amount" className="num">
                        {formatMoney(entry.amount)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <section className="panel" aria-labelledby="payments-heading">
          <div className="panel-header">
            <h2 id="payments-heading">Card payments outside orders</h2>
          </div>
          {!payments.data ? (
            <p className="empty" role="status">
              Loading…
            </p>
          ) : payments.data.data.length === 0 ? (
            <p className="empty">No renewals, bills or other charges were paid by card.</p>
          ) : (
            <div className="table-wrap">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">Paid for</th>
                    <th scope="col" className="num">
                      Amount
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {payments.data.data.map((payment) => (
                    <tr key={payment.paymentIntentId}>
                      <td data-label="Paid for">
                        <Link className="cell-main" to={`/admin/payments/${encodeURIComponent(payment.paymentIntentId)}`}>
                          {payment.description}
                        </Link>
                        <span className="cell-sub">{formatDateTime(payment.date)}</span>
                      </td>
                      <td data-label="Amount" className="num">
                        {formatMoney(payment.amount)}
                        {payment.refunded > 0 && <span className="cell-sub">{formatMoney(payment.refunded)} refunded</span>}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
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
      <div className="page-header">
        <div>
          <h1>Account credit and payments</h1>
          <p>An account’s credit, and its card payments for renewals, monthly bills and protection.</p>
        </div>
      </div>
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
