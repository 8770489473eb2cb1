/**
 * Suspending a domain (DESIGN "Registrar duties": `clientHold` at the registry, no answers from our DNS, a reason the
 * customer can read). Staff, an abuse case and an unverified registrant each suspend for their own reason; the domain
 * stays on hold while any of them does, and comes back when the last is lifted.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { domainSuspensions, domains } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { syncZone } from '../dns/zone.ts';

export type SuspensionKind = (typeof domainSuspensions.$inferSelect)['kind'];
export type Suspension = typeof domainSuspensions.$inferSelect;

type SuspensionDeps = Pick<Deps, 'db' | 'config' | 'providers' | 'jobs'>;

/**
 * Suspends the domain for this reason (suspending again for the same kind only updates the reason). The registry
 * takes the hold inside the transaction that records it, so a refusal leaves nothing recorded (502); then our DNS
 * stops answering for it.
 */
export async function suspendDomain(
  deps: SuspensionDeps,
  input: { domainId: number; kind: SuspensionKind; reason: string; reference?: string | null },
): Promise<Suspension> {
  const suspension = await deps.db.transaction(async (tx) => {
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
    if (domain.suspendedAt === null) {
      await holdAtRegistry(deps, domain.domain, true);
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
    return row;
  });
  await syncZone(deps, input.domainId);
  return suspension;
}

/**
 * Lifts this kind's suspension (nothing happens when there is none). When it was the last, the registry takes the
 * hold off and our DNS answers again; otherwise the domain stays on hold, now for the remaining reason.
 */
export async function liftSuspension(
  deps: SuspensionDeps,
  input: { domainId: number; kind: SuspensionKind },
): Promise<{ lifted: boolean; stillSuspended: boolean }> {
  const result = await deps.db.transaction(async (tx) => {
    const [domain] = await tx.select().from(domains).where(eq(domains.domainId, input.domainId)).for('update');
    if (!domain) throw new AppError(404, 'No such domain');
    const lifted = await tx
      .update(domainSuspensions)
      .set({ liftDate: now() })
      .where(and(eq(domainSuspensions.domainId, input.domainId), eq(domainSuspensions.kind, input.kind), isNull(domainSuspensions.liftDate)))
      .returning({ suspensionId: domainSuspensions.suspensionId });
    const remaining = await oldestActiveReason(tx, input.domainId);
    if (remaining !== null) {
      await tx.update(domains).set({ suspensionReason: remaining }).where(eq(domains.domainId, input.domainId));
      return { lifted: lifted.length > 0, stillSuspended: true };
    }
    if (domain.suspendedAt !== null) {
      // A domain that left us meanwhile has nothing to take off at the registry.
      if (domain.status !== 'deleted' && domain.status !== 'transfer') await holdAtRegistry(deps, domain.domain, false);
      await tx.update(domains).set({ suspendedAt: null, suspensionReason: null, modifyDate: now() }).where(eq(domains.domainId, input.domainId));
    }
    return { lifted: lifted.length > 0, stillSuspended: false };
  });
  await syncZone(deps, input.domainId);
  return result;
}

/** A domain's suspensions, active first, then the lifted ones newest first (for staff and the customer's history). */
export async function suspensionsOf(deps: Pick<Deps, 'db'>, domainId: number): Promise<Suspension[]> {
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

async function holdAtRegistry(deps: SuspensionDeps, domain: string, onHold: boolean): Promise<void> {
  try {
    await deps.providers.registry.setClientHold(domain, onHold);
  } catch (error) {
    throw new AppError(502, `The registry did not ${onHold ? 'put' : 'take'} ${domain} ${onHold ? 'on' : 'off'} hold: ${(error as Error).message}`);
  }
}
