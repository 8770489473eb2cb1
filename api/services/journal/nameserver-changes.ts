/**
 * Custom nameserver changes that reach the registry, as journal entries (DESIGN "Journal"): the customer's edit or
 * deletion of an active host, and the review that creates or re-addresses a host at the registry. The rules and reads
 * of custom nameservers are in dns/registered-nameservers.ts.
 */
import { addMinutes } from 'date-fns/addMinutes';
import { addSeconds } from 'date-fns/addSeconds';
import { and, eq, lte } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { RegisteredNameserver } from '../../contract/dns/dns.ts';
import type { Tx } from '../../db/client.ts';
import { dnsZones, domains, registeredNameservers } from '../../db/schema/index.ts';
import type { RegisteredNameserverRow } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, systemActor } from '../audit/audit-log.ts';
import { spendRegistryChange, spendRegistryWrite } from '../domains/registry-changes.ts';
import { checkNameserver, ownedNameserver, refuseDuplicate, reviewLeaseMinutes, view } from '../dns/registered-nameservers.ts';
import { isServedByUs, syncZone } from '../dns/zone.ts';
import { customerActor, journalDomainChange } from './customer-changes.ts';
import type { HostBefore } from './host-kinds.ts';
import { carryOutIntent, linkIntentAudit, recordIntent } from './registry-intents.ts';

/** The signed-in customer who changes a custom nameserver (the audit log names them). */
export type NameserverEditor = { accountId: number; userId: number; clientIp: string };

/**
 * A change of a custom nameserver as a journal entry (DESIGN "Journal"). When the host is active at the registry and
 * the change removes it there (a deletion, or a new hostname), our row's change, the intent and an audit row commit
 * together under the domain's row lock; the host is deleted at the registry after commit, counted in the domain's
 * registry-change budget like PATCH /api/domains (a 429 past it); a refusal puts our row back (a domain still using the
 * host: 409, with what to do), a lost answer is settled by the reconciling job. Otherwise only our row and the audit
 * row change, together.
 */
async function changeNameserver(
  deps: Deps,
  editor: NameserverEditor,
  row: RegisteredNameserverRow,
  action: 'customer.nameserver.update' | 'customer.nameserver.delete',
  set: Partial<RegisteredNameserverRow>,
): Promise<void> {
  const [domain] = await deps.db.select().from(domains).where(eq(domains.domainId, row.domainId));
  const actor = await customerActor(deps.db, editor.userId, editor.clientIp);
  const before: HostBefore = {
    registeredNameserverId: row.registeredNameserverId,
    hostname: row.hostname,
    ipAddress: row.ipAddress,
    status: row.status,
    createDate: row.createDate.toISOString(),
    reviewDate: row.reviewDate?.toISOString() ?? null,
  };
  const audit = {
    action,
    before: { hostname: row.hostname, ipAddress: row.ipAddress, status: row.status },
    after: { ...set, createDate: undefined, reviewDate: undefined },
  };
  /** Our row's change, refused when someone changed the row since it was read. */
  const change = async (tx: Tx) => {
    const [locked] = await tx
      .select()
      .from(registeredNameservers)
      .where(eq(registeredNameservers.registeredNameserverId, row.registeredNameserverId))
      .for('update');
    if (!locked || locked.status !== row.status || locked.hostname !== row.hostname || locked.ipAddress !== row.ipAddress) {
      throw new AppError(409, `${row.hostname} was changed meanwhile: reload and try again`);
    }
    await tx.update(registeredNameservers).set(set).where(eq(registeredNameservers.registeredNameserverId, row.registeredNameserverId));
  };
  const removesHost = row.status === 'active' && (set.status === 'deleted' || (set.hostname !== undefined && set.hostname !== row.hostname));
  if (removesHost) {
    await spendRegistryChange(deps, { accountId: editor.accountId, domain }, () =>
      journalDomainChange(
        deps,
        actor,
        { domainId: row.domainId, accountId: editor.accountId },
        { kind: 'host-delete', change: (tx) => change(tx), params: { hostname: row.hostname, before }, audit },
      ),
    );
    return;
  }
  await deps.db.transaction(async (tx) => {
    await change(tx);
    await recordAudit(tx, actor, {
      action,
      targetType: 'domain',
      targetId: domain.domainId,
      targetLabel: domain.domain,
      accountId: domain.accountId,
      before: audit.before,
      after: audit.after,
    });
  });
  await syncZone(deps, row.domainId);
}

/** An edit is a new request: it is reviewed again before the registry gets it. */
export async function updateRegisteredNameserver(
  deps: Deps,
  editor: NameserverEditor,
  id: number,
  input: { hostname?: string; ipAddress?: string },
): Promise<RegisteredNameserver> {
  const row = await ownedNameserver(deps.db, editor.accountId, id);
  const [domain] = await deps.db.select().from(domains).where(eq(domains.domainId, row.domainId));
  const fields = checkNameserver(deps.config, domain.domain, { hostname: input.hostname ?? row.hostname, ipAddress: input.ipAddress ?? row.ipAddress });
  if (fields.hostname === row.hostname && fields.ipAddress === row.ipAddress) return view(row);
  await refuseDuplicate(deps.db, row.domainId, fields.hostname, id);
  const at = now();
  await changeNameserver(deps, editor, row, 'customer.nameserver.update', {
    ...fields,
    status: 'pending',
    createDate: at,
    reviewDate: addMinutes(at, deps.config.GLUE_REVIEW_MINUTES),
  });
  const [updated] = await deps.db.select().from(registeredNameservers).where(eq(registeredNameservers.registeredNameserverId, id));
  return view(updated);
}

export async function deleteRegisteredNameserver(deps: Deps, editor: NameserverEditor, id: number): Promise<{ id: number }> {
  const row = await ownedNameserver(deps.db, editor.accountId, id);
  await changeNameserver(deps, editor, row, 'customer.nameserver.delete', { status: 'deleted' });
  return { id };
}

/**
 * A reviewed host made active as a journal entry of the system's: our row (still as reviewed) turns active with the
 * intent and an audit row; the host is created or re-addressed at the registry after commit, in the budget the caller
 * spent; a refusal puts the row back to pending (a later review tries again), a lost answer is settled by the
 * reconciling job. False when the row changed since it was claimed.
 */
async function approveAtRegistry(deps: Deps, row: RegisteredNameserverRow): Promise<boolean> {
  const intent = await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(registeredNameservers)
      .where(eq(registeredNameservers.registeredNameserverId, row.registeredNameserverId))
      .for('update');
    if (locked?.status !== 'pending' || locked.hostname !== row.hostname || locked.ipAddress !== row.ipAddress) return null;
    const [domain] = await tx.select().from(domains).where(eq(domains.domainId, row.domainId));
    const before: HostBefore = {
      registeredNameserverId: row.registeredNameserverId,
      hostname: row.hostname,
      ipAddress: row.ipAddress,
      status: 'pending',
      createDate: locked.createDate.toISOString(),
      reviewDate: addMinutes(now(), reviewLeaseMinutes).toISOString(),
    };
    const intent = await recordIntent(tx, {
      kind: 'host-set',
      domainId: domain.domainId,
      domain: domain.domain,
      actor: systemActor,
      params: { hostname: row.hostname, addresses: [row.ipAddress], before },
    });
    await tx
      .update(registeredNameservers)
      .set({ status: 'active', reviewDate: null })
      .where(eq(registeredNameservers.registeredNameserverId, row.registeredNameserverId));
    const entry = await recordAudit(tx, systemActor, {
      action: 'nameserver.approve',
      targetType: 'domain',
      targetId: domain.domainId,
      targetLabel: domain.domain,
      accountId: domain.accountId,
      before: { hostname: row.hostname, ipAddress: row.ipAddress, status: 'pending' },
      after: { status: 'active', intentId: intent.intentId },
    });
    await linkIntentAudit(tx, intent.intentId, entry.auditId);
    return intent;
  });
  if (!intent) return false;
  await carryOutIntent(deps, intent, { budgetSpent: true });
  return true;
}

/**
 * The review: every pending nameserver whose review time has come is claimed (its review time pushed out by a
 * lease, so a second worker skips it), created or re-addressed at the registry, then made active if nobody edited
 * it meanwhile. A registry failure leaves it pending; the lease runs out and a later run tries again. Each host spends
 * its domain's registry-change budget; past it the host waits, still pending, until the budget has room again.
 */
export async function reviewDueNameservers(deps: Deps): Promise<{ approved: number; failed: number; deferred: number }> {
  const at = now();
  const claimed = await deps.db
    .update(registeredNameservers)
    .set({ reviewDate: addMinutes(at, reviewLeaseMinutes) })
    .where(and(eq(registeredNameservers.status, 'pending'), lte(registeredNameservers.reviewDate, at)))
    .returning();
  let approved = 0;
  let failed = 0;
  let deferred = 0;
  for (const row of claimed) {
    const [domain] = await deps.db.select().from(domains).where(eq(domains.domainId, row.domainId));
    try {
      if (await spendRegistryWrite(deps, { by: 'job', accountId: domain.accountId, domain }, () => approveAtRegistry(deps, row))) approved += 1;
    } catch (error) {
      if (error instanceof AppError && error.code === 429) {
        deferred += 1;
        const wait = (error.data as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds ?? reviewLeaseMinutes * 60;
        await deps.db
          .update(registeredNameservers)
          .set({ reviewDate: addSeconds(at, wait) })
          .where(
            and(
              eq(registeredNameservers.registeredNameserverId, row.registeredNameserverId),
              eq(registeredNameservers.status, 'pending'),
              eq(registeredNameservers.hostname, row.hostname),
              eq(registeredNameservers.ipAddress, row.ipAddress),
            ),
          );
        continue;
      }
      failed += 1;
      console.warn(`Custom nameserver ${row.hostname}: the registry did not take it yet: ${(error as Error).message}`);
    }
  }
  await publishUnpublishedZones(deps);
  return { approved, failed, deferred };
}

/** Zones of domains made elsewhere (checkout) that were never published: PowerDNS learns of them here. */
async function publishUnpublishedZones(deps: Deps): Promise<void> {
  const rows = await deps.db
    .select({ domainId: domains.domainId, status: domains.status, ns: domains.ns, suspendedAt: domains.suspendedAt, zone: dnsZones.domainId })
    .from(domains)
    .leftJoin(dnsZones, eq(dnsZones.domainId, domains.domainId));
  for (const row of rows) if (row.zone === null && isServedByUs(row, deps.config)) await syncZone(deps, row.domainId);
}
