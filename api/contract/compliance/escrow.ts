/** The escrow screen's words: a deposit as staff see it, the screen's answer, and "Deposit now". */
import '../zod-config.ts';
import { z } from 'zod';

/** A deposit's day (stored as `YYYYMMDD`, as the agent's day folders are) as people read it and file names carry it: `YYYY-MM-DD`. */
export const depositDayLabel = (day: string) => `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`;

export const escrowDepositSummarySchema = z.strictObject({
  depositId: z.number().int(),
  kind: z.enum(['full', 'inc']),
  /** `YYYY-MM-DD` (depositDayLabel). */
  day: z.string(),
  sequence: z.number().int(),
  trigger: z.enum(['schedule', 'manual']),
  status: z.enum(['started', 'done', 'failed']),
  createDate: z.string(),
  finishDate: z.string().nullable(),
  rows: z.number().int(),
  deletions: z.number().int(),
  bytes: z.number().int(),
  files: z.array(z.string()),
  destination: z.enum(['directory', 'sftp']),
  /** The upload's result in words: uploaded, written, or the error. */
  result: z.string(),
});
export type EscrowDepositSummary = z.infer<typeof escrowDepositSummarySchema>;

/** What is wrong with escrow right now, for the screen and the dashboard (null: nothing). */
export const escrowProblemSchema = z.strictObject({ kind: z.enum(['failed', 'missing', 'not-configured']), message: z.string() }).nullable();
export type EscrowProblem = z.infer<typeof escrowProblemSchema>;

export const escrowScreenSchema = z.strictObject({
  deposits: z.array(escrowDepositSummarySchema),
  nextRun: z.string(),
  problem: escrowProblemSchema,
  configured: z.boolean(),
});
export type EscrowScreen = z.infer<typeof escrowScreenSchema>;

export const escrowDepositNowSchema = z.strictObject({
  kind: z.enum(['full', 'inc']).optional(),
  reason: z.string().trim().max(500).optional(),
});
export type EscrowDepositNow = z.infer<typeof escrowDepositNowSchema>;
