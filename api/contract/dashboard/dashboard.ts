/** The back office dashboard (GET /api/admin/dashboard): activity, failed charges, transfers waiting, job queue health. */
import type { EscrowProblem } from '../compliance/escrow.ts';

export type PeriodCounts = { today: number; last7Days: number; last30Days: number };

export type FailedCharge = {
  kind: 'order' | 'renewal' | 'auto-renewal' | 'monthly-bill';
  /** The order, renewal order or bill id. */
  id: number;
  accountId: number | null;
  amount: number;
  reason: string | null;
  date: string;
};

/** The queue as staff see it: depths, recent failures, and when each schedule last ran. */
export type QueueHealth = {
  queues: { name: string; ready: number; deferred: number; active: number; failed: number }[];
  /** Jobs that used up their retries, newest first (pg-boss keeps them for its retention period). */
  failedJobs: { id: string; name: string; retryCount: number; failedOn: string | null; error: string | null }[];
  schedules: {
    name: string;
    cron: string;
    /** The latest run that finished, and whether it completed or failed; null when none is on record. */
    lastRun: { state: 'completed' | 'failed'; startedOn: string | null; completedOn: string | null } | null;
  }[];
};

export type Dashboard = {
  asOf: string;
  registrations: PeriodCounts;
  transfers: PeriodCounts;
  renewals: PeriodCounts;
  /** Cents captured from cards less cents refunded to them. */
  revenue: PeriodCounts;
  refunds: PeriodCounts;
  /** Charges refused in the last 7 days, newest first (at most 20), and how many there were. */
  failedCharges: { last7Days: number; recent: FailedCharge[] };
  pendingTransfers: { inbound: number; awaitingAuthCode: number; outbound: number };
  jobs: QueueHealth;
  /** Open cases at the abuse desk. */
  openAbuseCases: number;
  /** Open abuse cases past their acknowledgement or first-action clock. */
  overdueAbuseCases: number;
  /** The latest escrow deposit failed, or none was made lately (null: escrow is fine). */
  escrowProblem: EscrowProblem;
};
