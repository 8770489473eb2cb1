/** Staff (owners): who has access, their roles and second factors; invite, change a role, disable, reset a sign-in. */
import { actionsColumn } from '@kit/DataTable.tsx';
import { ListTable } from '../../lib/ListTable.tsx';
import { PageHeader } from '../../lib/PageHeader.tsx';
import { useState } from 'react';
import { apiClient, apiKey } from '@kit/api-client.ts';
import { Field, TextField } from '@kit/Field.tsx';
import { showToast } from '@kit/toasts.ts';
import { type StaffRole, staffRoleLabels, staffRoles } from '../../../../api/contract/staff/roles.ts';
import type { StaffMember } from '../../../../api/contract/staff/staff.ts';
import { formatAgo } from '@kit/dates.ts';
import { ActionModal } from '../../lib/ActionModal.tsx';
import { RowMenu } from '../../lib/RowMenu.tsx';
import { useStaffSession } from '../../shell/session.ts';
import { useApi } from '../../swr.ts';
import { Address } from '../../lib/Address.tsx';

const staffKey = apiKey('/admin/staff');

function RoleSelect({ value, onChange, label = 'Role' }: { value: StaffRole; onChange: (role: StaffRole) => void; label?: string }) {
  return (
    <Field label={label} hint={staffRoleLabels[value].description}>
      {(control) => (
        <select className="select" {...control} value={value} onChange={(event) => onChange(event.target.value as StaffRole)}>
          {staffRoles.map((role) => (
            <option key={role} value={role}>
              {staffRoleLabels[role].label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function InviteModal({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('support');
  return (
    <ActionModal
      open={open}
      title="Invite a staff member"
      description={<p className="muted">They get an email with a one-time link to set a password and a second factor. The link works for 72 hours.</p>}
      fields={
        <>
          <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" data-autofocus required />
          <TextField label="Work email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" required />
          <RoleSelect value={role} onChange={setRole} />
        </>
      }
      reason="none"
      confirm="Send invitation"
      ready={Boolean(email) && Boolean(name.trim())}
      onClose={onClose}
      run={() => apiClient.POST('/admin/staff', { body: { email, name, role }, toast: false })}
      onDone={(answer) => {
        showToast(`Invitation sent to ${answer.email}`, 'success');
        setEmail('');
        setName('');
        onDone();
      }}
    />
  );
}

type Editing = { member: StaffMember; kind: 'role' | 'reset' | 'status' };

function EditModal({ editing, onClose, onDone }: { editing: Editing | null; onClose: () => void; onDone: () => void }) {
  const [role, setRole] = useState<StaffRole>(editing?.member.role ?? 'viewer');
  if (!editing) return null;
  const { member, kind } = editing;
  const disabling = member.status !== 'disabled';
  const title =
    kind === 'role'
      ? `Change ${member.name}’s role`
      : kind === 'reset'
        ? `Reset ${member.name}’s sign-in`
        : `${disabling ? 'Disable' : 'Enable'} ${member.name}`;
  const onMember = { params: { path: { id: member.staffId } }, toast: false };
  const save = async (reason: string) =>
    kind === 'reset'
      ? await apiClient.POST('/admin/staff/{id}/resetFactors', { ...onMember, body: { reason } })
      : await apiClient.PATCH('/admin/staff/{id}', {
          ...onMember,
          body: kind === 'role' ? { role, reason: reason || undefined } : { status: disabling ? 'disabled' : 'active', reason: reason || undefined },
        });
  return (
    <ActionModal
      open
      title={title}
      description={
        kind === 'reset' ? (
          <p>
            Their password, authenticator app and passkeys are removed and their sessions end. They get a new enrolment link by email to set them again. Use
            this when they lost their phone or security key.
          </p>
        ) : kind === 'status' ? (
          <p>
            {disabling
              ? 'They are signed out everywhere and cannot sign in until enabled again.'
              : 'They can sign in again with their password and second factor.'}
          </p>
        ) : undefined
      }
      fields={kind === 'role' ? <RoleSelect value={role} onChange={setRole} label="New role" /> : undefined}
      reason={kind === 'reset' ? 'required' : 'optional'}
      reasonHint="Kept in the audit log"
      confirm={kind === 'role' ? 'Change role' : kind === 'reset' ? 'Reset sign-in' : disabling ? 'Disable' : 'Enable'}
      danger={kind !== 'role'}
      ready={kind !== 'role' || role !== member.role}
      onClose={onClose}
      run={save}
      onDone={() => {
        showToast(kind === 'reset' ? `A new enrolment link was emailed to ${member.email}` : 'Saved', 'success');
        onDone();
      }}
    />
  );
}

const statusBadge: Record<StaffMember['status'], string> = { active: 'badge badge-success', invited: 'badge badge-info', disabled: 'badge badge-danger' };

export default function StaffPage() {
  const { session } = useStaffSession();
  const { data, mutate } = useApi(staffKey);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const done = () => {
    setInviting(false);
    setEditing(null);
    void mutate();
  };

  return (
    <section className="page">
      <PageHeader
        title="Staff"
        intro="Everyone with access to the back office. Each signs in with a password and a second factor."
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setInviting(true)}>
            Invite staff
          </button>
        }
      />
      <div className="panel">
        <ListTable
          data={data}
          error={undefined}
          rowKey={(member) => member.staffId}
          columns={[
            {
              key: 'name',
              label: 'Name',
              sort: (member) => member.name,
              main: true,
              render: (member) => (
                <>
                  {member.name}
                  {member.staffId === session?.staff.staffId && <span className="muted"> (you)</span>}
                </>
              ),
              sub: (member) => <Address value={member.email} />,
            },
            {
              key: 'role',
              label: 'Role',
              sort: (member) => staffRoleLabels[member.role].label,
              render: (member) => <span className={`role-badge role-${member.role}`}>{staffRoleLabels[member.role].label}</span>,
            },
            {
              key: 'status',
              label: 'Status',
              render: (member) => (
                <span className={statusBadge[member.status]}>
                  {member.status === 'invited' ? 'Invited' : member.status === 'active' ? 'Active' : 'Disabled'}
                </span>
              ),
            },
            {
              key: 'factor',
              label: 'Second factor',
              render: (member) =>
                [member.hasTotp ? 'Authenticator app' : null, member.passkeys ? `${member.passkeys} passkey${member.passkeys === 1 ? '' : 's'}` : null]
                  .filter(Boolean)
                  .join(', ') || <span className="muted">Not set up</span>,
            },
            { key: 'signIn', label: 'Last sign-in', render: (member) => formatAgo(member.lastSignInDate) },
            actionsColumn(
              (member: StaffMember) =>
                member.staffId !== session?.staff.staffId && (
                  <RowMenu
                    name={member.name}
                    actions={[
                      ...(member.status === 'invited' || (member.status === 'active' && !member.hasTotp && !member.passkeys)
                        ? [
                            {
                              label: 'Resend invitation',
                              onSelect: () =>
                                void apiClient.POST('/admin/staff/{id}/resendInvitation', { params: { path: { id: member.staffId } } }).then(() => mutate()),
                            },
                          ]
                        : []),
                      { label: 'Change role', onSelect: () => setEditing({ member, kind: 'role' }) },
                      ...(member.status === 'active' ? [{ label: 'Reset sign-in', onSelect: () => setEditing({ member, kind: 'reset' }), danger: true }] : []),
                      {
                        label: member.status === 'disabled' ? 'Enable' : 'Disable',
                        onSelect: () => setEditing({ member, kind: 'status' }),
                        danger: member.status !== 'disabled',
                      },
                    ]}
                  />
                ),
            ),
          ]}
        />
      </div>
      <InviteModal open={inviting} onClose={() => setInviting(false)} onDone={done} />
      <EditModal key={editing ? `${editing.member.staffId}-${editing.kind}` : 'none'} editing={editing} onClose={() => setEditing(null)} onDone={done} />
    </section>
  );
}
