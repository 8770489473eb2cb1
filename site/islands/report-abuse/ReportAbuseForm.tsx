/**
 * The Report abuse form: domain, category, what was seen, evidence links or one file, the reporter's email. Sent as
 * multipart with a bot-check token solved at submit; the answer carries the case number the reporter is also emailed.
 */
import { isFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';
import { useId, useState } from 'react';
import type { AbuseReportAnswer } from '../../../api/contract/compliance/abuse.ts';
import { getBotToken } from '../../lib/bot-check.ts';

type Send = { phase: 'idle' } | { phase: 'sending' } | { phase: 'sent'; answer: AbuseReportAnswer } | { phase: 'error'; message: string };
type Props = { categories: { value: string; label: string }[]; maxFileBytes: number; fileTypes: string[] };

/** The API's message without the field path it starts with for a schema error ("evidenceLinks.0: …"). */
const readable = (message: string) => message.replace(/^[\w.]+: /, '');

export default function ReportAbuseForm({ categories, maxFileBytes, fileTypes }: Props) {
  const id = useId();
  const [send, setSend] = useState<Send>({ phase: 'idle' });

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.phase === 'sending') return;
    const form = new FormData(event.currentTarget);
    const file = form.get('file');
    if (file instanceof File && file.size > maxFileBytes)
      return setSend({ phase: 'error', message: `The evidence file is larger than ${maxFileBytes / 1024 / 1024} MB.` });
    if (file instanceof File && file.size === 0) form.delete('file');
    setSend({ phase: 'sending' });
    const token = await getBotToken();
    if (!token) return setSend({ phase: 'error', message: 'The bot check could not run. Please reload the page and try again.' });
    form.set('token', token);
    const answer = await apiClient.POST('/abuseReports', { form, toast: false });
    if (!isFailure(answer) && answer) setSend({ phase: 'sent', answer });
    else setSend({ phase: 'error', message: readable(isFailure(answer) && answer.name ? answer.message : 'Your report could not be sent. Please try again.') });
  }

  if (send.phase === 'sent') {
    return (
      <div className="abuse-sent" role="status">
        <strong>Case {send.answer.caseNumber}</strong>
        {send.answer.message}
      </div>
    );
  }
  return (
    <form className="abuse-form" onSubmit={submit} aria-busy={send.phase === 'sending'} noValidate>
      <div className="abuse-grid">
        <div className="field">
          <label htmlFor={`${id}-domain`}>Domain you are reporting</label>
          <input id={`${id}-domain`} name="domain" className="input" required autoComplete="off" spellCheck={false} placeholder="example.com" />
        </div>
        <div className="field">
          <label htmlFor={`${id}-category`}>What kind of abuse</label>
          <select id={`${id}-category`} name="category" className="input" required defaultValue="">
            <option value="" disabled>
              Choose one
            </option>
            {categories.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>What did you see?</label>
        <textarea
          id={`${id}-description`}
          name="description"
          className="input"
          rows={5}
          maxLength={5000}
          required
          aria-describedby={`${id}-description-hint`}
        />
        <p id={`${id}-description-hint`} className="abuse-hint">
          Where it appeared, what it asked for or did, and when.
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-links`}>Evidence links (optional, one per line)</label>
        <textarea id={`${id}-links`} name="evidenceLinks" className="input" rows={3} spellCheck={false} placeholder="https://example.com/fake-login" />
      </div>
      <div className="field">
        <label htmlFor={`${id}-file`}>Evidence file (optional)</label>
        <input id={`${id}-file`} name="file" type="file" className="input" accept={fileTypes.join(',')} aria-describedby={`${id}-file-hint`} />
        <p id={`${id}-file-hint`} className="abuse-hint">
          A screenshot, PDF, text file or saved email, up to {maxFileBytes / 1024 / 1024} MB.
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-email`}>Your email</label>
        <input id={`${id}-email`} name="reporterEmail" type="email" className="input" required autoComplete="email" aria-describedby={`${id}-email-hint`} />
        <p id={`${id}-email-hint`} className="abuse-hint">
          We send the case number here and tell you the outcome.
        </p>
      </div>
      {send.phase === 'error' && (
        <p className="field-error" role="alert">
          {send.message}
        </p>
      )}
      <div className="abuse-actions">
        <button type="submit" className="btn btn-spot" disabled={send.phase === 'sending'}>
          {send.phase === 'sending' ? 'Sending…' : 'Send Report'}
        </button>
      </div>
    </form>
  );
}
