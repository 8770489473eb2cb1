/** Staff notes on a customer: newest first, never shown to the customer; adding one is logged. */
import { type FormEvent, useId, useState } from 'react';
import { isFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';
import type { CustomerRecord } from '../../../../api/contract/support/customers.ts';
import { formatDateTime } from '@kit/dates.ts';

export function NotesPanel({
  accountId,
  notes,
  canWrite,
  onAdded,
}: {
  accountId: number;
  notes: CustomerRecord['notes'];
  canWrite: boolean;
  onAdded: () => void;
}) {
  const id = useId();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const answer = await apiClient.POST('/admin/customers/{id}/notes', { params: { path: { id: accountId } }, body: { body }, toast: false });
    setBusy(false);
    if (isFailure(answer)) return setError(answer.message);
    setBody('');
    onAdded();
  }
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <div className="panel-header">
        <h2 id={`${id}-title`}>
          Notes<span className="count">{notes.length}</span>
        </h2>
        <span className="muted small">Staff only: the customer never sees notes</span>
      </div>
      <div className="panel-body">
        {canWrite && (
          <form onSubmit={submit} className="note-form" noValidate>
            <label htmlFor={`${id}-body`} className="label">
              Add a note
            </label>
            <textarea id={`${id}-body`} className="textarea" value={body} onChange={(event) => setBody(event.target.value)} maxLength={4000} />
            {error && (
              <p className="field-error" role="alert">
                {error}
              </p>
            )}
            <div className="step-actions">
              <button type="submit" className="btn btn-secondary btn-sm" disabled={busy || !body.trim()}>
                Add note
              </button>
            </div>
          </form>
        )}
        {notes.length === 0 ? (
          <p className="muted">No notes yet.</p>
        ) : (
          <ol className="notes">
            {notes.map((note) => (
              <li key={note.noteId}>
                <p>{note.body}</p>
                <span className="cell-sub">
                  {note.staffEmail ?? 'System'} · {formatDateTime(note.createDate)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
