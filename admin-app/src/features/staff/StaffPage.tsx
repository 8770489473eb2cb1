/** Staff (owners): who has access, their roles and second factors; invite, change a role, disable, reset a sign-in. */
import { type FormEvent, useState } from 'react';
import useSWR from 'swr';
import { api, isFailure } from '@kit/api.ts';
import { Field, TextField } from '@kit/Field.tsx';
import Modal from '@kit/Modal.tsx';
import { showToast } from '@kit/toasts.ts';
import { minReasonLength } from '../../../../api/contract/audit/audit.ts';
import type { ListResult } from '../../../../api/contract/list.ts';
import { type StaffRole, staffRoleLabels, staffRoles } from '../../../../api/contract/staff/roles.ts';
import type { StaffMember } from '../../../../api/contract/staff/staff.ts';
import { formatAgo } from '@kit/dates.ts';
import { RowMenu } from '../../lib/RowMenu.tsx';
import { useStaffSession } from '../../shell/session.ts';
import { Address } from '../../lib/Address.tsx';

const staffKey = '/admin/staff';

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
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const answer = await api<StaffMember>(staffKey, { method: 'POST', body: { email, name, role }, toast: false });
    setBusy(false);
    if (isFailure(answer)) return setError(answer.message);
    showToast(`Invitation sent to ${answer.email}`, 'success');
    setEmail('');
    setName('');
    onDone();
  }
  return (
    <Modal open={open} title="Invite a staff member" onClose={onClose} dismissible={!busy}>
      <form onSubmit={submit} noValidate>
        <p className="muted small">They get an email with a one-time link to set a password and a second factor. The link works for 72 hours.</p>
        <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" data-autofocus required />
        <TextField label="Work email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" required />
        <RoleSelect value={role} onChange={setRole} />
        {error && (
          <p className="step-error" role="alert">
            {error}
          </p>
        )}
        <div className="step-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy || !email || !name.trim()}>
            Send invitation
          </button>
        </div>
      </form>
    </Modal>
  );
}

type Editing = { member: StaffMember; kind: 'role' | 'reset' | 'status' };

function EditModal({ editing, onClose, onDone }: { editing: Editing | null; onClose: () => void; onDone: () => void }) {
  const [role, setRole] = useState<StaffRole>(editing?.member.role ?? 'viewer');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!editing) return null;
  const { member, kind } = editing;
  const disabling = member.status !== 'disabled';
  const title =
    kind === 'role'
      ? `Change ${member.name}’s role`
      : kind === 'reset'
        ? `Reset ${member.name}’s sign-in`
        : `${disabling ? 'Disable' : 'Enable'} ${member.name}`;
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const answer =
      kind === 'reset'
        ? await api(`${staffKey}/${member.staffId}/resetFactors`, { method: 'POST', body: { reason }, toast: false })
        : await api(`${staffKey}/${member.staffId}`, {
            method: 'PATCH',
            body: kind === 'role' ? { role, reason: reason || undefined } : { status: disabling ? 'disabled' : 'active', reason: reason || undefined },
            toast: false,
          });
    setBusy(false);
    if (isFailure(answer)) return setError(answer.message);
    showToast(kind === 'reset' ? `A new enrolment link was emailed to ${member.email}` : 'Saved', 'success');
    onDone();
  }
  const needsReason = kind === 'reset';
  return (
    <Modal open title={title} onClose={onClose} dismissible={!busy}>
      <form onSubmit={submit} noValidate>
        {kind === 'role' && <RoleSelect value={role} onChange={setRole} label="New role" />}
        {kind === 'reset' && (
          <p className="small">
            Their password, authenticator app and passkeys are removed and their sessions end. They get a new enrolment link by email to set them again. Use
            this when they lost their phone or security key.
          </p>
        )}
        {kind === 'status' && (
          <p className="small">
            {disabling
              ? 'They are signed out everywhere and cannot sign in until enabled again.'
              : 'They can sign in again with their password and second factor.'}
          </p>
        )}
        <Field label={needsReason ? 'Reason' : 'Reason (optional)'} hint="Kept in the audit log">
          {(control) => (
            <textarea
              className="textarea"
              {...control}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              data-autofocus={kind !== 'role' ? true : undefined}
            />
          )}
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
            className={`btn ${kind === 'role' ? 'btn-primary' : 'btn-danger'}`}
            disabled={busy || (needsReason && reason.trim().length < minReasonLength) || (kind === 'role' && role === member.role)}
          >
            {kind === 'role' ? 'Change role' : kind === 'reset' ? 'Reset sign-in' : disabling ? 'Disable' : 'Enable'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

const statusBadge: Record<StaffMember['status'], string> = { active: 'badge badge-success', invited: 'badge badge-info', disabled: 'badge badge-danger' };

export default function StaffPage() {
  const { session } = useStaffSession();
  const { data, mutate } = useSWR<ListResult<StaffMember>>(staffKey);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const done = () => {
    setInviting(false);
    setEditing(null);
    void mutate();
  };

  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1>Staff</h1>
          <p>Everyone with access to the back office. Each signs in with a password and a second factor.</p>
        </div>
        <div className="page-actions">
          <button type="button" className="btn btn-primary" onClick={() => setInviting(true)}>
            Invite staff
          </button>
        </div>
      </div>
      <div className="panel">
        {!data ? (
          <p className="empty" role="status">
            Loading…
          </p>
        ) : (
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Role</th>
                  <th scope="col">Status</th>
                  <th scope="col">Second factor</th>
                  <th scope="col">Last sign-in</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((member) => {
                  const self = member.staffId === session?.staff.staffId;
                  return (
                    <tr key={member.staffId}>
                      <td data-label="Name">
                        <span className="cell-main">
                          {member.name}
                          {self && <span className="muted"> (you)</span>}
                        </span>
                        <span className="cell-sub">
                          <Address value={member.email} />
                        </span>
                      </td>
                      <td data-label="Role">
                        <span className={`role-badge role-${member.role}`}>{staffRoleLabels[member.role].label}</span>
                      </td>
                      <td data-label="Status">
                        <span className={statusBadge[member.status]}>
                          {member.status === 'invited' ? 'Invited' : member.status === 'active' ? 'Active' : 'Disabled'}
                        </span>
                      </td>
                      <td data-label="Second factor">
                        {[member.hasTotp ? 'Authenticator app' : null, member.passkeys ? `${member.passkeys} passkey${member.passkeys === 1 ? '' : 's'}` : null]
                          .filter(Boolean)
                          .join(', ') || <span className="muted">Not set up</span>}
                      </td>
                      <td data-label="Last sign-in">{formatAgo(member.lastSignInDate)}</td>
                      <td data-label="" className="actions">
                        {!self && (
                          <RowMenu
                            name={member.name}
                            actions={[
                              ...(member.status === 'invited' || (member.status === 'active' && !member.hasTotp && !member.passkeys)
                                ? [
                                    {
                                      label: 'Resend invitation',
                                      onSelect: () => void api(`${staffKey}/${member.staffId}/resendInvitation`, { method: 'POST' }).then(() => mutate()),
                                    },
                                  ]
                                : []),
                              { label: 'Change role', onSelect: () => setEditing({ member, kind: 'role' }) },
                              ...(member.status === 'active'
                                ? [{ label: 'Reset sign-in', onSelect: () => setEditing({ member, kind: 'reset' }), danger: true }]
                                : []),
                              {
                                label: member.status === 'disabled' ? 'Enable' : 'Disable',
                                onSelect: () => setEditing({ member, kind: 'status' }),
                                danger: member.status !== 'disabled',
                              },
                            ]}
                          />
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <InviteModal open={inviting} onClose={() => setInviting(false)} onDone={done} />
      <EditModal key={editing ? `${editing.member.staffId}-${editing.kind}` : 'none'} editing={editing} onClose={() => setEditing(null)} onDone={done} />
    </section>
  );
}
