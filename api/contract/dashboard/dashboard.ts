/** The back office dashboard (GET /api/admin/dashboard): activity, failed charges, transfers waiting, job queue health. */
import '../zod-config.ts';
import { z } from 'zod';
import { escrowProblemSchema } from '../compliance/escrow.ts';

const periodCountsSchema = z.strictObject({ today: z.number(), last7Days: z.number(), last30Days: z.number() });
export type PeriodCounts = z.infer<typeof periodCountsSchema>;

const failedChargeSchema = z.strictObject({
  kind: z.enum(['order', 'renewal', 'auto-renewal', 'monthly-bill']),
  /** The order, renewal order or bill id. */
  id: z.number().int(),
  accountId: z.number().int().nullable(),
  amount: z.number().int(),
  reason: z.string().nullable(),
  date: z.string(),
});
export type FailedCharge = z.infer<typeof failedChargeSchema>;

/** The queue as staff see it: depths, recent failures, and when each schedule last ran. */
const queueHealthSchema = z.strictObject({
  queues: z.array(z.strictObject({ name: z.string(), ready: z.number(), deferred: z.number(), active: z.number(), failed: z.number() })),
  /** Jobs that used up their retries, newest first (pg-boss keeps them for its retention period). */
  failedJobs: z.array(
    z.strictObject({ id: z.string(), name: z.string(), retryCount: z.number(), failedOn: z.string().nullable(), error: z.string().nullable() }),
  ),
  schedules: z.array(
    z.strictObject({
      name: z.string(),
      cron: z.string(),
      /** The latest run that finished, and whether it completed or failed; null when none is on record. */
      lastRun: z.strictObject({ state: z.enum(['completed', 'failed']), startedOn: z.string().nullable(), completedOn: z.string().nullable() }).nullable(),
    }),
  ),
});
export type QueueHealth = z.infer<typeof queueHealthSchema>;

export const dashboardSchema = z.strictObject({
  asOf: z.string(),
  registrations: periodCountsSchema,
  transfers: periodCountsSchema,
  renewals: periodCountsSchema,
  /** Cents captured from cards less cents refunded to them. */
  revenue: periodCountsSchema,
  refunds: periodCountsSchema,
  /** Charges refused in the last 7 days, newest first (at most 20), and how many there were. */
  failedCharges: z.strictObject({ last7Days: z.number(), recent: z.array(failedChargeSchema) }),
  pendingTransfers: z.strictObject({ inbound: z.number(), awaitingAuthCode: z.number(), outbound: z.number() }),
  jobs: queueHealthSchema,
  /** Open cases at the abuse desk. */
  openAbuseCases: z.number(),
  /** Open abuse cases past their acknowledgement or first-action clock. */
  overdueAbuseCases: z.number(),
  /** The latest escrow deposit failed, or none was made lately (null: escrow is fine). */
  escrowProblem: escrowProblemSchema,
});
export type Dashboard = z.infer<typeof dashboardSchema>;
