/**
 * One customer, everything staff need to help them: contacts, domains, second factors, sessions, API tokens, cards
 * (last 4 only), orders, ledger, notes and the audit entries about them. Opening it is logged. Help actions sit in
 * the header's menu, each behind a dialog that asks for the reason the audit log keeps.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { apiClient, apiKey } from '@kit/api-client.ts';
import { ContactBlock as KitContactBlock } from '@kit/ContactBlock.tsx';
import { DataTable } from '@kit/DataTable.tsx';
import { Money } from '@kit/Money.tsx';
import { showToast } from '@kit/toasts.ts';
import { type TransactionType, transactionTypeLabels } from '../../../../api/contract/billing/transaction-types.ts';
import type { Contact } from '../../../../api/contract/contact.ts';
import type { CustomerRecord } from '../../../../api/contract/support/customers.ts';
import { ActionModal } from '../../lib/ActionModal.tsx';
import { AuditTable } from '../../lib/AuditTable.tsx';
import { formatAgo, formatDateTime, formatDate } from '@kit/dates.ts';
import { RowMenu, type RowAction } from '../../lib/RowMenu.tsx';
import { useStaffSession } from '../../shell/session.ts';
import { FetchError, useApi } from '../../swr.ts';
import { DomainsTable } from '../domains/DomainsTable.tsx';
import { CloseAccountModal, closeBlockedReason, EditCustomerModal, ViewAsModal } from './CustomerEdit.tsx';
import { NotesPanel } from './NotesPanel.tsx';
import { Panel } from '../../lib/Panel.tsx';
import { PlainList } from '../../lib/PlainList.tsx';
import { Address } from '../../lib/Address.tsx';
import { OrderStatus } from '../orders/OrderStatus.tsx';

const collapsedRows = 8;

type Help =
  | 'resetFactors'
  | 'revokeSessions'
  | 'resendRecovery'
  | 'resendApproval'
  | 'resendVerification'
  | { token: CustomerRecord['apiTokens'][number] }
  | 'revokeAllTokens'
  | 'edit'
  | 'viewAs'
  | 'close';

/** Whether the registrant email is verified (#24): unverified names are suspended at the deadline. */
function RegistrantVerification({ status }: { status: CustomerRecord['registrantVerification'] }) {
  if (status.state === 'none') return null;
  if (status.state === 'verified') return <p className="contact-note">Email verified {formatDate(status.verifiedAt)}</p>;
  return (
    <p className={`notice ${status.suspended ? 'notice-danger' : 'notice-warning'} panel-notice-inline`}>
      {status.suspended ? 'Domains suspended: ' : ''}
      {status.email} is not verified yet{status.suspended ? '' : ` (deadline ${formatDate(status.deadline)})`}
      {status.lastSentAt ? `; last emailed ${formatDateTime(status.lastSentAt)}` : ''}.
    </p>
  );
}

/** The kit's contact block as the back office shows it: "None on file", the email breaking only after a dot or an @. */
function ContactBlock({ contact }: { contact: Contact | null }) {
  return <KitContactBlock contact={contact} empty="None on file" email={(email) => <Address value={email} />} />;
}

export default function CustomerPage() {
  const accountId = Number(useParams().accountId);
  const { can } = useStaffSession();
  const {
    data: customer,
    error,
    mutate,
  } = useApi(Number.isInteger(accountId) ? apiKey('/admin/customers/{id}', { params: { path: { id: accountId } } }) : null);
  const onCustomer = { params: { path: { id: accountId } }, toast: false };
  const [help, setHelp] = useState<Help | null>(null);
  const [allTransactions, setAllTransactions] = useState(false);

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
  const helpActions: RowAction[] = [
    ...(can('customers:edit') ? [{ label: 'Edit contacts and login email', onSelect: () => setHelp('edit') }] : []),
    ...(can('customers:view-as') ? [{ label: 'View as customer', onSelect: () => setHelp('viewAs') }] : []),
    ...(can('customers:help')
      ? [
          { label: 'Send a password reset link', onSelect: () => setHelp('resendRecovery') },
          ...(customer.pendingChanges ? [{ label: 'Resend the change approval email', onSelect: () => setHelp('resendApproval') }] : []),
          ...(customer.registrantVerification.state === 'pending'
            ? [{ label: 'Resend the verification email', onSelect: () => setHelp('resendVerification') }]
            : []),
          { label: 'Sign out everywhere', onSelect: () => setHelp('revokeSessions') },
        ]
      : []),
    ...(can('customers:reset-factors') ? [{ label: 'Reset two-step verification', onSelect: () => setHelp('resetFactors'), danger: true }] : []),
    ...(can('customers:close') && !customer.closedAt
      ? [{ label: 'Close the account', onSelect: () => setHelp('close'), danger: true, disabledReason: closeBlockedReason(customer) }]
      : []),
  ];

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
        {helpActions.length > 0 && (
          <div className="page-actions">
            <RowMenu label="Help this customer" name={name} actions={helpActions} />
          </div>
        )}
      </div>

      <div className="panel-grid">
        <Panel title="Registrant">
          <div className="panel-body">
            <ContactBlock contact={registrant} />
            <RegistrantVerification status={customer.registrantVerification} />
          </div>
        </Panel>
        <Panel title="Other contacts">
          <div className="panel-body contacts-grid">
            {(['administrative', 'technical', 'billing'] as const).map((role) => (
              <div key={role}>
                <h3 className="mini-heading">{role[0].toUpperCase() + role.slice(1)}</h3>
                {customer.contacts[role] && JSON.stringify(customer.contacts[role]) !== JSON.stringify(registrant) ? (
                  <ContactBlock contact={customer.contacts[role]} />
                ) : (
                  <p className="muted">Same as registrant</p>
                )}
              </div>
            ))}
          </div>
        </Panel>
      </div>

      <Panel title="Domains" count={customer.domains.length}>
        <DomainsTable rows={customer.domains} showOwner={false} empty="No domains." />
      </Panel>

      <div className="panel-grid">
        <Panel title="Two-step verification" count={customer.secondFactors.length + customer.passkeys.length}>
          <div className="panel-body">
            {customer.secondFactors.length + customer.passkeys.length === 0 ? (
              <p className="muted">{customer.mfaEnrolmentRequired ? 'Reset by staff: the customer adds a new one at next sign-in.' : 'None: password only.'}</p>
            ) : (
              <ul className="plain-list">
                {customer.secondFactors.map((factor) => (
                  <li key={factor.mfaId}>
                    <strong>{factor.description}</strong>{' '}
                    <span className={`badge ${factor.status === 'active' ? 'badge-success' : ''}`}>
                      {factor.status === 'active' ? 'Active' : 'Not confirmed yet'}
                    </span>
                    <span className="cell-sub">Added {formatDate(factor.createDate)}</span>
                  </li>
                ))}
                {customer.passkeys.map((key) => (
                  <li key={key.passkeyId}>
                    <strong>Passkey “{key.name}”</strong>
                    <span className="cell-sub">
                      Added {formatDate(key.createDate)} · last used {formatAgo(key.lastUsedDate)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </Panel>
        <Panel title="Payment methods" count={customer.paymentMethods.length}>
          <div className="panel-body">
            <PlainList items={customer.paymentMethods} itemKey={(card) => card.paymentMethodId} empty="No cards on file.">
              {(card) => (
                <>
                  <strong className="card-brand">{card.brand}</strong> •••• {card.last4}{' '}
                  <span className="muted">
                    exp {String(card.expMonth).padStart(2, '0')}/{card.expYear}
                  </span>{' '}
                  {card.isDefault && <span className="badge badge-info">Default</span>}
                </>
              )}
            </PlainList>
          </div>
        </Panel>
      </div>

      <div className="panel-grid">
        <Panel
          title="Signed-in sessions"
          count={customer.sessions.length}
          actions={
            can('customers:help') && customer.sessions.length > 0 ? (
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => setHelp('revokeSessions')}>
                Sign out everywhere
              </button>
            ) : undefined
          }
        >
          <div className="panel-body">
            <PlainList items={customer.sessions} itemKey={(session) => session.sessionId} empty="Not signed in anywhere.">
              {(session) => (
                <>
                  <strong>Since {formatDateTime(session.createDate)}</strong>
                  <span className="cell-sub">
                    {session.ip ?? 'unknown address'} · {session.userAgent?.slice(0, 80) ?? 'unknown browser'}
                  </span>
                </>
              )}
            </PlainList>
          </div>
        </Panel>
        <Panel
          title="API tokens"
          count={customer.apiTokens.length}
          actions={
            can('customers:help') && customer.apiTokens.length > 1 ? (
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => setHelp('revokeAllTokens')}>
                Revoke all
              </button>
            ) : undefined
          }
        >
          <div className="panel-body">
            <PlainList items={customer.apiTokens} itemKey={(token) => token.apiTokenId} empty="No API tokens." itemClassName="with-action">
              {(token) => (
                <>
                  <span>
                    <strong>{token.name}</strong>
                    <span className="cell-sub">
                      {token.scopes.join(', ')} · last used {formatAgo(token.lastUsedDate)}
                      {token.lastUsedIp ? ` from ${token.lastUsedIp}` : ''}
                    </span>
                  </span>
                  {can('customers:help') && (
                    <button type="button" className="btn btn-ghost btn-sm" onClick={() => setHelp({ token })}>
                      Revoke<span className="visually-hidden"> {token.name}</span>
                    </button>
                  )}
                </>
              )}
            </PlainList>
          </div>
        </Panel>
      </div>

      <Panel title="Orders" count={customer.orders.length}>
        <DataTable
          rows={customer.orders}
          rowKey={(order) => order.orderId}
          empty="No orders."
          columns={[
            { key: 'order', label: 'Order', sort: (order) => order.orderId, render: (order) => <span className="cell-main">#{order.orderId}</span> },
            { key: 'placed', label: 'Placed', render: (order) => formatDateTime(order.createDate) },
            { key: 'status', label: 'Status', render: (order) => <OrderStatus status={order.status} /> },
            { key: 'total', label: 'Total', className: 'num', sort: (order) => order.totalPrice, render: (order) => <Money cents={order.totalPrice} /> },
          ]}
        />
      </Panel>

      <Panel title="Recent transactions" count={customer.transactions.length}>
        <DataTable
          rows={customer.transactions.slice(0, allTransactions ? undefined : collapsedRows)}
          rowKey={(txn) => txn.transactionId}
          empty="No transactions."
          columns={[
            {
              key: 'description',
              label: 'Description',
              main: true,
              render: (txn) => txn.description,
              sub: (txn) => <>#{txn.transactionId}</>,
            },
            { key: 'date', label: 'Date', className: 'nowrap', render: (txn) => formatDate(txn.date) },
            { key: 'type', label: 'Type', render: (txn) => transactionTypeLabels[txn.type as TransactionType] ?? txn.type },
            { key: 'amount', label: 'Amount', className: 'num', render: (txn) => <Money cents={txn.amount} /> },
          ]}
        />
        {customer.transactions.length > collapsedRows && (
          <div className="pager">
            <span>
              {allTransactions ? customer.transactions.length : collapsedRows} of the newest {customer.transactions.length}
            </span>
            <button type="button" className="btn btn-ghost btn-sm" aria-expanded={allTransactions} onClick={() => setAllTransactions(!allTransactions)}>
              {allTransactions ? 'Show fewer' : 'Show all'}
            </button>
          </div>
        )}
      </Panel>

      <NotesPanel accountId={customer.accountId} notes={customer.notes} canWrite={can('customers:notes')} onAdded={() => void mutate()} />

      <Panel title="Audit entries about this customer" count={customer.audit.length}>
        <AuditTable entries={customer.audit} showTarget empty="None yet." />
        <div className="pager">
          <span />
          {can('audit:read') && <Link to={`/admin/audit?q=${encodeURIComponent(customer.email)}`}>All entries in the audit log</Link>}
        </div>
      </Panel>

      {help === 'edit' && <EditCustomerModal customer={customer} open onClose={() => setHelp(null)} onDone={done} />}
      <ViewAsModal customer={customer} open={help === 'viewAs'} onClose={() => setHelp(null)} />
      <CloseAccountModal customer={customer} open={help === 'close'} onClose={() => setHelp(null)} onDone={done} />
      <ActionModal
        open={help === 'resetFactors'}
        title="Reset two-step verification"
        description={
          <>
            <p>
              Only after you checked it is really {name} asking (a call to the phone on file, an ID document). Their authenticator apps, text and email codes
              and passkeys are removed, their API tokens revoked, and they are signed out everywhere and emailed at once.
            </p>
            <p>At their next sign-in, their password gets them in only to add a new security method.</p>
          </>
        }
        reason="required"
        confirm="Reset two-step verification"
        danger
        onClose={() => setHelp(null)}
        run={(reason) => apiClient.POST('/admin/customers/{id}/resetFactors', { ...onCustomer, body: { reason } })}
        onDone={() => done(`Two-step verification reset; ${customer.email} was emailed`)}
      />
      <ActionModal
        open={help === 'revokeSessions'}
        title="Sign out everywhere"
        description={<p>Every browser signed in to this account is signed out. The customer signs in again with their password and second factor.</p>}
        reason="none"
        confirm="Sign out everywhere"
        danger
        onClose={() => setHelp(null)}
        run={() => apiClient.POST('/admin/customers/{id}/revokeSessions', onCustomer)}
        onDone={(answer) => done(`Signed out of ${answer.revoked} session${answer.revoked === 1 ? '' : 's'}`)}
      />
      <ActionModal
        open={help === 'resendRecovery'}
        title="Send a password reset link"
        description={<p>An email to {customer.email} with a link to choose a new password, valid for one hour. Earlier links stop working.</p>}
        reason="none"
        confirm="Send the link"
        onClose={() => setHelp(null)}
        run={() => apiClient.POST('/admin/customers/{id}/resendRecovery', onCustomer)}
        onDone={() => done('Password reset link sent')}
      />
      <ActionModal
        open={help === 'resendVerification'}
        title="Resend the verification email"
        description={
          <p>
            The email that verifies the registrant address goes again to{' '}
            {customer.registrantVerification.state === 'pending' ? customer.registrantVerification.email : 'the registrant'}, with a new link; the old link
            stops working. The customer’s own limits apply (3 an hour).
          </p>
        }
        reason="none"
        confirm="Resend"
        onClose={() => setHelp(null)}
        run={() => apiClient.POST('/admin/customers/{id}/resendVerification', onCustomer)}
        onDone={(answer) => done(answer.message)}
      />
      <ActionModal
        open={help === 'resendApproval'}
        title="Resend the change approval email"
        description={<p>The registrant change waiting for approval is emailed again to the registrant address, with a new link; the old link stops working.</p>}
        reason="none"
        confirm="Resend"
        onClose={() => setHelp(null)}
        run={() => apiClient.POST('/admin/customers/{id}/resendApproval', onCustomer)}
        onDone={(answer) => done(answer.message)}
      />
      <ActionModal
        open={typeof help === 'object' && help !== null}
        title={typeof help === 'object' && help ? `Revoke “${help.token.name}”` : 'Revoke the token'}
        description={<p>Scripts using this token stop working at once. The customer can create a new one.</p>}
        reason="none"
        confirm="Revoke"
        danger
        onClose={() => setHelp(null)}
        run={() =>
          apiClient.POST('/admin/customers/{id}/revokeApiTokens', {
            ...onCustomer,
            body: { apiTokenId: typeof help === 'object' && help ? help.token.apiTokenId : 0 },
          })
        }
        onDone={() => done('API token revoked')}
      />
      <ActionModal
        open={help === 'revokeAllTokens'}
        title="Revoke every API token"
        description={<p>All {customer.apiTokens.length} tokens stop working at once.</p>}
        reason="none"
        confirm="Revoke all"
        danger
        onClose={() => setHelp(null)}
        run={() => apiClient.POST('/admin/customers/{id}/revokeApiTokens', { ...onCustomer, body: {} })}
        onDone={() => done('API tokens revoked')}
      />
    </section>
  );
}
