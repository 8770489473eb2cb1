/**
 * Suspending a domain (DESIGN "Registrar duties": `clientHold` at the registry, no answers from our DNS, a reason the
 * customer can read). Staff, an abuse case and an unverified registrant each suspend for their own reason; the domain
 * stays on hold while any of them does, and comes back when the last is lifted.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { domainSuspensions, domains } from '../../db/schema/index.ts';
import type { DomainSuspensionRow } from '../../db/schema/index.ts';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { type StaffActor, systemActor } from '../audit/audit-log.ts';
import { syncZone } from '../dns/zone.ts';
import type { HoldBefore } from '../journal/intent-kinds.ts';
import { carryOutIntent, type Intent, linkIntentAudit, recordIntent } from '../journal/registry-intents.ts';
import { type OutgoingMessage, queueMessage } from '../platform/messages.ts';

export type SuspensionKind = DomainSuspensionRow['kind'];

type SuspensionDeps = Pick<Deps, 'db' | 'config' | 'providers' | 'jobs'>;

/** What a caller records with a suspension change, in the same transaction: its audit row, and the email for the owner. */
export type SuspensionRecording<R> = {
  actor?: StaffActor;
  audit?: (tx: Tx, result: R) => Promise<{ auditId: number } | undefined | void>;
  /** Sent once the registry has done its part (at once when it had nothing to do). */
  notify?: (result: R) => OutgoingMessage | null;
};

/**
 * Suspends the domain for this reason (suspending again for the same kind only updates the reason). The suspension,
 * the caller's audit row and the registry's hold (an intent, services/journal) commit together; our DNS stops
 * answering; then the registry is asked for the hold, outside the transaction. A refusal undoes the suspension (502).
 */
export async function suspendDomain(
  deps: SuspensionDeps,
  input: { domainId: number; kind: SuspensionKind; reason: string; reference?: string | null },
  recording: SuspensionRecording<DomainSuspensionRow> = {},
): Promise<DomainSuspensionRow> {
  const { suspension, intent, message } = await deps.db.transaction(async (tx) => {
    const [domain] = await tx.select().from(domains).where(eq(domains.domainId, input.domainId)).for('update');
    if (!domain) throw new AppError(404, 'No such domain');
    if (domain.status === 'deleted' || domain.status === 'transfer') throw new AppError(409, `${domain.domain} is not held by us, so it cannot be suspended`);
    const [existing] = await tx
      .select()
      .from(domainSuspensions)
      .where(and(eq(domainSuspensions.domainId, input.domainId), eq(domainSuspensions.kind, input.kind), isNull(domainSuspensions.liftDate)));
    const [row] = existing
      ? await tx
          .update(domainSuspensions)
          .set({ reason: input.reason, reference: input.reference ?? existing.reference })
          .where(eq(domainSuspensions.suspensionId, existing.suspensionId))
          .returning()
      : await tx
          .insert(domainSuspensions)
          .values({ domainId: input.domainId, kind: input.kind, reason: input.reason, reference: input.reference ?? null, createDate: now() })
          .returning();
    const message = recording.notify?.(row) ?? null;
    let intent: Intent | null = null;
    if (domain.suspendedAt === null) {
      intent = await recordIntent(tx, {
        kind: 'hold',
        domainId: domain.domainId,
        domain: domain.domain,
        params: {
          before: { suspendedAt: null, suspensionReason: domain.suspensionReason, suspensionIds: existing ? [] : [row.suspensionId] } satisfies HoldBefore,
          notify: message,
        },
        actor: recording.actor ?? systemActor,
      });
      await tx
        .update(domains)
        .set({ suspendedAt: row.createDate, suspensionReason: row.reason, modifyDate: now() })
        .where(eq(domains.domainId, input.domainId));
    } else {
      await tx
        .update(domains)
        .set({ suspensionReason: await oldestActiveReason(tx, input.domainId) })
        .where(eq(domains.domainId, input.domainId));
    }
    const entry = await recording.audit?.(tx, row);
    if (intent && entry) await linkIntentAudit(tx, intent.intentId, entry.auditId);
    return { suspension: row, intent, message };
  });
  await syncZone(deps, input.domainId);
  if (intent) await carryOutIntent(deps, intent);
  else if (message) await queueMessage(deps.jobs, message);
  return suspension;
}

export type LiftResult = { lifted: boolean; stillSuspended: boolean };

/**
 * Lifts this kind's suspension (nothing happens when there is none). When it was the last, our record, the caller's
 * audit row and the registry's release (an intent) commit together, our DNS answers again, and then the registry takes
 * the hold off; otherwise the domain stays on hold, now for the remaining reason.
 */
export async function liftSuspension(
  deps: SuspensionDeps,
  input: { domainId: number; kind: SuspensionKind },
  recording: SuspensionRecording<LiftResult> = {},
): Promise<LiftResult> {
  const { result, intent, message } = await deps.db.transaction(async (tx) => {
    const [domain] = await tx.select().from(domains).where(eq(domains.domainId, input.domainId)).for('update');
    if (!domain) throw new AppError(404, 'No such domain');
    const lifted = await tx
      .update(domainSuspensions)
      .set({ liftDate: now() })
      .where(and(eq(domainSuspensions.domainId, input.domainId), eq(domainSuspensions.kind, input.kind), isNull(domainSuspensions.liftDate)))
      .returning({ suspensionId: domainSuspensions.suspensionId });
    const remaining = await oldestActiveReason(tx, input.domainId);
    const result: LiftResult = { lifted: lifted.length > 0, stillSuspended: remaining !== null };
    const message = recording.notify?.(result) ?? null;
    let intent: Intent | null = null;
    if (remaining !== null) {
      await tx.update(domains).set({ suspensionReason: remaining }).where(eq(domains.domainId, input.domainId));
    } else if (domain.suspendedAt !== null) {
      // A domain that left us meanwhile has nothing to take off at the registry.
      if (domain.status !== 'deleted' && domain.status !== 'transfer') {
        intent = await recordIntent(tx, {
          kind: 'unhold',
          domainId: domain.domainId,
          domain: domain.domain,
          params: {
            before: {
              suspendedAt: domain.suspendedAt.toISOString(),
              suspensionReason: domain.suspensionReason,
              suspensionIds: lifted.map((l) => l.suspensionId),
            } satisfies HoldBefore,
            notify: message,
          },
          actor: recording.actor ?? systemActor,
        });
      }
      await tx.update(domains).set({ suspendedAt: null, suspensionReason: null, modifyDate: now() }).where(eq(domains.domainId, input.domainId));
    }
    const entry = await recording.audit?.(tx, result);
    if (intent && entry) await linkIntentAudit(tx, intent.intentId, entry.auditId);
    return { result, intent, message };
  });
  await syncZone(deps, input.domainId);
  if (intent) await carryOutIntent(deps, intent);
  else if (message) await queueMessage(deps.jobs, message);
  return result;
}

/** A domain's suspensions, active first, then the lifted ones newest first (for staff and the customer's history). */
export async function suspensionsOf(deps: Pick<Deps, 'db'>, domainId: number): Promise<DomainSuspensionRow[]> {
  return deps.db
    .select()
    .from(domainSuspensions)
    .where(eq(domainSuspensions.domainId, domainId))
    .orderBy(sql`${domainSuspensions.liftDate} is not null`, sql`coalesce(${domainSuspensions.liftDate}, ${domainSuspensions.createDate}) desc`);
}

async function oldestActiveReason(tx: Pick<Deps['db'], 'select'>, domainId: number): Promise<string | null> {
  const [oldest] = await tx
    .select({ reason: domainSuspensions.reason })
    .from(domainSuspensions)
    .where(and(eq(domainSuspensions.domainId, domainId), isNull(domainSuspensions.liftDate)))
    .orderBy(asc(domainSuspensions.createDate), asc(domainSuspensions.suspensionId))
    .limit(1);
  return oldest?.reason ?? null;
}
