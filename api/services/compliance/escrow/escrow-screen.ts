/**
 * The back office's escrow screen and the dashboard's escrow line: recent deposits with their files, counts, size and
 * upload result, when the next scheduled deposit runs, and what is wrong (the latest deposit failed, or none was made
 * in the last 26 hours).
 */
import { addDays } from 'date-fns/addDays';
import { subHours } from 'date-fns/subHours';
import { and, desc, eq, gte } from 'drizzle-orm';
import { now } from '../../../clock.ts';
import {
  depositDayLabel,
  type EscrowDepositNow,
  type EscrowDepositSummary,
  type EscrowProblem,
  type EscrowScreen,
} from '../../../contract/compliance/escrow.ts';
import { type EscrowDepositRow, escrowDeposits } from '../../../db/schema/index.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import type { StaffActor } from '../../audit/audit-log.ts';
import { makeEscrowDeposit } from './escrow-deposit.ts';

/** The escrow-deposit job's schedule (jobs/escrow-deposit.ts: 01:30 UTC daily). */
export const escrowRunMinuteOfDay = 90;
/** A day's deposit plus the hours its retries may take. */
const missingAfterHours = 26;

export function nextEscrowRun(at: Date = now()): Date {
  const today = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), 0, escrowRunMinuteOfDay));
  return today > at ? today : addDays(today, 1);
}

const configured = (config: Deps['config']) => Boolean(config.ESCROW_AGENT_KEY_FILE && config.ESCROW_SIGNING_KEY_FILE);

function summarise(row: EscrowDepositRow): EscrowDepositSummary {
  const where = row.destination === 'sftp' ? 'Uploaded to the escrow agent' : 'Written to the deposit folder (sandbox)';
  return {
    depositId: row.depositId,
    kind: row.kind,
    day: depositDayLabel(row.depositDay),
    sequence: row.sequence,
    trigger: row.trigger,
    status: row.status,
    createDate: row.createDate.toISOString(),
    finishDate: row.finishDate?.toISOString() ?? null,
    rows: row.rowCount,
    deletions: row.deletionCount,
    bytes: row.totalBytes,
    files: row.files,
    destination: row.destination,
    result: row.status === 'done' ? where : row.status === 'failed' ? `Failed: ${row.error ?? 'unknown error'}` : 'In progress',
  };
}

export async function readEscrowProblem(deps: Pick<Deps, 'db' | 'config'>): Promise<EscrowProblem> {
  if (!configured(deps.config)) {
    return deps.config.sandboxMode ? null : { kind: 'not-configured', message: 'Escrow keys are not configured: no deposit is made.' };
  }
  const [latest] = await deps.db.select().from(escrowDeposits).orderBy(desc(escrowDeposits.createDate)).limit(1);
  if (latest?.status === 'failed')
    return { kind: 'failed', message: `The escrow deposit of ${depositDayLabel(latest.depositDay)} failed: ${latest.error ?? 'unknown error'}` };
  const at = now();
  const [recent] = await deps.db
    .select({ id: escrowDeposits.depositId })
    .from(escrowDeposits)
    .where(and(eq(escrowDeposits.status, 'done'), gte(escrowDeposits.createDate, subHours(at, missingAfterHours))))
    .limit(1);
  // A new installation has had no chance yet: missing only once the first scheduled run is behind it.
  if (!recent && latest) return { kind: 'missing', message: `No escrow deposit was made in the last ${missingAfterHours} hours.` };
  return null;
}

export async function readEscrowScreen(deps: Pick<Deps, 'db' | 'config'>): Promise<EscrowScreen> {
  const rows = await deps.db.select().from(escrowDeposits).orderBy(desc(escrowDeposits.createDate), desc(escrowDeposits.depositId)).limit(60);
  return { deposits: rows.map(summarise), nextRun: nextEscrowRun().toISOString(), problem: await readEscrowProblem(deps), configured: configured(deps.config) };
}

/** "Deposit now": made at once (the staff member waits for it), audited with its reason. */
export async function depositNow(deps: Pick<Deps, 'db' | 'config' | 'jobs'>, actor: StaffActor, input: EscrowDepositNow): Promise<EscrowScreen> {
  try {
    await makeEscrowDeposit(deps, { trigger: 'manual', kind: input.kind, actor, reason: input.reason || 'Deposit now, from the escrow screen' });
  } catch (error) {
    // The failure is on the deposit's row (and emailed to compliance): the screen shows it.
    if (error instanceof AppError) throw error;
  }
  return readEscrowScreen(deps);
}
