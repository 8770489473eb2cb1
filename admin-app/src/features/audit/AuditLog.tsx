/**
 * The audit log: every staff action and every read of a customer's personal data, newest first; searched as you
 * type, filtered by action (in words), staff member, customer and dates, and exported as CSV with the same filters (the export is logged too).
 */
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { apiKey } from '@kit/api-client.ts';
import { AuditTable } from '../../lib/AuditTable.tsx';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useStaffSession } from '../../shell/session.ts';
import { FetchError, useApi } from '../../swr.ts';
import { Pager } from '../../lib/Pager.tsx';

const pageSize = 50;

export default function AuditLog() {
  const { can } = useStaffSession();
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const [action, setAction] = useState(params.get('action') ?? '');
  const [staff, setStaff] = useState(params.get('staff') ?? '');
  const [customer, setCustomer] = useState(params.get('customer') ?? '');
  const [from, setFrom] = useState(params.get('from') ?? '');
  const [to, setTo] = useState(params.get('to') ?? '');
  const [skip, setSkip] = useState(0);
  const ids = useId();
  const filters = new URLSearchParams(
    Object.entries({
      q: useDebounced(q.trim()),
      action: useDebounced(action.trim()),
      staff: useDebounced(staff.trim()),
      customer: useDebounced(customer.trim()),
      from,
      to,
    }).filter(([, value]) => value) as [string, string][],
  );
  const key = apiKey('/admin/audit', { params: { query: { ...Object.fromEntries(filters), limit: pageSize, skip } } });
  const { data, error, isLoading } = useApi(key, { keepPreviousData: true });

  function update(setter: (value: string) => void, name: string) {
    return (value: string) => {
      setter(value);
      setSkip(0);
      const next = new URLSearchParams(params);
      if (value) next.set(name, value);
      else next.delete(name);
      setParams(next, { replace: true });
    };
  }

  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1>Audit log</h1>
          <p>Every staff change, and every time staff read a customer’s personal data. Entries can never be edited or deleted.</p>
        </div>
        {can('audit:export') && (
          <div className="page-actions">
            <a className="btn btn-secondary" href={`/api/admin/audit/export?${filters}`} download>
              Export CSV
            </a>
          </div>
        )}
      </div>
      <div className="panel">
        <form className="toolbar" role="search" aria-label="Audit log" onSubmit={(event) => event.preventDefault()}>
          <div className="field field-grow">
            <label htmlFor={`${ids}-q`}>Search</label>
            <input
              id={`${ids}-q`}
              className="input"
              type="search"
              placeholder="Email, domain, reason, address…"
              value={q}
              onChange={(event) => update(setQ, 'q')(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-action`}>Action</label>
            <input
              id={`${ids}-action`}
              className="input"
              placeholder="e.g. suspend, refund"
              value={action}
              onChange={(event) => update(setAction, 'action')(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-staff`}>Staff member</label>
            <input
              id={`${ids}-staff`}
              className="input"
              placeholder="Email"
              value={staff}
              onChange={(event) => update(setStaff, 'staff')(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-customer`}>Customer</label>
            <input
              id={`${ids}-customer`}
              className="input"
              placeholder="Account number or email"
              value={customer}
              onChange={(event) => update(setCustomer, 'customer')(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-from`}>From</label>
            <input id={`${ids}-from`} className="input" type="date" value={from} onChange={(event) => update(setFrom, 'from')(event.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-to`}>To</label>
            <input id={`${ids}-to`} className="input" type="date" value={to} onChange={(event) => update(setTo, 'to')(event.target.value)} />
          </div>
        </form>
        {error instanceof FetchError && error.failure.status !== 401 ? (
          <p className="notice notice-danger panel-notice" role="alert">
            {error.failure.message}
          </p>
        ) : !data ? (
          <p className="empty" role="status">
            {isLoading ? 'Loading…' : ''}
          </p>
        ) : data.data.length === 0 ? (
          <p className="empty">No entries match.</p>
        ) : (
          <>
            <AuditTable entries={data.data} />
            <Pager skip={data.skip} shown={data.data.length} total={data.total} pageSize={pageSize} onSkip={setSkip} />
          </>
        )}
      </div>
    </section>
  );
}
