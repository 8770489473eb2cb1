/**
 * One domain: our record beside what the registry answers now, its suspensions, and the staff actions on it, each
 * behind a dialog that asks for the reason the audit log keeps (and the owner reads in their account activity).
 */
import { Panel } from '../../lib/Panel.tsx';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { mutate as revalidate } from 'swr';
import { apiClient, apiKey } from '@kit/api-client.ts';
import { DataTable } from '@kit/DataTable.tsx';
import { Field } from '@kit/Field.tsx';
import { Money } from '@kit/Money.tsx';
import { showToast } from '@kit/toasts.ts';
import { heldActionMessage, rolesActingOnHeldNames, suspensionBlocksSentence } from '../../../../api/contract/domains/suspension-gate.ts';
import { rolePermissions, staffRoleLabels, staffRoles } from '../../../../api/contract/staff/roles.ts';
import { ActionModal } from '../../lib/ActionModal.tsx';
import { formatDate, formatDateTime } from '@kit/dates.ts';
import { RowMenu, type RowAction } from '../../lib/RowMenu.tsx';
import { useStaffSession } from '../../shell/session.ts';
import { FetchError, useApi } from '../../swr.ts';
import { DomainStatus, domainStatusWords, holdKinds, transferAwayWords } from './DomainsTable.tsx';
import { RegistryCommands } from '../registries/RegistryCommands.tsx';
import { EditCustomerModal } from '../customers/CustomerEdit.tsx';
import { DeleteDomainModal } from './DeleteDomainModal.tsx';
import { DomainTimeline, timelineKey } from './DomainTimeline.tsx';
import { Address } from '../../lib/Address.tsx';

type Action = 'lock' | 'unlock' | 'suspend' | 'unsuspend' | 'renew' | 'restore' | 'move' | 'contacts' | 'delete';

const sameDay = (a: string, b: string) => a.slice(0, 10) === b.slice(0, 10);

/** One value a line (nameservers, statuses), so a phone breaks between them rather than inside one. */
function Lines({ items }: { items: readonly string[] }) {
  if (items.length === 0) return <>—</>;
  return (
    <>
      {items.map((item) => (
        <span key={item} className="kv-line">
          {item}
        </span>
      ))}
    </>
  );
}

/** "Compliance and Owner": the roles the table lets suspend, in words. */
const suspendingRoles = new Intl.ListFormat('en', { type: 'conjunction' }).format(
  staffRoles.filter((role) => rolePermissions[role].includes('domains:suspend')).map((role) => staffRoleLabels[role].label),
);

export default function DomainPage() {
  const domainId = Number(useParams().domainId);
  const { can, session } = useStaffSession();
  const onDomain = { params: { path: { id: domainId } }, toast: false };
  const { data: domain, error, mutate } = useApi(Number.isInteger(domainId) ? apiKey('/admin/domains/{id}', { params: onDomain.params }) : null);
  const [action, setAction] = useState<Action | null>(null);
  const [years, setYears] = useState(1);
  const [toEmail, setToEmail] = useState('');
  // The owner's record (an audited read) only once contacts are to be edited: they are the account's, for all its names.
  const { data: owner } = useApi(action === 'contacts' && domain ? apiKey('/admin/customers/{id}', { params: { path: { id: domain.accountId } } }) : null);

  if (error instanceof FetchError) {
    return (
      <section className="page">
        <p className="breadcrumb">
          <Link to="/admin/domains">Domains</Link>
        </p>
        <h1>Domain</h1>
        <p className="notice notice-danger" role="alert">
          {error.failure.message}
        </p>
      </section>
    );
  }
  if (!domain)
    return (
      <div className="page-loading" role="status">
        Loading…
      </div>
    );

  const registry = domain.registry.ok ? domain.registry.record : null;
  const staffHold = domain.suspensions.some((s) => s.kind === 'staff' && !s.liftDate);
  // A suspended name is unlocked or moved only by compliance or an owner (the server refuses anyone else, 403).
  const heldFromMe = domain.suspendedAt !== null && !(session && rolesActingOnHeldNames.includes(session.staff.role));
  const heldReason = (what: 'unlock' | 'registrant') => (heldFromMe ? heldActionMessage(domain.domain, what, domain.suspensionReason) : undefined);
  const done = (message: string) => {
    showToast(message, 'success');
    setAction(null);
    void mutate();
    void revalidate(timelineKey(domainId));
  };
  const actions: RowAction[] = [
    ...(can('domains:manage') && domain.status === 'active'
      ? [
          domain.locked
            ? { label: 'Unlock for transfer', onSelect: () => setAction('unlock'), disabledReason: heldReason('unlock') }
            : { label: 'Lock against transfer', onSelect: () => setAction('lock') },
        ]
      : []),
    ...(can('domains:courtesy-renew') && (domain.status === 'active' || domain.status === 'expired')
      ? [{ label: 'Renew at no charge', onSelect: () => setAction('renew') }]
      : []),
    ...(can('domains:manage') && domain.status === 'redemption' ? [{ label: 'Restore from redemption', onSelect: () => setAction('restore') }] : []),
    ...(can('domains:move') ? [{ label: 'Move to another account', onSelect: () => setAction('move'), disabledReason: heldReason('registrant') }] : []),
    ...(can('customers:edit') ? [{ label: 'Edit contacts', onSelect: () => setAction('contacts') }] : []),
    ...(can('domains:suspend')
      ? [
          staffHold
            ? { label: 'Lift the suspension', onSelect: () => setAction('unsuspend') }
            : { label: 'Suspend', onSelect: () => setAction('suspend'), danger: true },
        ]
      : []),
    ...(can('domains:delete') && domain.status !== 'deleted' ? [{ label: 'Delete', onSelect: () => setAction('delete'), danger: true }] : []),
  ];

  return (
    <section className="page">
      <p className="breadcrumb">
        <Link to="/admin/domains">Domains</Link>
      </p>
      <div className="page-header">
        <div>
          <h1 className="domain-name">
            <Address value={domain.domain} />
          </h1>
          <p>
            Owner{' '}
            <Link to={`/admin/customers/${domain.accountId}`}>
              <Address value={domain.ownerEmail} />
            </Link>{' '}
            · registered {formatDate(domain.createDate)}
          </p>
          <DomainStatus row={domain} />
        </div>
        {actions.length > 0 && (
          <div className="page-actions">
            <RowMenu label="Actions" name={domain.domain} actions={actions} />
          </div>
        )}
      </div>

      {domain.suspendedAt && (
        <p className="notice notice-danger" role="status">
          Suspended since {formatDateTime(domain.suspendedAt)}: {domain.suspensionReason} {suspensionBlocksSentence}
        </p>
      )}

      <div className="compare">
        <Panel title="Our record">
          <div className="panel-body">
            <dl className="kv">
              <dt>Status</dt>
              <dd>{domainStatusWords[domain.status] ?? domain.status}</dd>
              <dt>Expires</dt>
              <dd>{formatDate(domain.expireDate)}</dd>
              <dt>Transfer lock</dt>
              <dd>{domain.locked ? 'Locked' : `Unlocked${domain.authCodeExpireDate ? ` (code valid until ${formatDate(domain.authCodeExpireDate)})` : ''}`}</dd>
              <dt>Nameservers</dt>
              <dd className="mono">
                <Lines items={domain.nameservers} />
              </dd>
              <dt>Auto-renew</dt>
              <dd>{domain.autoRenewEnabled ? 'On' : 'Off'}</dd>
              <dt>WHOIS privacy</dt>
              <dd>{domain.privacyEnabled ? 'On' : 'Off'}</dd>
              {domain.tdrpHoldDate && (
                <>
                  <dt>Transfer hold</dt>
                  <dd>Until {formatDate(domain.tdrpHoldDate)} (registrant change)</dd>
                </>
              )}
              {domain.outboundTransferStatus && (
                <>
                  <dt>Transfer away</dt>
                  <dd>{transferAwayWords[domain.outboundTransferStatus] ?? domain.outboundTransferStatus}</dd>
                </>
              )}
            </dl>
          </div>
        </Panel>
        <Panel
          title="Registry, live"
          actions={
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => void mutate()}>
              Ask again
            </button>
          }
        >
          <div className="panel-body">
            {!domain.registry.ok ? (
              <p className="notice notice-danger" role="alert">
                The registry did not answer: {domain.registry.error}
              </p>
            ) : !registry ? (
              <p className="notice notice-warning">The registry does not hold this name.</p>
            ) : (
              <dl className="kv">
                <dt>Sponsor</dt>
                <dd className={registry.ours ? '' : 'is-different'}>
                  {registry.registrarName}
                  {registry.ours ? '' : ' (not us)'}
                </dd>
                <dt>Expires</dt>
                <dd className={sameDay(registry.expireDate, domain.expireDate) ? '' : 'is-different'}>{formatDate(registry.expireDate)}</dd>
                <dt>Transfer lock</dt>
                <dd className={registry.locked === domain.locked ? '' : 'is-different'}>{registry.locked ? 'Locked' : 'Unlocked'}</dd>
                <dt>Nameservers</dt>
                <dd className="mono">
                  <Lines items={registry.nameservers} />
                </dd>
                <dt>Statuses</dt>
                <dd className="mono">
                  <Lines items={registry.statuses} />
                </dd>
              </dl>
            )}
          </div>
        </Panel>
      </div>

      <Panel title="Suspensions">
        {session?.state === 'active' && !can('domains:suspend') && (
          <p className="notice notice-warning panel-notice">
            Only {suspendingRoles} staff may suspend a domain or lift a suspension; your role ({staffRoleLabels[session.staff.role].label}) may not.
          </p>
        )}
        <DataTable
          rows={domain.suspensions}
          rowKey={(s) => s.suspensionId}
          empty="Never suspended."
          columns={[
            { key: 'why', label: 'Why', render: (s) => s.reason },
            {
              key: 'by',
              label: 'By',
              render: (s) => (
                <>
                  {holdKinds[s.kind] ?? s.kind}
                  {s.reference && <span className="cell-sub">{s.reference}</span>}
                </>
              ),
            },
            { key: 'from', label: 'From', render: (s) => formatDateTime(s.createDate) },
            { key: 'lifted', label: 'Lifted', render: (s) => (s.liftDate ? formatDateTime(s.liftDate) : <span className="badge badge-danger">Active</span>) },
          ]}
        />
      </Panel>

      {can('registries:read') && <RegistryCommands domain={domain.domain} />}

      <DomainTimeline domainId={domainId} />

      <DeleteDomainModal domainId={domainId} domain={domain.domain} open={action === 'delete'} onClose={() => setAction(null)} onDone={done} />
      {owner && (
        <EditCustomerModal
          customer={owner}
          open={action === 'contacts'}
          note={`These contacts are ${domain.ownerEmail}’s account’s: they change for every domain of the account.`}
          onClose={() => setAction(null)}
          onDone={done}
        />
      )}

      <ActionModal
        open={action === 'unlock' || action === 'lock'}
        title={action === 'unlock' ? `Unlock ${domain.domain}` : `Lock ${domain.domain}`}
        description={
          action === 'unlock' ? (
            <p>
              The registry lets the name transfer away. A new auth code is made for the owner, who reads it in My Domains for 14 days (you never see it); they
              are emailed.
            </p>
          ) : (
            <p>The registry refuses transfers of the name again, and its auth code is replaced by one nobody has seen.</p>
          )
        }
        reason="optional"
        confirm={action === 'unlock' ? 'Unlock' : 'Lock'}
        onClose={() => setAction(null)}
        run={(reason) => apiClient.POST('/admin/domains/{id}/lock', { ...onDomain, body: { locked: action === 'lock', reason: reason || undefined } })}
        onDone={() => done(action === 'unlock' ? 'Unlocked; the owner was emailed' : 'Locked')}
      />
      <ActionModal
        open={action === 'suspend'}
        title={`Suspend ${domain.domain}`}
        description={
          <p>
            The registry puts the name on hold (clientHold) and our DNS stops answering for it: its website and email stop. RDAP shows the hold, and the owner
            reads your reason in My Domains and by email.
          </p>
        }
        reason="required"
        confirm="Suspend"
        danger
        onClose={() => setAction(null)}
        run={(reason) => apiClient.POST('/admin/domains/{id}/suspend', { ...onDomain, body: { reason } })}
        onDone={() => done(`${domain.domain} is suspended`)}
      />
      <ActionModal
        open={action === 'unsuspend'}
        title={`Lift the suspension of ${domain.domain}`}
        description={<p>Our suspension ends. If an abuse case or a registrant verification also holds the name, it stays on hold for that.</p>}
        reason="required"
        confirm="Lift the suspension"
        onClose={() => setAction(null)}
        run={(reason) => apiClient.POST('/admin/domains/{id}/unsuspend', { ...onDomain, body: { reason } })}
        onDone={(answer) => done(answer.stillSuspended ? 'Our suspension is lifted; another hold remains' : `${domain.domain} resolves again`)}
      />
      <ActionModal
        open={action === 'renew'}
        title={`Renew ${domain.domain} at no charge`}
        description={
          <p>
            The registry renews the name; the owner’s ledger shows the renewal and a credit of the same amount
            {domain.renewPrice !== null && (
              <>
                {' '}
                (<Money cents={domain.renewPrice} /> a year)
              </>
            )}
            , so nothing is charged.
          </p>
        }
        fields={
          <Field label="Years">
            {(control) => (
              <select className="select" {...control} value={years} onChange={(event) => setYears(Number(event.target.value))}>
                {[1, 2, 3, 5, 10].map((n) => (
                  <option key={n} value={n}>
                    {n} year{n === 1 ? '' : 's'}
                  </option>
                ))}
              </select>
            )}
          </Field>
        }
        reason="required"
        confirm="Renew at no charge"
        onClose={() => setAction(null)}
        run={(reason) => apiClient.POST('/admin/domains/{id}/courtesyRenew', { ...onDomain, body: { years, reason } })}
        onDone={(answer) => done(`Renewed; it now expires ${formatDate(answer.expireDate)}`)}
      />
      <ActionModal
        open={action === 'restore'}
        title={`Restore ${domain.domain} from redemption`}
        description={<p>The registry’s restore (a request and its report) brings the name back to the owner. If its term has ended, renew it next.</p>}
        reason="required"
        confirm="Restore"
        onClose={() => setAction(null)}
        run={(reason) => apiClient.POST('/admin/domains/{id}/restore', { ...onDomain, body: { reason } })}
        onDone={(answer) => done(answer.status === 'active' ? 'Restored' : 'Restored; renew it now, its term has ended')}
      />
      <ActionModal
        open={action === 'move'}
        title={`Move ${domain.domain} to another account`}
        description={
          <p>
            A change of registrant: the name takes the receiving account’s contacts at the registry and, unless that account opted out, cannot be transferred
            away for 60 days. Both owners are emailed. Check both agreed; say how in the reason.
          </p>
        }
        fields={
          <Field label="Receiving account’s email">
            {(control) => (
              <input className="input" type="email" {...control} value={toEmail} onChange={(event) => setToEmail(event.target.value)} data-autofocus />
            )}
          </Field>
        }
        ready={/\S+@\S+\.\S+/.test(toEmail)}
        reason="required"
        confirm="Move the domain"
        danger
        onClose={() => setAction(null)}
        run={(reason) => apiClient.POST('/admin/domains/{id}/move', { ...onDomain, body: { toEmail, reason } })}
        onDone={() => {
          setToEmail('');
          done(`${domain.domain} moved to ${toEmail}`);
        }}
      />
    </section>
  );
}
