/** One action on a case, in a dialog: what it does, its own fields, and the reason the audit log keeps. */
import { useState } from 'react';
import { Field, TextField } from '@kit/Field.tsx';
import { showToast } from '@kit/toasts.ts';
import type { AbuseCaseDetail } from '../../../../api/contract/compliance/abuse-desk.ts';
import { abuseOutcomeLabels } from '../../../../api/contract/compliance/abuse-desk.ts';
import { type AbuseOutcome, abuseOutcomes } from '../../../../api/contract/compliance/abuse.ts';
import { ActionModal } from '../../lib/ActionModal.tsx';
import { actOnCase, type CaseAction } from './api.ts';

export const actionTitles: Record<CaseAction, { title: string; button: string; done: string; danger?: boolean }> = {
  'ask-reporter': { title: 'Ask the reporter for more', button: 'Send to reporter', done: 'The reporter was emailed' },
  'notify-registrant': { title: 'Notify the registrant', button: 'Send notice', done: 'The registrant was notified' },
  suspend: { title: 'Suspend the domain', button: 'Suspend domain', done: 'The domain is suspended', danger: true },
  unsuspend: { title: 'Lift the abuse suspension', button: 'Lift suspension', done: 'The abuse suspension is lifted' },
  lock: { title: 'Lock against transfer', button: 'Lock domain', done: 'The domain is locked against transfer' },
  'remove-content': { title: 'Remove what carries the abuse', button: 'Remove', done: 'Removed', danger: true },
  close: { title: 'Close the case', button: 'Close case', done: 'The case is closed' },
};

export function CaseActionModal({
  action,
  detail,
  onClose,
  onDone,
}: {
  action: CaseAction;
  detail: AbuseCaseDetail;
  onClose: () => void;
  onDone: (next: AbuseCaseDetail) => void;
}) {
  const [message, setMessage] = useState('');
  const [replyDays, setReplyDays] = useState('2');
  const [outcome, setOutcome] = useState<AbuseOutcome>('mitigated');
  const [note, setNote] = useState('');
  const [records, setRecords] = useState<number[]>([]);
  const [forwarding, setForwarding] = useState(false);
  const words = actionTitles[action];
  const sponsored = detail.sponsored;

  const send = (reason: string) =>
    actOnCase(detail.caseId, action, { message, replyDays: Number(replyDays), dnsRecordIds: records, forwarding, outcome, note }, reason);

  const fields = (
    <>
      {action === 'ask-reporter' && (
        <Field label="Message to the reporter">
          {(control) => <textarea className="textarea" {...control} value={message} onChange={(event) => setMessage(event.target.value)} data-autofocus />}
        </Field>
      )}
      {action === 'notify-registrant' && (
        <>
          <p className="small">
            The registrant gets our abuse notice for {detail.domain} with the first report's description and addresses, and is asked to reply by the deadline.
          </p>
          <TextField label="Days to reply" type="number" min={1} max={14} value={replyDays} onChange={(event) => setReplyDays(event.target.value)} />
          <Field label="Added message (optional)">
            {(control) => <textarea className="textarea" {...control} value={message} onChange={(event) => setMessage(event.target.value)} />}
          </Field>
        </>
      )}
      {action === 'suspend' && (
        <p className="notice notice-warning">
          {detail.domain} goes on hold at the registry and our DNS stops answering for it: its website and email stop. The customer sees why in My Domains.
        </p>
      )}
      {action === 'unsuspend' && <p className="small">The abuse suspension is lifted; the domain works again unless another suspension holds it.</p>}
      {action === 'lock' && <p className="small">The registry refuses any transfer of {detail.domain} to another registrar until the lock is removed.</p>}
      {action === 'remove-content' && sponsored && (
        <fieldset className="check-list-wrap">
          <legend className="small">Choose what to remove</legend>
          <ul className="check-list">
            {sponsored.dnsRecords.map((record) => (
              <li key={record.dnsRecordId}>
                <label>
                  <input
                    type="checkbox"
                    checked={records.includes(record.dnsRecordId)}
                    onChange={(event) =>
                      setRecords(event.target.checked ? [...records, record.dnsRecordId] : records.filter((id) => id !== record.dnsRecordId))
                    }
                  />
                  <span className="mono">
                    {record.host} {record.type} {record.data}
                  </span>
                </label>
              </li>
            ))}
            {sponsored.forwardUrl && (
              <li>
                <label>
                  <input type="checkbox" checked={forwarding} onChange={(event) => setForwarding(event.target.checked)} />
                  <span>Forwarding to {sponsored.forwardUrl}</span>
                </label>
              </li>
            )}
          </ul>
        </fieldset>
      )}
      {action === 'close' && (
        <>
          <Field label="Outcome">
            {(control) => (
              <select className="input" {...control} value={outcome} onChange={(event) => setOutcome(event.target.value as AbuseOutcome)} data-autofocus>
                {abuseOutcomes.map((o) => (
                  <option key={o} value={o}>
                    {abuseOutcomeLabels[o]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            label={
              outcome === 'no-action'
                ? 'Why no action (the reporter reads it)'
                : outcome === 'referred'
                  ? 'Referred to'
                  : 'Note to reporter and registrant (optional)'
            }
          >
            {(control) => <textarea className="textarea" {...control} value={note} onChange={(event) => setNote(event.target.value)} />}
          </Field>
        </>
      )}
    </>
  );
  return (
    <ActionModal
      open
      title={words.title}
      fields={action === 'suspend' || action === 'unsuspend' || action === 'lock' ? undefined : fields}
      description={action === 'suspend' || action === 'unsuspend' || action === 'lock' ? fields : undefined}
      reason="required"
      reasonHint="Kept in the audit log and on the case's timeline"
      confirm={words.button}
      danger={words.danger}
      onClose={onClose}
      run={send}
      onDone={(answer) => {
        showToast(words.done, 'success');
        onDone(answer);
      }}
    />
  );
}
