/**
 * Journal kinds (intent-kinds.ts) for a customer's custom nameserver (glue host) removed or renamed, and for the
 * registry's refusal of a transfer away of a suspended name (a job's duty). Our record changes with the intent and
 * its audit row; the registry is told after commit; a refusal puts our record back; a lost answer is settled by the
 * reconciler (the registry's host delete answers "done" for a host already gone, so repeating it is harmless).
 */
import { and, eq } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { domains, type RegisteredNameserverRow, registeredNameservers } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { RegistryHostInUseError } from '../../providers/registry/index.ts';
import { syncZone } from '../dns/zone.ts';
import { type OutgoingMessage, queueMessage } from '../platform/messages.ts';
import type { IntentKindSpec } from './intent-types.ts';

/** The custom nameserver's row as it was before the customer removed or renamed it. */
export type HostBefore = {
  registeredNameserverId: number;
  hostname: string;
  ipAddress: string;
  status: RegisteredNameserverRow['status'];
  createDate: string;
  reviewDate: string | null;
};

export const hostDeleteKind: IntentKindSpec = {
  async call(deps, intent) {
    await deps.providers.registry.deleteHost(intent.params.hostname as string);
    return null;
  },
  async done() {},
  async undo(tx, intent) {
    const before = intent.params.before as HostBefore;
    await tx
      .update(registeredNameservers)
      .set({
        hostname: before.hostname,
        ipAddress: before.ipAddress,
        status: before.status,
        createDate: new Date(before.createDate),
        reviewDate: before.reviewDate ? new Date(before.reviewDate) : null,
      })
      .where(eq(registeredNameservers.registeredNameserverId, before.registeredNameserverId));
  },
  // The registry's record of a host is not read here; deleting one that is gone is answered as done.
  async check() {
    return { state: 'not-done' };
  },
  safeToRepeat: true,
  refusalAnswer(intent, error) {
    if (!(error instanceof RegistryHostInUseError)) return null;
    return new AppError(409, `${intent.params.hostname as string} is still used as a nameserver by a domain. Change that domain's nameservers first.`);
  },
  async afterSettle(deps, intent) {
    // Glue we serve follows the host: gone when done, back when refused.
    await syncZone(deps, intent.domainId);
  },
};

/** A reviewed host created or re-addressed at the registry (the review job's); setting it again is harmless. */
export const hostSetKind: IntentKindSpec = {
  async call(deps, intent) {
    await deps.providers.registry.setHost(intent.params.hostname as string, intent.params.addresses as string[]);
    return null;
  },
  async done() {},
  async undo(tx, intent) {
    // Back to pending, unless the customer changed it meanwhile; the review tries again after its lease.
    const before = intent.params.before as HostBefore;
    await tx
      .update(registeredNameservers)
      .set({ status: 'pending', reviewDate: before.reviewDate ? new Date(before.reviewDate) : now() })
      .where(
        and(
          eq(registeredNameservers.registeredNameserverId, before.registeredNameserverId),
          eq(registeredNameservers.status, 'active'),
          eq(registeredNameservers.hostname, before.hostname),
          eq(registeredNameservers.ipAddress, before.ipAddress),
        ),
      );
  },
  async check() {
    return { state: 'not-done' };
  },
  safeToRepeat: true,
  async afterSettle(deps, intent) {
    await syncZone(deps, intent.domainId);
  },
};

/** What our record said before the refusal of a transfer away of a suspended name. */
export type HeldTransferBefore = { deadline: string | null };

export const heldTransferRefuseKind: IntentKindSpec = {
  async call(deps, intent) {
    await deps.providers.registry.rejectTransfer(intent.domain);
    return null;
  },
  async done() {},
  async undo(tx, intent) {
    // Not refused: the request stands as the registry's notice left it, and the name's page shows it pending.
    const before = intent.params.before as HeldTransferBefore;
    await tx
      .update(domains)
      .set({ outboundTransferStatus: 'pending', outboundTransferApprovalDeadline: before.deadline ? new Date(before.deadline) : null, modifyDate: now() })
      .where(and(eq(domains.domainId, intent.domainId), eq(domains.status, 'active')));
  },
  async check(deps, intent) {
    const record = await deps.providers.registry.info(intent.domain);
    return record?.ours && !record.statuses.includes('pendingTransfer') ? { state: 'done', result: null } : { state: 'not-done' };
  },
  // Refusing a request still pending is what was asked; one that completed is refused by the registry (undone).
  safeToRepeat: true,
  async afterSettle(deps, intent, state) {
    const message = intent.params.notify as OutgoingMessage | undefined;
    if (state === 'done' && message) await queueMessage(deps.jobs, message);
  },
};
