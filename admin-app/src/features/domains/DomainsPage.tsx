/**
 * Domains: find one by name (as you type); the most recently changed ones when nothing is typed; or one of the lists
 * the dashboard's counts open (`?state=transfer-in` ...).
 */
import { Toolbar } from '../../lib/Toolbar.tsx';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { apiKey } from '@kit/api-client.ts';
import { type StaffDomainState, staffDomainStates } from '../../../../api/contract/support/support-schemas.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { FetchError, useApi } from '../../swr.ts';
import { PageHeader } from '../../lib/PageHeader.tsx';
import { ToolbarInput } from '../../lib/ToolbarField.tsx';
import { DomainsTable } from './DomainsTable.tsx';

const stateTitles: Record<StaffDomainState, string> = {
  'transfer-in': 'Transfers in, at the registry',
  'awaiting-auth-code': 'Transfers in, waiting for an auth code',
  'transfer-away': 'Transfers away',
  suspended: 'Suspended domains',
};

export default function DomainsPage() {
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const settled = useDebounced(q.trim().toLowerCase(), 250);
  const stateParam = params.get('state') ?? '';
  const state = (staffDomainStates as readonly string[]).includes(stateParam) ? (stateParam as StaffDomainState) : null;
  const { data, error } = useApi(apiKey('/admin/domains', { params: { query: { q: settled, ...(state ? { state } : {}) } } }), {
    keepPreviousData: true,
  });
  return (
    <section className="page">
      <PageHeader
        title={state ? stateTitles[state] : 'Domains'}
        intro={state ? <Link to="/admin/domains">All domains</Link> : 'Every domain we hold for a customer, with its live registry state on its page.'}
      />
      <div className="panel">
        <Toolbar label="Domains">
          <ToolbarInput
            label="Search domains"
            grow
            large
            type="search"
            autoComplete="off"
            spellCheck={false}
            placeholder="example.com"
            value={q}
            onValue={(value) => {
              setQ(value);
              setParams({ ...(value ? { q: value } : {}), ...(state ? { state } : {}) }, { replace: true });
            }}
          />
        </Toolbar>
        <div aria-live="polite">
          {error instanceof FetchError ? (
            <p className="notice notice-danger panel-notice" role="alert">
              {error.failure.message}
            </p>
          ) : !data ? (
            <p className="empty" role="status">
              Loading…
            </p>
          ) : (
            <>
              {!settled && !state && data.data.length > 0 && <p className="panel-caption">Recently changed</p>}
              <DomainsTable rows={data.data} empty={state && !settled ? 'None right now.' : `No domain matches “${settled}”.`} emptyIsStatus />
            </>
          )}
        </div>
      </div>
    </section>
  );
}
