/**
 * One customer, everything staff need to help them: contacts, domains, second factors, sessions, API tokens, cards
 * (last 4 only), orders, ledger, notes and the audit entries about them. Opening it is logged. Help actions sit in
 * the header's menu, each behind a dialog that asks for the reason the audit log keeps.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { apiKey } from '@kit/api-client.ts';
import { formatDate } from '@kit/dates.ts';
import { showToast } from '@kit/toasts.ts';
import { AuditTable } from '../../lib/AuditTable.tsx';
import { Panel } from '../../lib/Panel.tsx';
import { RowMenu } from '../../lib/RowMenu.tsx';
import { useStaffSession } from '../../shell/session.ts';
import { FetchError, useApi } from '../../swr.ts';
import { DomainsTable } from '../domains/DomainsTable.tsx';
import { ApiTokensPanel, SecondFactorsPanel, SessionsPanel } from './AccessPanels.tsx';
import { OrdersPanel, PaymentMethodsPanel, TransactionsPanel } from './BillingPanels.tsx';
import { ContactPanels } from './ContactPanels.tsx';
import { type Help, HelpDialogs, helpActions } from './CustomerHelp.tsx';
import { NotesPanel } from './NotesPanel.tsx';

export default function CustomerPage() {
  const accountId = Number(useParams().accountId);
  const { can } = useStaffSession();
  const {
    data: customer,
    error,
    mutate,
  } = useApi(Number.isInteger(accountId) ? apiKey('/admin/customers/{id}', { params: { path: { id: accountId } } }) : null);
  const [help, setHelp] = useState<Help | null>(null);

  if (error instanceof FetchError) {
    return (
      <section className="page">
        <p className="breadcrumb">
          <Link to="/admin/customers">Customers</Link>
        </p>
        <h1>Customer</h1>
        <p className="notice notice-danger" role="alert">
          {error.failure.message}
        </p>
      </section>
    );
  }
  if (!customer)
    return (
      <div className="page-loading" role="status">
        Loading…
      </div>
    );

  const registrant = customer.contacts.registrant;
  const name = registrant ? `${registrant.firstName} ${registrant.lastName}` : customer.email;
  const done = (message: string) => {
    showToast(message, 'success');
    setHelp(null);
    void mutate();
  };
  const actions = helpActions(customer, can, setHelp);

  return (
    <section className="page">
      <p className="breadcrumb">
        <Link to="/admin/customers">Customers</Link>
      </p>
      <div className="page-header">
        <div>
          <h1>{name}</h1>
          <p>
            {customer.email} · Account {customer.accountId} · since {formatDate(customer.createDate)}
          </p>
          <p className="badges">
            {customer.isDemo && <span className="badge">Demo account</span>}
            {customer.closedAt && <span className="badge badge-danger">Closed {formatDate(customer.closedAt)}</span>}
            {customer.mfaEnrolmentRequired && <span className="badge badge-warning">Must add a second factor at next sign-in</span>}
            {customer.pendingChanges && <span className="badge badge-info">Registrant change awaiting approval</span>}
          </p>
        </div>
        {actions.length > 0 && (
          <div className="page-actions">
            <RowMenu label="Help this customer" name={name} actions={actions} />
          </div>
        )}
      </div>

      <ContactPanels customer={customer} />

      <Panel title="Domains" count={customer.domains.length}>
        <DomainsTable rows={customer.domains} showOwner={false} empty="No domains." />
      </Panel>

      <div className="panel-grid">
        <SecondFactorsPanel customer={customer} />
        <PaymentMethodsPanel customer={customer} />
      </div>

      <div className="panel-grid">
        <SessionsPanel customer={customer} canHelp={can('customers:help')} setHelp={setHelp} />
        <ApiTokensPanel customer={customer} canHelp={can('customers:help')} setHelp={setHelp} />
      </div>

      <OrdersPanel customer={customer} />

      <TransactionsPanel customer={customer} />

      <NotesPanel accountId={customer.accountId} notes={customer.notes} canWrite={can('customers:notes')} onAdded={() => void mutate()} />

      <Panel title="Audit entries about this customer" count={customer.audit.length}>
        <AuditTable entries={customer.audit} showTarget empty="None yet." />
        <div className="pager">
          <span />
          {can('audit:read') && <Link to={`/admin/audit?q=${encodeURIComponent(customer.email)}`}>All entries in the audit log</Link>}
        </div>
      </Panel>

      <HelpDialogs customer={customer} name={name} help={help} setHelp={setHelp} done={done} />
    </section>
  );
}
