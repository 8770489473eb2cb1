/** The escrow screen's words: a deposit as staff see it, the screen's answer, and "Deposit now". */
import '../zod-config.ts';
import { z } from 'zod';

export type EscrowDepositSummary = {
  depositId: number;
  kind: 'full' | 'inc';
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
