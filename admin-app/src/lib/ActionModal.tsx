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
  description: ReactNode;
  /** Fields of the action's own (a year count, an email), above the reason. */
  fields?: ReactNode;
  reason: 'required' | 'optional' | 'none';
  confirm: string;
  danger?: boolean;
  /** Disables the button while the action's own fields are not ready. */
  ready?: boolean;
  onClose: () => void;
  run: (reason: string) => Promise<T | ApiFailure>;
  onDone: (answer: T) => void;
};

export function ActionModal<T>({
  open,
  title,
  description,
  fields,
  reason: needsReason,
  confirm,
  danger,
  ready = true,
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
    setBusy(true);
    setError(null);
    const answer = await run(reason.trim());
    setBusy(false);
    if (isFailure(answer)) return setError(answer.message);
    setReason('');
    onDone(answer);
  }
  const reasonMissing = needsReason === 'required' && reason.trim().length < minReasonLength;
  return (
    <Modal open={open} title={title} onClose={close} dismissible={!busy} isError={false}>
      <form onSubmit={submit} noValidate>
        <div className="small action-description">{description}</div>
        {fields}
        {needsReason !== 'none' && (
          <Field
            label={needsReason === 'required' ? 'Reason' : 'Reason (optional)'}
            hint={
              needsReason === 'required'
                ? `Kept in the audit log; the customer sees it in their account activity (at least ${minReasonLength} characters)`
                : 'Kept in the audit log'
            }
          >
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
        {error && (
          <p className="step-error" role="alert">
            {error}
          </p>
        )}
        <div className="step-actions">
          <button type="button" className="btn btn-ghost" onClick={close} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`} disabled={busy || reasonMissing || !ready}>
            {busy ? 'Working…' : confirm}
          </button>
        </div>
      </form>
    </Modal>
  );
}
