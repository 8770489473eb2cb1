/**
 * The journal (DESIGN "Journal"): an action that reaches the registry records an intent in the transaction that makes
 * its database change and writes its audit row; after commit, outside any row lock, the call is made and its outcome
 * recorded (done: the kind's `done` step; refused: the kind's `undo` step and an audit row saying so). An intent whose
 * answer never came, or whose process died, stays pending until its lease lapses; the order-reconcile job then asks
 * the registry (the kind's `check`) and finishes or undoes it, never repeating a call that is not safe to repeat.
 */
import { addMilliseconds } from 'date-fns/addMilliseconds';
import { and, eq, lt, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { Tx } from '../../db/client.ts';
import { registryIntents } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { RegistryOutcomeUnknownError } from '../../providers/registry/index.ts';
import { recordAudit, type StaffActor, systemActor } from '../audit/audit-log.ts';
import { spendRegistryWrite } from '../domains/registry-changes.ts';
import { intentKinds, type IntentKind } from './intent-kinds.ts';
import type { Intent, JournalDeps } from './intent-types.ts';

export type { Intent, JournalDeps } from './intent-types.ts';

/** How long the process that recorded an intent has to make its call before the reconciler may take it over. */
export const intentLeaseMs = 60_000;

/**
 * Inside the action's transaction. A name with an intent still pending takes no other: the one in flight finishes or
 * is settled first (so two calls about one name never cross at the registry, and no row lock waits on it).
 */
export async function recordIntent(
  tx: Tx,
  input: { kind: IntentKind; domainId: number; domain: string; params: Record<string, unknown>; actor: StaffActor; auditId?: number | null },
): Promise<Intent> {
  const [pending] = await tx
    .select({ intentId: registryIntents.intentId })
    .from(registryIntents)
    .where(and(eq(registryIntents.domainId, input.domainId), eq(registryIntents.state, 'pending')))
    .limit(1);
  if (pending) throw new AppError(409, `An earlier change of ${input.domain} is still being made at the registry: try again in a minute`);
  const [intent] = await tx
    .insert(registryIntents)
    .values({
      kind: input.kind,
      domainId: input.domainId,
      domain: input.domain,
      params: { ...input.params, actor: input.actor },
      leaseExpireDate: addMilliseconds(now(), intentLeaseMs),
      auditId: input.auditId ?? null,
      createDate: now(),
    })
    .returning();
  return intent;
}

/** Sets the audit entry an intent belongs to, when the entry is written after the intent in the same transaction. */
export async function linkIntentAudit(tx: Tx, intentId: number, auditId: number): Promise<void> {
  await tx.update(registryIntents).set({ auditId }).where(eq(registryIntents.intentId, intentId));
}

async function settle(deps: JournalDeps, intent: Intent, state: 'done' | 'failed', work: (tx: Tx) => Promise<void>, outcome: string | null): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    // Only the one who finds it pending settles it (the caller and the reconciler may both try).
    const [claimed] = await tx
      .update(registryIntents)
      .set({ state, outcome, settleDate: now() })
      .where(and(eq(registryIntents.intentId, intent.intentId), eq(registryIntents.state, 'pending')))
      .returning({ intentId: registryIntents.intentId });
    if (!claimed) return false;
    await work(tx);
    return true;
  });
}

async function undo(deps: JournalDeps, intent: Intent, refusal: string): Promise<void> {
  const kind = intentKinds[intent.kind as IntentKind];
  await settle(
    deps,
    intent,
    'failed',
    async (tx) => {
      await kind.undo(tx, intent, refusal);
      const actor = (intent.params.actor as StaffActor | undefined) ?? systemActor;
      await recordAudit(tx, actor, {
        action: 'registry.refused',
        targetType: 'domain',
        targetId: intent.domainId,
        targetLabel: intent.domain,
        before: { intentId: intent.intentId, kind: intent.kind, auditId: intent.auditId },
        after: { refusal },
      });
    },
    refusal,
  );
  await kind.afterSettle?.(deps, intent, 'failed');
}

async function finish(deps: JournalDeps, intent: Intent, result: unknown): Promise<void> {
  const kind = intentKinds[intent.kind as IntentKind];
  const settled = await settle(deps, intent, 'done', (tx) => kind.done(deps, tx, intent, result), null);
  if (settled) await kind.afterSettle?.(deps, intent, 'done');
}

/**
 * After commit: makes the call and records the outcome. A refusal is undone and answered 502; an answer that never
 * came leaves the intent for the reconciler (its lease ends now) and is answered 502 saying so.
 */
export async function carryOutIntent(deps: JournalDeps, intent: Intent, options: { budgetSpent?: boolean } = {}): Promise<unknown> {
  const kind = intentKinds[intent.kind as IntentKind];
  let result: unknown;
  try {
    // A customer's change spent its budget before (domain-update.ts); staff actions, compliance duties (suspensions)
    // and the reconciler's calls are counted against everyone, never refused (registry-changes.ts).
    result = options.budgetSpent
      ? await kind.call(deps, intent)
      : await spendRegistryWrite(deps, { by: 'duty', accountId: null, domain: intent }, () => kind.call(deps, intent));
  } catch (error) {
    if (error instanceof RegistryOutcomeUnknownError) {
      await deps.db
        .update(registryIntents)
        .set({ leaseExpireDate: now(), outcome: (error as Error).message })
        .where(and(eq(registryIntents.intentId, intent.intentId), eq(registryIntents.state, 'pending')));
      throw new AppError(502, `The registry did not answer about ${intent.domain}; we will ask it again and finish or undo the change within minutes`);
    }
    const refusal = (error as Error).message;
    await undo(deps, intent, refusal);
    const answer = kind.refusalAnswer?.(intent, error as Error);
    if (answer) throw answer;
    throw new AppError(502, `The registry refused the change of ${intent.domain}: ${refusal}. Nothing was changed.`);
  }
  await finish(deps, intent, result);
  return result;
}

export type IntentReconcileReport = { done: number; failed: number; waiting: number };

/**
 * The reconciler (run by the order-reconcile job and at start): pending intents whose lease lapsed are taken over one
 * at a time (a new lease, so two workers never settle one twice) and settled from what the registry says now.
 */
export async function settleLapsedIntents(deps: JournalDeps): Promise<IntentReconcileReport> {
  const report: IntentReconcileReport = { done: 0, failed: 0, waiting: 0 };
  const lapsed = await deps.db
    .select({ intentId: registryIntents.intentId })
    .from(registryIntents)
    .where(and(eq(registryIntents.state, 'pending'), lt(registryIntents.leaseExpireDate, now())))
    .orderBy(registryIntents.intentId)
    .limit(500);
  for (const { intentId } of lapsed) {
    const [intent] = await deps.db
      .update(registryIntents)
      .set({ leaseExpireDate: addMilliseconds(now(), intentLeaseMs), attempts: sql`${registryIntents.attempts} + 1` })
      .where(and(eq(registryIntents.intentId, intentId), eq(registryIntents.state, 'pending'), lt(registryIntents.leaseExpireDate, now())))
      .returning();
    if (!intent) continue;
    const kind = intentKinds[intent.kind as IntentKind];
    try {
      const found = await kind.check(deps, intent);
      if (found.state === 'done') {
        await finish(deps, intent, found.result);
        report.done += 1;
      } else if (kind.safeToRepeat) {
        await carryOutIntent(deps, intent);
        report.done += 1;
      } else {
        await undo(deps, intent, 'the registry never made the change');
        report.failed += 1;
      }
    } catch (error) {
      // Refused (undone by carryOutIntent) or still no answer (left for the next run).
      const state = (await deps.db.select({ state: registryIntents.state }).from(registryIntents).where(eq(registryIntents.intentId, intentId)))[0]?.state;
      if (state === 'failed') report.failed += 1;
      else {
        console.warn(`the registry change of ${intent.domain} (${intent.kind}) is not settled yet:`, (error as Error).message);
        report.waiting += 1;
      }
    }
  }
  return report;
}
