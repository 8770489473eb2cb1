/**
 * Account Information, view=billing (control-panel spec §2, §3 Transaction, §9 Billing history): a month from the last
 * 12 since the account opened, its transactions grouped under the spec's type labels with per-type totals, the
 * starting and ending balances, groups over 5 rows collapsed, and the month's statement as a PDF.
 */
import { DataTable } from '@kit/DataTable.tsx';
import { DateText } from '@kit/DateText.tsx';
import { Money } from '@kit/Money.tsx';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  collapsedGroupRows,
  ledgerTypes,
  monthLabel,
  monthSummary,
  selectableMonths,
  type TransactionType,
  transactionTypeLabels,
} from '../../../../api/contract/billing/transaction-types.ts';
import type { Transaction } from '../../../../api/contract/billing/transactions.ts';
import { useAccount } from '../domains/api.ts';
import { statementHref, useTransactions } from './api.ts';
import { VatNumberForm } from './VatNumberForm.tsx';
import './billing.css';

function TransactionGroup({ type, rows, total }: { type: TransactionType; rows: Transaction[]; total: number }) {
  const id = useId();
  const collapsible = rows.length > collapsedGroupRows;
  const [open, setOpen] = useState(!collapsible);
  const label = transactionTypeLabels[type];
  return (
    <section className="txn-group" aria-labelledby={`${id}-title`}>
      <div className="txn-group-head">
        <h3 id={`${id}-title`}>
          {label} <span className="txn-count">{rows.length}</span>
        </h3>
        {collapsible && (
          <button type="button" className="link-action" aria-expanded={open} aria-controls={`${id}-rows`} onClick={() => setOpen(!open)}>
            {open ? 'Hide transactions' : `Show all ${rows.length}`}
          </button>
        )}
      </div>
      <DataTable
        variant="plain"
        className="txn-table"
        id={`${id}-rows`}
        caption={label}
        hideHead
        rows={open ? rows : []}
        rowKey={(row) => row.transactionId}
        columns={[
          { key: 'date', label: 'Date', cellClassName: 'txn-date', render: (row) => <DateText value={row.startDate} /> },
          { key: 'description', label: 'Description', cellClassName: 'txn-description', render: (row) => row.description },
          { key: 'amount', label: 'Amount', cellClassName: 'txn-amount', render: (row) => <Money cents={row.amount} /> },
        ]}
        foot={
          <tr>
            <th scope="row" colSpan={2}>
              Total {label}
            </th>
            <td className="txn-amount">
              <Money cents={total} />
            </td>
          </tr>
        }
      />
    </section>
  );
}

function BalanceLine({ label, cents }: { label: string; cents: number }) {
  return (
    <div className="txn-balance">
      <strong>{label}</strong>
      <strong>
        <Money cents={cents} />
      </strong>
    </div>
  );
}

export default function BillingView() {
  const account = useAccount();
  const [params, setParams] = useSearchParams();
  // The months are fixed once the account is known: the clock of the page, not of each render.
  const [today] = useState(() => new Date());
  const months = account ? selectableMonths(new Date(account.createDate), today) : [];
  const asked = params.get('month');
  const yyyymm = asked && months.includes(asked) ? asked : (months[0] ?? null);
  const { month, isLoading, error } = useTransactions(yyyymm);
  const selectId = useId();

  const choose = (value: string) => {
    const next = new URLSearchParams(params);
    next.set('month', value);
    setParams(next, { replace: true });
  };

  const totals = month?.metaData.totals ?? {};
  const { charges, payments } = monthSummary(month?.data ?? []);

  return (
    <>
      {account && <VatNumberForm account={account} />}
      <section className="card billing-history" aria-labelledby="billing-title">
        <div className="billing-section-head">
          <h2 id="billing-title">Billing History</h2>
          {yyyymm && (
            <a className="btn btn-secondary btn-sm" href={statementHref(yyyymm)} download>
              Download Statement (PDF)
            </a>
          )}
        </div>
        {!account && <p role="status">Loading…</p>}
        {yyyymm && (
          <div className="field billing-month">
            <label htmlFor={selectId}>Statement month</label>
            <select id={selectId} className="input" value={yyyymm} onChange={(event) => choose(event.target.value)}>
              {months.map((value) => (
                <option key={value} value={value}>
                  {monthLabel(value)}
                </option>
              ))}
            </select>
          </div>
        )}
        {yyyymm && (
          <h3 id="billing-month-title" className="billing-month-title">
            {monthLabel(yyyymm)}
          </h3>
        )}
        {isLoading && <p role="status">Loading transactions…</p>}
        {error && <p role="alert">We could not load this month. Please try again.</p>}
        {month && (
          <>
            <dl className="billing-summary">
              <div>
                <dt>{transactionTypeLabels.start}</dt>
                <dd>
                  <Money cents={totals.start ?? 0} />
                </dd>
              </div>
              <div>
                <dt>Charges</dt>
                <dd>
                  <Money cents={charges} />
                </dd>
              </div>
              <div>
                <dt>Payments and refunds</dt>
                <dd>
                  <Money cents={payments} />
                </dd>
              </div>
              <div>
                <dt>{transactionTypeLabels.balance}</dt>
                <dd>
                  <Money cents={totals.balance ?? 0} />
                </dd>
              </div>
            </dl>
            <BalanceLine label={transactionTypeLabels.start} cents={totals.start ?? 0} />
            {month.data.length === 0 && <p className="muted txn-empty">No transactions this month.</p>}
            {ledgerTypes.map((type) => {
              const rows = month.data.filter((row) => row.type === type);
              return rows.length > 0 ? <TransactionGroup key={`${yyyymm}-${type}`} type={type} rows={rows} total={totals[type] ?? 0} /> : null;
            })}
            <BalanceLine label={transactionTypeLabels.balance} cents={totals.balance ?? 0} />
          </>
        )}
      </section>
    </>
  );
}
