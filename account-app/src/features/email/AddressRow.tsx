/** One mailbox or forward in the Email tab, opened to see its usage, change its password or destination, convert or delete it. */
import { isFailure } from '@kit/api.ts';
import { TextField } from '@kit/Field.tsx';
import { type FormEvent, useId, useState } from 'react';
import { passwordProblem, passwordRequiredMessage, usernameOf } from '../../../../api/contract/email/email-rules.ts';
import type { DomainEmail } from '../domains/api.ts';
import { useApi } from '../../swr.ts';
import { refreshDomains, updateEmail, usageKey } from './api.ts';
import { destinationProblem, formatGigabytes } from './email-format.ts';

/** The modal views a row opens. */
export type RowView = 'confirmConvertToForward' | 'confirmConvertToMailbox' | 'confirmDelete';
export type ChangedView = 'finishUpdatePassword' | 'finishUpdateDestination';

export function AddressRow({
  email,
  onOpen,
  onChanged,
}: {
  email: DomainEmail;
  onOpen: (view: RowView, email: DomainEmail) => void;
  onChanged: (view: ChangedView, email: DomainEmail) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  const overQuota = email.type === 'mailbox' && email.size > email.quota;
  return (
    <li className={`email-row${overQuota ? ' is-over' : ''}`}>
      <div className="email-row-head">
        <div>
          <span className="email-address">{email.address}</span>
          <span className="muted small email-row-kind">
            {email.type === 'mailbox' ? `Mailbox · ${formatGigabytes(email.size)} of ${email.quota} GB` : `Forwards to ${email.destination}`}
          </span>
        </div>
        {overQuota && <span className="badge badge-warning">Over {email.quota} GB</span>}
        <button type="button" className="btn btn-ghost btn-sm" aria-expanded={expanded} aria-controls={panelId} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Close' : 'Manage'}
          <span className="visually-hidden"> {email.address}</span>
        </button>
      </div>
      {expanded && (
        <div id={panelId} className="email-row-panel">
          {email.type === 'mailbox' ? <MailboxUsage email={email} /> : null}
          <ChangeForm email={email} onChanged={onChanged} />
          <div className="email-row-actions">
            {email.type === 'mailbox' ? (
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => onOpen('confirmConvertToForward', email)}>
                Convert to Forward
              </button>
            ) : (
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => onOpen('confirmConvertToMailbox', email)}>
                Convert to Mailbox
              </button>
            )}
            <button type="button" className="btn btn-danger btn-sm" onClick={() => onOpen('confirmDelete', email)}>
              Delete
            </button>
          </div>
        </div>
      )}
    </li>
  );
}

/** Asked of the mail host each time the mailbox is opened (control-panel spec §7 "Query email usage"). */
function MailboxUsage({ email }: { email: DomainEmail }) {
  const { data, error } = useApi(usageKey(email.emailId), { revalidateOnFocus: false });
  if (error) return <p className="muted small">Usage is not available right now.</p>;
  if (!data) return <p className="muted small">Checking usage…</p>;
  const percent = Math.min(100, (data.size / data.quota) * 100);
  return (
    <div className={`email-usage${data.$overQuota ? ' is-over' : ''}`}>
      <div className="email-usage-text">
        <span>
          {formatGigabytes(data.size)} of {data.quota} GB used
        </span>
        {data.$overQuota && <strong>Over the {data.quota} GB limit: new mail is refused until you delete some.</strong>}
      </div>
      <div
        className="email-usage-bar"
        role="progressbar"
        aria-label={`Storage used by ${email.address}`}
        aria-valuenow={Math.round(percent)}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <span style={{ width: `${Math.max(percent, 1)}%` }} />
      </div>
    </div>
  );
}

function ChangeForm({ email, onChanged }: { email: DomainEmail; onChanged: (view: ChangedView, email: DomainEmail) => void }) {
  const isMailbox = email.type === 'mailbox';
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const problem = isMailbox ? (value ? passwordProblem(value, usernameOf(email.address)) : passwordRequiredMessage) : destinationProblem(value);
    setError(problem);
    if (problem) return;
    setPending(true);
    const answer = await updateEmail(email.emailId, isMailbox ? { password: value } : { destination: value.trim() });
    setPending(false);
    if (isFailure(answer)) {
      setError(answer.message);
      return;
    }
    setValue('');
    await refreshDomains();
    onChanged(isMailbox ? 'finishUpdatePassword' : 'finishUpdateDestination', answer);
  }

  return (
    <form className="email-change" noValidate onSubmit={submit}>
      {isMailbox ? (
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={value}
          error={error}
          onChange={(event) => setValue(event.target.value)}
        />
      ) : (
        <TextField
          label="New destination email"
          type="email"
          autoComplete="email"
          value={value}
          error={error}
          onChange={(event) => setValue(event.target.value)}
        />
      )}
      <button type="submit" className="btn btn-secondary btn-sm" disabled={pending}>
        {pending && <span className="spinner" aria-hidden="true" />}
        {isMailbox ? 'Change Password' : 'Change Destination'}
      </button>
    </form>
  );
}
