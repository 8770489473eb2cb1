/**
 * The audit log: every staff action and every read of a customer's personal data, newest first; searched as you
 * type, filtered by action (in words), staff member, customer and dates, and exported as CSV with the same filters (the export is logged too).
 */
import { Toolbar } from '../../lib/Toolbar.tsx';
import { useState } from 'react';
import { apiKey } from '@kit/api-client.ts';
import { AuditTable } from '../../lib/AuditTable.tsx';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useStaffSession } from '../../shell/session.ts';
import { useApi } from '../../swr.ts';
import { Loaded } from '../../lib/Loaded.tsx';
import { useFilterParams } from '../../lib/use-filter-params.ts';
import { PageHeader } from '../../lib/PageHeader.tsx';
import { ToolbarInput } from '../../lib/ToolbarField.tsx';
import { newestFirst } from '../../lib/newest-first.ts';

const pageSize = 50;

export default function AuditLog() {
  const { can } = useStaffSession();
  const [skip, setSkip] = useState(0);
  const { params, remember } = useFilterParams(() => setSkip(0));
  const [q, setQ] = useState(params.get('q') ?? '');
  const [action, setAction] = useState(params.get('action') ?? '');
  const [staff, setStaff] = useState(params.get('staff') ?? '');
  const [customer, setCustomer] = useState(params.get('customer') ?? '');
  const [from, setFrom] = useState(params.get('from') ?? '');
  const [to, setTo] = useState(params.get('to') ?? '');
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

  const update = (setter: (value: string) => void, name: string) => (value: string) => {
    setter(value);
    remember(name, value);
  };

  return (
    <section className="page">
      <PageHeader
        title="Audit log"
        intro="Every staff change, and every time staff read a customer’s personal data. Entries can never be edited or deleted."
        actions={
          can('audit:export') && (
            <a className="btn btn-secondary" href={`/api/admin/audit/export?${filters}`} download>
              Export CSV
            </a>
          )
        }
      />
      <div className="panel">
        <Toolbar label="Audit log">
          <ToolbarInput label="Search" grow type="search" placeholder="Email, domain, reason, address…" value={q} onValue={update(setQ, 'q')} />
          <ToolbarInput label="Action" placeholder="e.g. suspend, refund" value={action} onValue={update(setAction, 'action')} />
          <ToolbarInput label="Staff member" placeholder="Email" value={staff} onValue={update(setStaff, 'staff')} />
          <ToolbarInput label="Customer" placeholder="Account number or email" value={customer} onValue={update(setCustomer, 'customer')} />
          <ToolbarInput label="From" type="date" value={from} onValue={update(setFrom, 'from')} />
          <ToolbarInput label="To" type="date" value={to} onValue={update(setTo, 'to')} />
        </Toolbar>
        <Loaded data={data} error={error} loading={isLoading ? 'Loading…' : ''}>
          {(list) => (
            <AuditTable
              entries={list.data}
              empty="No entries match."
              pager={{ skip: list.skip, total: list.total, pageSize, onSkip: setSkip, ...newestFirst }}
            />
          )}
        </Loaded>
      </div>
    </section>
  );
}
