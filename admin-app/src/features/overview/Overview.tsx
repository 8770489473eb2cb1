/** The first view after signing in: who you are here, what your role lets you do, and your sign-in. */
import { Panel } from '../../lib/Panel.tsx';
import { permissions, staffRoleLabels } from '../../../../api/contract/staff/roles.ts';
import { formatDateTime } from '@kit/dates.ts';
import { useStaffSession } from '../../shell/session.ts';
import { Address } from '../../lib/Address.tsx';

export default function Overview() {
  const { session } = useStaffSession();
  if (!session) return null;
  const { staff, factors } = session;
  const factorWords = [
    factors.totp ? 'an authenticator app' : null,
    factors.passkeys ? `${factors.passkeys} passkey${factors.passkeys === 1 ? '' : 's'}` : null,
  ]
    .filter(Boolean)
    .join(' and ');
  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1>Welcome, {staff.name.split(' ')[0]}</h1>
          <p>
            You are signed in as {staffRoleLabels[staff.role].label}: {staffRoleLabels[staff.role].description.toLowerCase()}.
          </p>
        </div>
      </div>
      <div className="panel-grid">
        <Panel title="What your role allows" actions={<span className={`role-badge role-${staff.role}`}>{staffRoleLabels[staff.role].label}</span>}>
          <div className="panel-body">
            <ul className="small">
              {staff.permissions.map((permission) => (
                <li key={permission}>{permissions[permission]}</li>
              ))}
            </ul>
          </div>
        </Panel>
        <Panel title="Your sign-in">
          <div className="panel-body">
            <dl className="kv">
              <dt>Email</dt>
              <dd>
                <Address value={staff.email} />
              </dd>
              <dt>Second factor</dt>
              <dd>{factorWords || 'None'}</dd>
              <dt>Session ends</dt>
              <dd>{formatDateTime(session.expiresAt)} at the latest, or after 30 minutes without activity</dd>
            </dl>
          </div>
        </Panel>
      </div>
    </section>
  );
}
