/**
 * Registrar data escrow (RAA §3.6, the Registrar Data Escrow Specifications; README "Data escrow" says what we follow
 * and what we chose): one scheduled deposit a day, full on ESCROW_FULL_DAY (and whenever no full deposit was made yet),
 * incremental on the other days: what changed and what was deleted since the previous deposit. Staff may make one on
 * demand beside it (`npm run admin -- escrow-deposit`, "Deposit now"), the day's next sequence number. The sealed
 * files are kept with the deposit, so a retry sends the same bytes; a failed deposit is taken over by the next run
 * and compliance is told of it once.
 */
import { and, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { subHours } from 'date-fns/subHours';
import brand from '../../../../content/brand.json' with { type: 'json' };
import { now } from '../../../clock.ts';
import { depositDayLabel } from '../../../contract/compliance/escrow.ts';
import { escrowDepositFiles, escrowDeposits } from '../../../db/schema/index.ts';
import type { EscrowDepositRow } from '../../../db/schema/index.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import { recordAudit, type StaffActor } from '../../audit/audit-log.ts';
import { queueMessage } from '../../platform/messages.ts';
import { complianceRecipients } from '../compliance-recipients.ts';
import { type BuiltFile, buildDepositFiles } from './escrow-files.ts';
import { loadEscrowKeys } from './escrow-seal.ts';
import { deliverDeposit, escrowDestination, type UploadHooks } from './escrow-transport.ts';

const weekdays = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
type Kind = 'full' | 'inc';
type EscrowDeps = Pick<Deps, 'db' | 'config'> & { jobs?: Deps['jobs'] };

export type EscrowReport =
  | { skipped: string }
  | {
      depositId: number;
      kind: Kind;
      day: string;
      sequence: number;
      rows: number;
      deletions: number;
      bytes: number;
      files: string[];
      destination: 'directory' | 'sftp';
    };

const utcDay = (date: Date) => date.toISOString().slice(0, 10).replaceAll('-', '');

/**
 * What a deposit is when nobody says: full when none was made yet; the scheduled one is full on the full day too; else
 * incremental (one on demand adds to the chain the agent holds, cheaply).
 */
async function defaultKind(deps: EscrowDeps, time: Date, trigger: 'schedule' | 'manual'): Promise<Kind> {
  const [anyFull] = await deps.db
    .select({ id: escrowDeposits.depositId })
    .from(escrowDeposits)
    .where(and(eq(escrowDeposits.kind, 'full'), eq(escrowDeposits.status, 'done')))
    .limit(1);
  if (!anyFull) return 'full';
  return trigger === 'schedule' && weekdays[time.getUTCDay()] === deps.config.ESCROW_FULL_DAY ? 'full' : 'inc';
}

export type DepositOptions = { trigger?: 'schedule' | 'manual'; kind?: Kind; actor?: StaffActor; reason?: string } & UploadHooks;

export async function makeEscrowDeposit(deps: EscrowDeps, options: DepositOptions = {}): Promise<EscrowReport> {
  const keys = await loadEscrowKeys(deps.config);
  const trigger = options.trigger ?? 'schedule';
  if (!keys) {
    if (trigger === 'manual') throw new AppError(409, 'Escrow keys are not configured (ESCROW_AGENT_KEY_FILE, ESCROW_SIGNING_KEY_FILE)');
    return { skipped: 'escrow keys are not configured (ESCROW_AGENT_KEY_FILE, ESCROW_SIGNING_KEY_FILE)' };
  }
  const time = now();
  const day = utcDay(time);
  let kind = options.kind ?? (await defaultKind(deps, time, trigger));
  if (kind === 'inc' && !deps.config.ESCROW_INCREMENTAL) {
    if (trigger === 'schedule') return { skipped: 'incremental deposits are off (ESCROW_INCREMENTAL=false)' };
    kind = 'full';
  }
  const destination = escrowDestination(deps.config);
  const claimed =
    trigger === 'manual'
      ? await createManualDeposit(deps, { kind, day, time, destination, actor: options.actor, reason: options.reason })
      : await claimScheduledDeposit(deps, { kind, day, time, destination });
  if (!claimed) return { skipped: `the deposit of ${day} is made or being made` };
  try {
    const files = await storedOrBuiltFiles(deps, keys, claimed);
    await deliverDeposit(deps.config, files, {
      onUploaded: async (name) => {
        await deps.db
          .update(escrowDepositFiles)
          .set({ uploadedAt: now() })
          .where(and(eq(escrowDepositFiles.depositId, claimed.depositId), eq(escrowDepositFiles.name, name)));
        await options.onUploaded?.(name);
      },
    });
    const [done] = await deps.db
      .update(escrowDeposits)
      .set({ status: 'done', finishDate: now(), error: null })
      .where(eq(escrowDeposits.depositId, claimed.depositId))
      .returning();
    return {
      depositId: done.depositId,
      kind: done.kind,
      day: done.depositDay,
      sequence: done.sequence,
      rows: done.rowCount,
      deletions: done.deletionCount,
      bytes: done.totalBytes,
      files: done.files,
      destination: done.destination,
    };
  } catch (error) {
    await deps.db
      .update(escrowDeposits)
      .set({ status: 'failed', error: (error as Error).message.slice(0, 500) })
      .where(eq(escrowDeposits.depositId, claimed.depositId));
    await tellComplianceOfFailure(deps, claimed.depositId);
    throw error;
  }
}

/** The files made the first time this deposit was tried (the very bytes the agent may hold already), or new ones. */
async function storedOrBuiltFiles(
  deps: EscrowDeps,
  keys: NonNullable<Awaited<ReturnType<typeof loadEscrowKeys>>>,
  deposit: EscrowDepositRow,
): Promise<BuiltFile[]> {
  const stored = await deps.db
    .select({ name: escrowDepositFiles.name, bytes: escrowDepositFiles.content })
    .from(escrowDepositFiles)
    .where(eq(escrowDepositFiles.depositId, deposit.depositId))
    .orderBy(escrowDepositFiles.position);
  if (stored.length) return stored.map((f) => ({ name: f.name, bytes: new Uint8Array(f.bytes) }));
  const [previous] = await deps.db
    .select()
    .from(escrowDeposits)
    .where(and(eq(escrowDeposits.status, 'done'), lte(escrowDeposits.watermark, deposit.watermark)))
    .orderBy(desc(escrowDeposits.watermark))
    .limit(1);
  const since = deposit.kind === 'full' ? null : (previous?.watermark ?? null);
  const built = await buildDepositFiles(deps, keys, { deposit, since, kind: since ? deposit.kind : 'full' });
  await deps.db.transaction(async (tx) => {
    await tx.insert(escrowDepositFiles).values(
      built.files.map((file, position) => ({
        depositId: deposit.depositId,
        position,
        name: file.name,
        content: Buffer.from(file.bytes),
        sha256: file.sha256,
      })),
    );
    await tx
      .update(escrowDeposits)
      .set({
        kind: built.kind,
        rowCount: built.rows,
        deletionCount: built.deletions,
        totalBytes: built.files.reduce((sum, f) => sum + f.bytes.length, 0),
        files: built.files.map((f) => f.name),
      })
      .where(eq(escrowDeposits.depositId, deposit.depositId));
  });
  return built.files;
}

type ClaimInput = { kind: Kind; day: string; time: Date; destination: 'directory' | 'sftp' };

const nextSequence = (day: string) =>
  sql<number>`(select coalesce(max(${escrowDeposits.sequence}), 0) + 1 from ${escrowDeposits} where ${escrowDeposits.depositDay} = ${day})`;

/** Claims the day's scheduled deposit: new, failed before, or started over an hour ago by a worker that died. */
async function claimScheduledDeposit(deps: EscrowDeps, input: ClaimInput): Promise<EscrowDepositRow | null> {
  const [created] = await deps.db
    .insert(escrowDeposits)
    .values({
      kind: input.kind,
      depositDay: input.day,
      sequence: nextSequence(input.day),
      trigger: 'schedule',
      watermark: input.time,
      destination: input.destination,
      createDate: input.time,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  // A retry keeps what the first attempt built (its kind, watermark and files); an attempt that built nothing starts over.
  const [retaken] = await deps.db
    .update(escrowDeposits)
    .set({ status: 'started', error: null, failureNotifiedAt: null })
    .where(
      and(
        eq(escrowDeposits.depositDay, input.day),
        eq(escrowDeposits.trigger, 'schedule'),
        or(eq(escrowDeposits.status, 'failed'), and(eq(escrowDeposits.status, 'started'), lte(escrowDeposits.createDate, subHours(input.time, 1)))),
      ),
    )
    .returning();
  if (!retaken) return null;
  if (retaken.files.length > 0) return retaken;
  const [fresh] = await deps.db
    .update(escrowDeposits)
    .set({ kind: input.kind, watermark: input.time, createDate: input.time })
    .where(eq(escrowDeposits.depositId, retaken.depositId))
    .returning();
  return fresh;
}

/** A deposit on demand, with its audit entry in the same transaction. */
async function createManualDeposit(deps: EscrowDeps, input: ClaimInput & { actor?: StaffActor; reason?: string }): Promise<EscrowDepositRow> {
  return deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(escrowDeposits)
      .values({
        kind: input.kind,
        depositDay: input.day,
        sequence: nextSequence(input.day),
        trigger: 'manual',
        watermark: input.time,
        destination: input.destination,
        createDate: input.time,
      })
      .returning();
    if (input.actor) {
      await recordAudit(tx, input.actor, {
        action: 'escrow.deposit',
        targetType: 'escrow-deposit',
        targetId: created.depositId,
        targetLabel: `${input.kind} deposit ${input.day} #${created.sequence}`,
        after: { kind: input.kind, day: input.day, sequence: created.sequence, destination: input.destination },
        reason: input.reason ?? null,
      });
    }
    return created;
  });
}

/** One email to compliance per failed deposit (a retry that fails again after a success is a new failure). */
async function tellComplianceOfFailure(deps: EscrowDeps, depositId: number): Promise<void> {
  if (!deps.jobs) return;
  const [row] = await deps.db
    .update(escrowDeposits)
    .set({ failureNotifiedAt: now() })
    .where(and(eq(escrowDeposits.depositId, depositId), isNull(escrowDeposits.failureNotifiedAt)))
    .returning();
  if (!row) return;
  for (const to of await complianceRecipients(deps)) {
    await queueMessage(deps.jobs, {
      channel: 'email',
      to,
      subject: `The escrow deposit of ${depositDayLabel(row.depositDay)} failed`,
      text:
        `The ${row.kind === 'full' ? 'full' : 'incremental'} escrow deposit of ${depositDayLabel(row.depositDay)} (#${row.sequence}) failed:\n\n  ${row.error ?? 'unknown error'}\n\n` +
        `It is retried within the day. See Escrow in the ${brand.name} back office, or make one now: ${deps.config.publicOrigin}/admin/escrow`,
    });
  }
}
