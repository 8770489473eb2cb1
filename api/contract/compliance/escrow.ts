/** The escrow screen's words: a deposit as staff see it, the screen's answer, and "Deposit now". */
import '../zod-config.ts';
import { z } from 'zod';

/** A deposit's day (stored as `YYYYMMDD`, as the agent's day folders are) as people read it and file names carry it: `YYYY-MM-DD`. */
export const depositDayLabel = (day: string) => `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`;

export type EscrowDepositSummary = {
  depositId: number;
  kind: 'full' | 'inc';
  /** `YYYY-MM-DD` (depositDayLabel). */
  day: string;
  sequence: number;
  trigger: 'schedule' | 'manual';
  status: 'started' | 'done' | 'failed';
  createDate: string;
  finishDate: string | null;
  rows: number;
  deletions: number;
  bytes: number;
  files: string[];
  destination: 'directory' | 'sftp';
  /** The upload's result in words: uploaded, written, or the error. */
  result: string;
};

/** What is wrong with escrow right now, for the screen and the dashboard (null: nothing). */
export type EscrowProblem = { kind: 'failed' | 'missing' | 'not-configured'; message: string } | null;

export type EscrowScreen = { deposits: EscrowDepositSummary[]; nextRun: string; problem: EscrowProblem; configured: boolean };

export const escrowDepositNowSchema = z.strictObject({
  kind: z.enum(['full', 'inc']).optional(),
  reason: z.string().trim().max(500).optional(),
});
export type EscrowDepositNow = z.infer<typeof escrowDepositNowSchema>;
