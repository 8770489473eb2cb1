/**
 * Registrar data escrow (RAA §3.6): each day one deposit, full on ESCROW_FULL_DAY (and whenever no full deposit was
 * made yet), incremental on the other days (unless ESCROW_INCREMENTAL is off): what changed since the previous
 * deposit. A deposit is `<IANA ID>_<YYYYMMDD>_<full|inc>_1.csv` and `.hash` (its SHA-256), each encrypted to the agent
 * and signed (`.gpg`). The day key makes it once a day however many workers run; a failed or abandoned
 * deposit is taken over by the next run.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq, lte, or } from 'drizzle-orm';
import { subHours } from 'date-fns';
import { now } from '../../../clock.ts';
import { escrowDeposits } from '../../../db/schema/index.ts';
import type { Deps } from '../../../deps.ts';
import { buildEscrowCsv } from './escrow-rows.ts';
import { loadEscrowKeys, sealFile } from './escrow-seal.ts';
import { deliverDeposit, escrowDestination } from './escrow-transport.ts';

const weekdays = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

export type EscrowReport = { skipped: string } | { kind: 'full' | 'inc'; day: string; rows: number; files: string[]; destination: 'directory' | 'sftp' };

const utcDay = (date: Date) => date.toISOString().slice(0, 10).replaceAll('-', '');

export async function makeEscrowDeposit(deps: Pick<Deps, 'db' | 'config'>): Promise<EscrowReport> {
  const keys = await loadEscrowKeys(deps.config);
  if (!keys) return { skipped: 'escrow keys are not configured (ESCROW_AGENT_KEY_FILE, ESCROW_SIGNING_KEY_FILE)' };
  const time = now();
  const day = utcDay(time);
  const [previous] = await deps.db.select().from(escrowDeposits).where(eq(escrowDeposits.status, 'done')).orderBy(desc(escrowDeposits.watermark)).limit(1);
  const [anyFull] = await deps.db
    .select({ id: escrowDeposits.depositId })
    .from(escrowDeposits)
    .where(and(eq(escrowDeposits.kind, 'full'), eq(escrowDeposits.status, 'done')))
    .limit(1);
  const fullDay = weekdays[time.getUTCDay()] === deps.config.ESCROW_FULL_DAY;
  const kind = fullDay || !anyFull ? 'full' : 'inc';
  if (kind === 'inc' && !deps.config.ESCROW_INCREMENTAL) return { skipped: 'incremental deposits are off (ESCROW_INCREMENTAL=false)' };
  const destination = escrowDestination(deps.config);

  const claimed = await claimDeposit(deps, { kind, day, time, destination });
  if (!claimed) return { skipped: `the deposit of ${day} is made or being made` };
  try {
    const { csv, rows } = await buildEscrowCsv(deps, kind === 'full' ? null : (previous?.watermark ?? null));
    const base = `${deps.config.registrar.ianaId}_${day}_${kind}_1`;
    const hash = `${createHash('sha256').update(csv, 'utf8').digest('hex')}  ${base}.csv\n`;
    const files = [
      { name: `${base}.csv.gpg`, bytes: await sealFile(keys, `${base}.csv`, csv) },
      { name: `${base}.hash.gpg`, bytes: await sealFile(keys, `${base}.hash`, hash) },
    ];
    await deliverDeposit(deps.config, files);
    await deps.db
      .update(escrowDeposits)
      .set({ status: 'done', rowCount: rows, files: files.map((f) => f.name), finishDate: now(), error: null })
      .where(eq(escrowDeposits.depositId, claimed));
    return { kind, day, rows, files: files.map((f) => f.name), destination };
  } catch (error) {
    await deps.db
      .update(escrowDeposits)
      .set({ status: 'failed', error: (error as Error).message.slice(0, 500) })
      .where(eq(escrowDeposits.depositId, claimed));
    throw error;
  }
}

/** Claims the day's deposit: new, failed before, or started over an hour ago by a worker that died. */
async function claimDeposit(
  deps: Pick<Deps, 'db'>,
  input: { kind: 'full' | 'inc'; day: string; time: Date; destination: 'directory' | 'sftp' },
): Promise<number | null> {
  const [created] = await deps.db
    .insert(escrowDeposits)
    .values({ kind: input.kind, depositDay: input.day, watermark: input.time, destination: input.destination, createDate: input.time })
    .onConflictDoNothing()
    .returning({ depositId: escrowDeposits.depositId });
  if (created) return created.depositId;
  const [retaken] = await deps.db
    .update(escrowDeposits)
    .set({ kind: input.kind, status: 'started', watermark: input.time, createDate: input.time, error: null })
    .where(
      and(
        eq(escrowDeposits.depositDay, input.day),
        or(eq(escrowDeposits.status, 'failed'), and(eq(escrowDeposits.status, 'started'), lte(escrowDeposits.createDate, subHours(input.time, 1)))),
      ),
    )
    .returning({ depositId: escrowDeposits.depositId });
  return retaken?.depositId ?? null;
}
