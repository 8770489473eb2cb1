/**
 * Account Information, view=activity: one list of what happened to the account, newest first, whoever did it (GET
 * /api/accountActivity). Actions by the registrar's staff name the team and the reason, never the person.
 */
import { useState } from 'react';
import { formatDateTime } from '@kit/dates.ts';
import { apiKey } from '@kit/api-client.ts';
import type { AccountActivity } from '../../../../api/contract/accounts/account-activity.ts';
import { useApi } from '../../swr.ts';
import './activity.css';

const pageSize = 25;

function who(entry: AccountActivity): string {
  if (entry.source === 'customer') return 'You';
  return entry.actor ?? (entry.source === 'staff' ? 'Our staff' : 'Automatic');
}

function ActivityPage({ skip, last, onMore }: { skip: number; last: boolean; onMore: () => void }) {
  const { data, error } = useApi(apiKey('/accountActivity', { params: { query: { limit: pageSize, skip } } }));
  if (error) return <p className="form-notice is-error">We could not load your account activity. Please reload the page.</p>;
  if (!data) return <p role="status">Loading…</p>;
  if (skip === 0 && data.total === 0) return <p className="activity-empty">Nothing has happened on your account yet.</p>;
  return (
    <>
      {data.data.map((entry) => (
        <li key={entry.activityId} className={`activity-item is-${entry.source}`}>
          <time dateTime={entry.at} className="activity-when">
            {formatDateTime(entry.at)}
          </time>
          <div className="activity-body">
            <p className="activity-summary">{entry.summary}</p>
            {/* A refund's reason stays with staff: what billing chose to tell the customer comes as a note. */}
            {entry.reason && <p className="activity-reason">{isRefund(entry) ? `Note: ${entry.reason}` : `Reason: ${entry.reason}`}</p>}
            <p className="activity-meta">
              {who(entry)}
              {entry.ip ? ` · ${entry.ip}` : ''}
            </p>
          </div>
        </li>
      ))}
      {last && data.skip + data.data.length < data.total && (
        <li className="activity-more">
          <button type="button" className="btn btn-secondary btn-sm" onClick={onMore}>
            Show older activity
          </button>
        </li>
      )}
    </>
  );
}

export default function AccountActivityView() {
  const [pages, setPages] = useState(1);
  return (
    <section className="card activity" aria-labelledby="activity-heading">
      <h2 id="activity-heading">Account activity</h2>
      <p className="muted">Sign-ins with their address, browser and system, security changes, API tokens, and help our support team gave you and why.</p>
      <ol className="activity-list">
        {Array.from({ length: pages }, (_, index) => (
          <ActivityPage key={index} skip={index * pageSize} last={index === pages - 1} onMore={() => setPages(pages + 1)} />
        ))}
      </ol>
    </section>
  );
}

const isRefund = (entry: AccountActivity) => entry.kind === 'order.refund' || entry.kind === 'payment.refund';
