/**
 * The dialog every staff action goes through: what will happen, any fields of its own, the reason (required where
 * the audit log needs one), and one button. It stays open with the API's message when the call fails.
 */
import { type FormEvent, type ReactNode, useState } from 'react';
import { type ApiFailure, isFailure } from '@kit/api.ts';
import { Field } from '@kit/Field.tsx';
import Modal from '@kit/Modal.tsx';
import { minReasonLength } from '../../../api/contract/audit/audit.ts';

export type ActionModalProps<T> = {
  open: boolean;
  title: string;
  /** What happens, in plain words. */
  description?: ReactNode;
  /** Fields of the action's own (a year count, an email), above the reason. */
  fields?: ReactNode;
  /** Fields below the reason (a note for the customer). */
  afterReason?: ReactNode;
  /** A line just above the buttons (the total the action will take). */
  summary?: ReactNode;
  reason: 'required' | 'optional' | 'none';
  /** Where the reason goes, when not also to the customer's account activity. */
  reasonHint?: string;
  confirm: string;
  /** The button's words while the call runs. */
  busyLabel?: string;
  danger?: boolean;
  /** Disables the button while the action's own fields are not ready. */
  ready?: boolean;
  /** The form's class: a grid of fields (its error and buttons span it, `.wide`). */
  formClassName?: string;
  onClose: () => void;
  run: (reason: string) => Promise<T | ApiFailure>;
  onDone: (answer: T) => void;
};

function reasonHintOf(needsReason: 'required' | 'optional', hint: string | undefined): string {
  if (needsReason === 'optional') return hint ?? 'Kept in the audit log';
  return `${hint ?? 'Kept in the audit log; the customer sees it in their account activity'} (at least ${minReasonLength} characters)`;
}

export function ActionModal<T>({
  open,
  title,
  description,
  fields,
  afterReason,
  summary,
  reason: needsReason,
  reasonHint,
  confirm,
  busyLabel = 'Working…',
  danger,
  ready = true,
  formClassName,
  onClose,
  run,
  onDone,
}: ActionModalProps<T>) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || reasonMissing || !ready) return;
    setBusy(true);
    setError(null);
    const answer = await run(reason.trim());
    setBusy(false);
    if (isFailure(answer)) return setError(answer.message);
    setReason('');
    onDone(answer);
  }
  const reasonMissing = needsReason === 'required' && reason.trim().length < minReasonLength;
  const spans = formClassName ? 'wide' : undefined;
  return (
    <Modal open={open} title={title} onClose={close} dismissible={!busy} isError={false}>
      <form onSubmit={submit} noValidate className={formClassName}>
        {description && <div className={`small action-description${spans ? ' wide' : ''}`}>{description}</div>}
        {fields}
        {needsReason !== 'none' && (
          <Field label={needsReason === 'required' ? 'Reason' : 'Reason (optional)'} hint={reasonHintOf(needsReason, reasonHint)}>
            {(control) => (
              <textarea
                className="textarea"
                {...control}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                data-autofocus={fields ? undefined : true}
              />
            )}
          </Field>
        )}
        {afterReason}
        {error && (
          <p className={`step-error${spans ? ' wide' : ''}`} role="alert">
            {error}
          </p>
        )}
        {summary}
        <div className={`step-actions${spans ? ' wide' : ''}`}>
          <button type="button" className="btn btn-ghost" onClick={close} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`} disabled={busy || reasonMissing || !ready}>
            {busy ? busyLabel : confirm}
          </button>
        </div>
      </form>
    </Modal>
  );
}
