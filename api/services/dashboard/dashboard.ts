/**
 * The back office's dashboard: what the business did today, in the last 7 and 30 days (registrations, transfers,
 * renewals, card revenue net of refunds and of sellers' shares of market sales), the charges that failed lately, transfers waiting, and the job queue's
 * health, and the abuse desk's open cases. Days are UTC days on the one clock: "7 days" is today and the 6 before it.
 */
import { subDays } from 'date-fns/subDays';
import { sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { Dashboard, FailedCharge, PeriodCounts } from '../../contract/dashboard/dashboard.ts';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, type StaffActor } from '../audit/audit-log.ts';
import { revenueAmount, revenueRows } from '../billing/revenue-list.ts';
import { readDutiesAlerts } from './duties-alerts.ts';

/** UTC midnight of the clock's day: `startOfDay` works in local time, so it is done by hand. */
function utcDayStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

function windows(at: Date) {
  const today = utcDayStart(at);
  return { today, week: subDays(today, 6), month: subDays(today, 29) };
}

/** count(*) or sum(...) of rows dated by `column`, in each window. */
function periodSql(aggregate: ReturnType<typeof sql>, column: ReturnType<typeof sql>, from: ReturnType<typeof sql>, where: ReturnType<typeof sql>, at: Date) {
  const w = windows(at);
  return sql`select
      coalesce(${aggregate} filter (where ${column} >= ${w.today.toISOString()}::timestamptz), 0)::bigint as today,
      coalesce(${aggregate} filter (where ${column} >= ${w.week.toISOString()}::timestamptz), 0)::bigint as week,
      coalesce(${aggregate} filter (where ${column} >= ${w.month.toISOString()}::timestamptz), 0)::bigint as month
    from ${from} where ${where} and ${column} >= ${w.month.toISOString()}::timestamptz and ${column} <= ${at.toISOString()}::timestamptz`;
}

async function period(db: Db, query: ReturnType<typeof sql>): Promise<PeriodCounts> {
  const [row] = await db.execute<{ today: string; week: string; month: string }>(query);
  return { today: Number(row?.today ?? 0), last7Days: Number(row?.week ?? 0), last30Days: Number(row?.month ?? 0) };
}

export async function readDashboard(deps: Deps): Promise<Dashboard> {
  const { db } = deps;
  const at = now();
  const count = sql`count(*)`;
  const [registrations, transfers, renewals, revenue, refunds, failedCharges, pendingTransfers, jobs] = await Promise.all([
    period(db, periodSql(count, sql`modify_date`, sql`order_lines`, sql`kind = 'registration' and state = 'delivered'`, at)),
    period(db, periodSql(count, sql`modify_date`, sql`order_lines`, sql`kind = 'transfer' and state = 'delivered'`, at)),
    period(db, periodSql(count, sql`create_date`, sql`renewals`, sql`status = 'renewed'`, at)),
    // Card money in, less the sellers' shares of market sales: those are owed to the sellers, not ours (the Revenue list
    // adds up the same rows).
    period(db, periodSql(sql`sum(${revenueAmount})`, sql`start_date`, sql`transactions`, revenueRows, at)),
    period(db, periodSql(sql`sum(amount)`, sql`create_date`, sql`refunds`, sql`true`, at)),
    readFailedCharges(db, at),
    readPendingTransfers(db),
    deps.jobs.health(),
  ]);
  const [abuse] = await db.execute<{ open: string }>(sql`select count(*) as open from abuse_cases where status = 'open'`);
  const openAbuseCases = Number(abuse?.open ?? 0);
  const duties = await readDutiesAlerts(deps);
  return { asOf: at.toISOString(), registrations, transfers, renewals, revenue, refunds, failedCharges, pendingTransfers, jobs, openAbuseCases, ...duties };
}

/**
 * Charges refused in the last 7 days: checkouts whose card was refused at authorisation (failed without a payment
 * intent), renewals and auto-renewals whose charge failed, and monthly bills that could not be charged.
 */
async function readFailedCharges(db: Db, at: Date): Promise<Dashboard['failedCharges']> {
  const since = subDays(at, 7).toISOString();
  const until = at.toISOString();
  const rows = await db.execute<{ kind: FailedCharge['kind']; id: number; account_id: number | null; amount: number; reason: string | null; date: string }>(sql`
    select * from (
      select 'order' as kind, order_id as id, account_id, total_price as amount, error as reason, modify_date as date
        from orders where status = 'failed' and payment_intent_id is null and error is not null
          and modify_date >= ${since}::timestamptz and modify_date <= ${until}::timestamptz
      union all
      select case when kind = 'auto' then 'auto-renewal' else 'renewal' end, renewal_order_id, account_id, amount, last_error, modify_date
        from renewal_orders where status in ('retrying', 'failed') and coalesce(last_error, '') <> 'No longer due' and last_error is not null
          and modify_date >= ${since}::timestamptz and modify_date <= ${until}::timestamptz
      union all
      select 'monthly-bill', recurring_bill_id, account_id, amount, last_error, modify_date
        from recurring_bills where last_error is not null and status in ('due', 'failed')
          and modify_date >= ${since}::timestamptz and modify_date <= ${until}::timestamptz
    ) failures order by date desc, id desc`);
  const all = [...rows];
  return {
    last7Days: all.length,
    recent: all.slice(0, 20).map((row) => ({
      kind: row.kind,
      id: Number(row.id),
      accountId: row.account_id == null ? null : Number(row.account_id),
      amount: Number(row.amount),
      reason: row.reason,
      date: new Date(row.date).toISOString(),
    })),
  };
}

async function readPendingTransfers(db: Db): Promise<Dashboard['pendingTransfers']> {
  const [row] = await db.execute<{ inbound: string; awaiting: string; outbound: string }>(sql`
    select
      (select count(*) from domains where status = 'transfer' and inbound_transfer_status = 'pending') as inbound,
      (select count(*) from domains where status = 'transfer' and inbound_transfer_status in ('auth-code-needed', 'auth-code-rejected')) as awaiting,
      (select count(*) from outbound_transfers where status in ('pending', 'approved')) as outbound`);
  return { inbound: Number(row?.inbound ?? 0), awaitingAuthCode: Number(row?.awaiting ?? 0), outbound: Number(row?.outbound ?? 0) };
}

/** Staff put a failed job back in its queue (owner only): audited, 404 when it is not a failed job of ours. */
export async function retryFailedJob(deps: Deps, actor: StaffActor, name: string, id: string): Promise<void> {
  if (!(await deps.jobs.retryFailedJob(name, id))) throw new AppError(404, 'No failed job with this id; it may have been retried already');
  await recordAudit(deps.db, actor, { action: 'job.retry', targetType: 'job', targetId: id, targetLabel: name });
}
