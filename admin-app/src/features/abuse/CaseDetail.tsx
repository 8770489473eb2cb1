/**
 * One abuse case: its clocks, the reports with their evidence, our domain of the name (status, records), the actions
 * the role allows, and the timeline of everything that happened, each with who and why.
 */
import { Panel } from '../../lib/Panel.tsx';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { abuseOutcomeLabels } from '../../../../api/contract/compliance/abuse-desk.ts';
import { abuseCategoryLabels } from '../../../../api/contract/compliance/abuse.ts';
import { formatDateTime } from '@kit/dates.ts';
import { useStaffSession } from '../../shell/session.ts';
import { FetchError, useApi } from '../../swr.ts';
import { type CaseAction, caseKey, figuresKey } from './api.ts';
import { actionTitles, CaseActionModal } from './CaseActionModal.tsx';
import { CaseClocks } from './Clock.tsx';
import { mutate as mutateGlobal } from 'swr';
import './abuse.css';
import { Address } from '../../lib/Address.tsx';
import { domainStatusWords } from '../domains/DomainsTable.tsx';

/** What the domain's website is, in words (the stored values are for code). */
const websiteWords: Record<string, string> = {
  park: 'Parking page',
  builder: 'Website Builder',
  forward: 'Forwarding',
  custom: 'Its own hosting (custom DNS)',
};

const eventWords: Record<string, string> = {
  reported: 'Reported',
  'report-joined': 'Another report joined',
  acknowledged: 'Reporter acknowledged',
  'reporter-asked': 'Reporter asked for more',
  'registrant-notified': 'Registrant notified',
  suspended: 'Domain suspended',
  'suspension-lifted': 'Suspension lifted',
  locked: 'Locked against transfer',
  'lock-refused': 'Lock refused by the registry (not counted as the first action)',
  'content-removed': 'Content removed',
  closed: 'Case closed',
};

export default function CaseDetail() {
  const { caseId = '' } = useParams();
  const { can } = useStaffSession();
  const { data, error, mutate } = useApi(caseKey(caseId));
  const [acting, setActing] = useState<CaseAction | null>(null);

  if (error instanceof FetchError && error.failure.status !== 401) {
    return (
      <section className="page">
        <p className="breadcrumb">
          <Link to="/admin/abuse">Abuse desk</Link>
        </p>
        <p className="notice notice-danger" role="alert">
          {error.failure.message}
        </p>
      </section>
    );
  }
  if (!data) return <p role="status">Loading…</p>;
  const open = data.status === 'open';
  const sponsored = data.sponsored;
  const actions: CaseAction[] = [];
  if (open && can('abuse:manage')) actions.push('ask-reporter');
  if (open && sponsored && can('abuse:manage')) actions.push('notify-registrant');
  if (open && sponsored && !sponsored.suspendedAt && can('domains:suspend')) actions.push('suspend');
  if (sponsored?.suspendedAt && can('domains:suspend') && data.timeline.some((e) => e.kind === 'suspended')) actions.push('unsuspend');
  if (open && sponsored && !sponsored.locked && can('abuse:manage')) actions.push('lock');
  if (open && sponsored && (sponsored.dnsRecords.length > 0 || sponsored.forwardUrl) && can('abuse:manage')) actions.push('remove-content');
  if (open && can('abuse:manage')) actions.push('close');

  return (
    <section className="page">
      <p className="breadcrumb">
        <Link to="/admin/abuse">Abuse desk</Link>
      </p>
      <div className="page-header">
        <div>
          <h1>{data.domain}</h1>
          <p>
            Case {data.caseNumber} · {abuseCategoryLabels[data.category]} ·{' '}
            {open ? 'Open' : `Closed ${formatDateTime(data.closedAt)}: ${data.outcome ? abuseOutcomeLabels[data.outcome] : ''}`}
          </p>
        </div>
      </div>
      {actions.length > 0 && (
        <div className="case-actions panel panel-body" role="group" aria-label="Actions">
          {actions.map((action) => (
            <button
              key={action}
              type="button"
              className={`btn ${action === 'suspend' ? 'btn-danger' : 'btn-secondary'} btn-sm`}
              onClick={() => setActing(action)}
            >
              {actionTitles[action].title}
            </button>
          ))}
        </div>
      )}
      <div className="panel-grid">
        <Panel title="Status">
          <div className="panel-body">
            <dl className="kv">
              <dt>Reported</dt>
              <dd>{formatDateTime(data.createDate)}</dd>
              <dt>Clocks</dt>
              <dd>
                <CaseClocks row={data} />
              </dd>
              {data.registrantReplyBy && (
                <>
                  <dt>Registrant reply by</dt>
                  <dd>{formatDateTime(data.registrantReplyBy)}</dd>
                </>
              )}
              {data.outcomeNote && (
                <>
                  <dt>Outcome note</dt>
                  <dd>{data.outcomeNote}</dd>
                </>
              )}
            </dl>
          </div>
        </Panel>
        <Panel title="Our domain">
          <div className="panel-body">
            {sponsored ? (
              <dl className="kv">
                <dt>Status</dt>
                <dd>
                  {sponsored.suspendedAt ? (
                    <strong className="clock-overdue">Suspended since {formatDateTime(sponsored.suspendedAt)}</strong>
                  ) : (
                    (domainStatusWords[sponsored.status] ?? sponsored.status)
                  )}
                </dd>
                <dt>Transfer lock</dt>
                <dd>{sponsored.locked ? 'Locked' : 'Unlocked'}</dd>
                <dt>Website</dt>
                <dd>{sponsored.forwardUrl ? `Forwards to ${sponsored.forwardUrl}` : (websiteWords[sponsored.websiteType] ?? sponsored.websiteType)}</dd>
                <dt>DNS records</dt>
                <dd>
                  {sponsored.dnsRecords.length === 0
                    ? 'None of its own'
                    : sponsored.dnsRecords.map((r) => (
                        <span key={r.dnsRecordId} className="mono cell-sub">
                          {r.host} {r.type} {r.data}
                        </span>
                      ))}
                </dd>
              </dl>
            ) : (
              <p className="small">We do not sponsor {data.domain}: refer the case to its registrar or hosting provider.</p>
            )}
          </div>
        </Panel>
      </div>
      <section className="panel" aria-labelledby="case-reports">
        <div className="panel-header">
          <h2 id="case-reports">
            {data.reportList.length} report{data.reportList.length === 1 ? '' : 's'}
          </h2>
        </div>
        <div className="panel-body">
          {data.reportList.map((report) => (
            <article key={report.reportId} className="report" aria-label={`Report from ${report.reporterEmail}`}>
              <span className="cell-main">
                <Address value={report.reporterEmail} />
              </span>
              <span className="cell-sub">
                {report.source === 'email' ? 'By email' : 'Report abuse page'} · {formatDateTime(report.createDate)} · {abuseCategoryLabels[report.category]}
              </span>
              <p className="report-text">{report.description}</p>
              {report.evidenceLinks.length > 0 && (
                <ul className="report-links">
                  {report.evidenceLinks.map((link) => (
                    <li key={link} className="mono">
                      {link}
                    </li>
                  ))}
                </ul>
              )}
              {report.evidenceFile && (
                <a className="btn btn-secondary btn-sm" href={`/api${caseKey(data.caseId)}/reports/${report.reportId}/evidence`} download>
                  Download {report.evidenceFile.name} ({Math.ceil(report.evidenceFile.bytes / 1024)} KB)
                </a>
              )}
            </article>
          ))}
        </div>
      </section>
      <Panel title="Timeline">
        <div className="panel-body">
          <ol className="timeline">
            {data.timeline.map((event) => (
              <li key={event.eventId}>
                <span className="timeline-when">{formatDateTime(event.createDate)}</span>
                <span>
                  <span className="timeline-what">{eventWords[event.kind] ?? event.kind}</span> <span className="muted small">by {event.actor}</span>
                  {event.reason && <span className="timeline-why">{event.reason}</span>}
                </span>
              </li>
            ))}
          </ol>
        </div>
      </Panel>
      {acting && (
        <CaseActionModal
          action={acting}
          detail={data}
          onClose={() => setActing(null)}
          onDone={(next) => {
            setActing(null);
            void mutate(next, { revalidate: false });
            void mutateGlobal(figuresKey);
          }}
        />
      )}
    </section>
  );
}
