/**
 * The dashboard: what the business did today, in 7 and in 30 days; charges that failed; transfers waiting; the job
 * queue (depths, failed jobs an owner can put back, the last run of each schedule); open abuse cases.
 */
import { Loaded } from '../../lib/Loaded.tsx';
import { PageHeader } from '../../lib/PageHeader.tsx';
import { Panel } from '../../lib/Panel.tsx';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { isFailure } from '@kit/api.ts';
import { apiClient, apiKey } from '@kit/api-client.ts';
import { actionsColumn, DataTable } from '@kit/DataTable.tsx';
import { showToast } from '@kit/toasts.ts';
import type { Dashboard as DashboardData, PeriodCounts } from '../../../../api/contract/dashboard/dashboard.ts';
import { formatMoney } from '../../../../api/contract/money.ts';
import { formatAgo, formatDateTime } from '@kit/dates.ts';
import { utcDayBefore } from '../../lib/since-day.ts';
import { useStaffSession } from '../../shell/session.ts';
import { useApi } from '../../swr.ts';

const key = apiKey('/admin/dashboard');
const chargeKinds = { order: 'Checkout', renewal: 'Renewal', 'auto-renewal': 'Auto-renewal', 'monthly-bill': 'Monthly bill' } as const;

/** A count that opens the list behind it (when the staff member may read that list). */
function CountLink({ to, label, children }: { to: string | null; label: string; children: ReactNode }) {
  if (!to) return children;
  return (
    <Link to={to} aria-label={label}>
      {children}
    </Link>
  );
}

/** A period's figures, each opening `to(since)`: the list from the UTC day the period starts on. */
function Figure({
  label,
  counts,
  asOf,
  money = false,
  to,
}: {
  label: string;
  counts: PeriodCounts;
  asOf: string;
  money?: boolean;
  to: ((since: string) => string) | null;
}) {
  const show = (value: number) => (money ? formatMoney(value) : value.toLocaleString('en-US'));
  const from = (daysBack: number) => (to ? to(utcDayBefore(asOf, daysBack)) : null);
  return (
    <section className="figure" aria-label={label}>
      <h2>{label}</h2>
      <p className="figure-main">
        <CountLink to={from(0)} label={`${label} today: ${show(counts.today)}`}>
          {show(counts.today)}
        </CountLink>
      </p>
      <p className="figure-sub">today</p>
      <dl>
        <div>
          <dt>7 days</dt>
          <dd>
            <CountLink to={from(6)} label={`${label}, 7 days: ${show(counts.last7Days)}`}>
              {show(counts.last7Days)}
            </CountLink>
          </dd>
        </div>
        <div>
          <dt>30 days</dt>
          <dd>
            <CountLink to={from(29)} label={`${label}, 30 days: ${show(counts.last30Days)}`}>
              {show(counts.last30Days)}
            </CountLink>
          </dd>
        </div>
      </dl>
    </section>
  );
}

type Schedule = DashboardData['jobs']['schedules'][number];

/** When a scheduled job last ran, and whether it failed. */
function LastRun({ schedule }: { schedule: Schedule | undefined }) {
  if (!schedule) return <span className="muted">—</span>;
  if (!schedule.lastRun) return <span className="muted">Not yet</span>;
  return (
    <>
      {formatAgo(schedule.lastRun.completedOn)}
      {schedule.lastRun.state === 'failed' && <span className="badge badge-danger">failed</span>}
    </>
  );
}

/** The job queues in one line: how much waits, runs and failed. */
function jobsSummary(data: DashboardData): string {
  const sum = (pick: (queue: DashboardData['jobs']['queues'][number]) => number) => data.jobs.queues.reduce((total, queue) => total + pick(queue), 0);
  const failed = sum((queue) => queue.failed);
  return `${data.jobs.queues.length} queues: ${sum((queue) => queue.ready)} waiting, ${sum((queue) => queue.active)} running, ${failed} failed.`;
}

export default function Dashboard() {
  const { can } = useStaffSession();
  const { data, error, mutate, isValidating } = useApi(key, { refreshInterval: 60_000 });
  const [retrying, setRetrying] = useState<string | null>(null);
  // On a phone the job queues fold into one line; a desk-sized screen shows them open.
  const [jobsOpen, setJobsOpen] = useState(() => typeof window === 'undefined' || window.matchMedia('(min-width: 720px)').matches);
  useEffect(() => {
    if (window.location.hash === '#jobs') setJobsOpen(true);
  }, []);
  const orders = can('orders:read') ? '/admin/orders' : null;
  const domainList = (state: string) => (can('domains:read') ? `/admin/domains?state=${state}` : null);

  async function retryJob(name: string, id: string) {
    setRetrying(id);
    const answer = await apiClient.POST('/admin/dashboard/jobs/{name}/{id}/retry', { params: { path: { name, id } }, toast: false });
    setRetrying(null);
    showToast(isFailure(answer) ? answer.message : `The ${name} job is queued to run again.`, isFailure(answer) ? 'error' : 'success');
    void mutate();
  }

  return (
    <section className="page">
      <PageHeader
        title="Dashboard"
        intro={data ? `As of ${formatDateTime(data.asOf)}. Days are UTC days.` : 'The business at a glance.'}
        actions={
          <button type="button" className="btn btn-secondary" onClick={() => void mutate()} disabled={isValidating}>
            Refresh
          </button>
        }
      />
      <Loaded data={data} error={error} page>
        {(data) => (
          <>
            <div className="figures">
              <Figure
                label="Registrations"
                counts={data.registrations}
                asOf={data.asOf}
                to={orders && ((since) => `${orders}?line=registration&since=${since}`)}
              />
              <Figure label="Transfers" counts={data.transfers} asOf={data.asOf} to={orders && ((since) => `${orders}?line=transfer&since=${since}`)} />
              <Figure label="Renewals" counts={data.renewals} asOf={data.asOf} to={orders && ((since) => `/admin/renewed?since=${since}`)} />
              <Figure label="Revenue" counts={data.revenue} asOf={data.asOf} money to={orders && ((since) => `/admin/revenue?since=${since}`)} />
              <Figure
                label="Refunds"
                counts={data.refunds}
                asOf={data.asOf}
                money
                to={can('audit:read') ? () => '/admin/audit?action=refund' : orders && (() => `${orders}`)}
              />
            </div>
            <div className="panel-grid">
              <Panel
                title="Failed charges, last 7 days"
                actions={
                  <CountLink to={orders && `${orders}?status=failed`} label={`Failed charges, last 7 days: ${data.failedCharges.last7Days}`}>
                    <span className={`badge ${data.failedCharges.last7Days ? 'badge-warning' : 'badge-success'}`}>{data.failedCharges.last7Days}</span>
                  </CountLink>
                }
              >
                <DataTable
                  rows={data.failedCharges.recent}
                  rowKey={(charge) => `${charge.kind}-${charge.id}`}
                  empty="No charge failed this week."
                  columns={[
                    {
                      key: 'what',
                      label: 'What',
                      main: true,
                      render: (charge) => (
                        <>{charge.kind === 'order' ? <Link to={`/admin/orders/${charge.id}`}>Order #{charge.id}</Link> : chargeKinds[charge.kind]}</>
                      ),
                      sub: (charge) => (
                        <>
                          {formatAgo(charge.date)}
                          {charge.accountId ? ` · account ${charge.accountId}` : ''}
                        </>
                      ),
                    },
                    { key: 'why', label: 'Why', render: (charge) => charge.reason ?? '—' },
                    { key: 'amount', label: 'Amount', className: 'num', render: (charge) => formatMoney(charge.amount) },
                  ]}
                />
                <div className="panel-body">
                  <Link to="/admin/renewals">Failed auto-renewals →</Link>
                </div>
              </Panel>
              <Panel title="Waiting">
                <div className="panel-body">
                  <dl className="kv">
                    <dt>Transfers in, at the registry</dt>
                    <dd>
                      <CountLink to={domainList('transfer-in')} label={`Transfers in, at the registry: ${data.pendingTransfers.inbound}`}>
                        {data.pendingTransfers.inbound}
                      </CountLink>
                    </dd>
                    <dt>Transfers in, waiting for an auth code</dt>
                    <dd>
                      <CountLink
                        to={domainList('awaiting-auth-code')}
                        label={`Transfers in, waiting for an auth code: ${data.pendingTransfers.awaitingAuthCode}`}
                      >
                        {data.pendingTransfers.awaitingAuthCode}
                      </CountLink>
                    </dd>
                    <dt>Transfers away</dt>
                    <dd>
                      <CountLink to={domainList('transfer-away')} label={`Transfers away: ${data.pendingTransfers.outbound}`}>
                        {data.pendingTransfers.outbound}
                      </CountLink>
                    </dd>
                    <dt>Open abuse cases</dt>
                    <dd>
                      <CountLink to={can('abuse:read') ? '/admin/abuse' : null} label={`Open abuse cases: ${data.openAbuseCases}`}>
                        {data.openAbuseCases}
                      </CountLink>
                    </dd>
                  </dl>
                </div>
              </Panel>
            </div>
            <Panel title="Background jobs" id="jobs">
              {!jobsOpen && (
                <p className="panel-body jobs-summary">
                  {jobsSummary(data)}{' '}
                  <button type="button" className="link-button" onClick={() => setJobsOpen(true)} aria-expanded={false} aria-controls="jobs-detail">
                    Show the queues
                  </button>
                </p>
              )}
              <div id="jobs-detail" hidden={!jobsOpen}>
                <DataTable
                  rows={data.jobs.queues}
                  rowKey={(queue) => queue.name}
                  className="jobs-table"
                  columns={[
                    {
                      key: 'job',
                      label: 'Job',
                      render: (queue) => {
                        const schedule = data.jobs.schedules.find((s) => s.name === queue.name);
                        return (
                          <>
                            <span className="cell-main mono">{queue.name}</span>
                            <span className="cell-sub">{schedule ? `Scheduled ${schedule.cron} UTC` : 'On demand'}</span>
                          </>
                        );
                      },
                    },
                    { key: 'ready', label: 'Waiting', className: 'num' },
                    { key: 'deferred', label: 'Later', className: 'num' },
                    { key: 'active', label: 'Running', className: 'num' },
                    {
                      key: 'failed',
                      label: 'Failed',
                      className: 'num',
                      render: (queue) => (queue.failed ? <span className="badge badge-danger">{queue.failed}</span> : 0),
                    },
                    { key: 'lastRun', label: 'Last run', render: (queue) => <LastRun schedule={data.jobs.schedules.find((s) => s.name === queue.name)} /> },
                  ]}
                />
                {data.jobs.failedJobs.length > 0 && (
                  <>
                    <div className="panel-header subheader">
                      <h3>Failed jobs</h3>
                    </div>
                    <DataTable
                      rows={data.jobs.failedJobs}
                      rowKey={(job) => job.id}
                      columns={[
                        {
                          key: 'job',
                          label: 'Job',
                          render: (job) => (
                            <>
                              <span className="cell-main mono">{job.name}</span>
                              <span className="cell-sub mono">{job.id}</span>
                            </>
                          ),
                        },
                        { key: 'error', label: 'Error', render: (job) => job.error ?? '—' },
                        {
                          key: 'failed',
                          label: 'Failed',
                          render: (job) => formatAgo(job.failedOn),
                          sub: (job) => <>after {job.retryCount} retries</>,
                        },
                        actionsColumn(
                          (job: DashboardData['jobs']['failedJobs'][number]) =>
                            can('jobs:manage') && (
                              <button
                                type="button"
                                className="btn btn-secondary btn-sm"
                                disabled={retrying !== null}
                                onClick={() => void retryJob(job.name, job.id)}
                                aria-label={`Run ${job.name} again`}
                              >
                                Run again
                              </button>
                            ),
                        ),
                      ]}
                    />
                  </>
                )}
              </div>
            </Panel>
          </>
        )}
      </Loaded>
    </section>
  );
}
