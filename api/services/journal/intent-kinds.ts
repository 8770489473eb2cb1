/**
 * What each kind of journalled registry change does (registry-intents.ts runs them): `call` the registry after commit;
 * `done` records the answer; `undo` puts our record back as it was before the action when the registry refused;
 * `check` asks the registry whether a change whose answer was lost happened; `safeToRepeat` says whether the call may
 * be made again when it did not (setting a lock or a hold twice is harmless; renewing twice is not).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { accountActivity, type DomainRow, domainSuspensions, domains, transactions } from '../../db/schema/index.ts';
import { teamLabel, type StaffActor } from '../audit/audit-log.ts';
import { syncZone } from '../dns/zone.ts';
import { queueDomainCleanup, releaseSubordinateHosts } from '../domains/departed-domains.ts';
import { type OutgoingMessage, queueMessage } from '../platform/messages.ts';
import { autoRenewDateFor } from '../renewals/renewal-dates.ts';
import { encryptAuthCode } from '../transfers/auth-code-vault.ts';
import type { DsRecord } from '../../contract/domains/rdap.ts';
import type { Intent, IntentKindSpec, JournalDeps } from './intent-types.ts';
import { heldTransferRefuseKind, hostDeleteKind, hostSetKind } from './host-kinds.ts';
import { restoreKind } from './restore-kind.ts';
import { recordAbuseLockRefused } from '../compliance/abuse/abuse-lock-refused.ts';
import { privacyKind, transferApproveKind, transferRejectKind } from './transfer-privacy-kinds.ts';

/** What our record said before a lock change, to put back. */
export type LockBefore = { locked: boolean; authCode: string | null; authCodeExpireDate: string | null };
/** What our record said before a suspension change, and the suspension rows it opened or closed. */
export type HoldBefore = { suspendedAt: string | null; suspensionReason: string | null; suspensionIds: number[] };

async function notify(deps: JournalDeps, intent: Intent, state: 'done' | 'failed'): Promise<void> {
  const message = intent.params.notify as OutgoingMessage | undefined;
  if (state === 'done' && message) await queueMessage(deps.jobs, message);
}

const lockKind = (locked: boolean): IntentKindSpec => ({
  async call(deps, intent) {
    await deps.providers.registry.setLock(intent.domain, locked);
    // An owner unlocking while the code on file is valid keeps it (our record already holds it).
    if (intent.params.keepCode) return { code: null };
    // A lock gets a new code nobody has seen; an unlock a new one for the owner.
    return { code: await deps.providers.registry.authCode(intent.domain, true) };
  },
  async done(deps, tx, intent, result) {
    if (locked) return;
    const { code } = result as { code: string | null };
    if (code === null) return;
    await tx
      .update(domains)
      .set({ authCode: await encryptAuthCode(deps, intent.domainId, code) })
      .where(eq(domains.domainId, intent.domainId));
  },
  async undo(tx, intent, refusal) {
    const before = intent.params.before as LockBefore;
    // The abuse desk's lock: its case says the registry refused it, and it no longer counts as the first action.
    if (typeof intent.params.caseId === 'number') await recordAbuseLockRefused(tx, intent.params.caseId, intent.intentId, refusal);
    await tx
      .update(domains)
      .set({
        locked: before.locked,
        authCode: before.authCode,
        authCodeExpireDate: before.authCodeExpireDate ? new Date(before.authCodeExpireDate) : null,
        modifyDate: now(),
      })
      .where(eq(domains.domainId, intent.domainId));
  },
  async check(deps, intent) {
    const record = await deps.providers.registry.info(intent.domain);
    if (!record || record.locked !== locked) return { state: 'not-done' };
    if (intent.params.keepCode) return { state: 'done', result: { code: null } };
    return { state: 'done', result: { code: await deps.providers.registry.authCode(intent.domain, true) } };
  },
  safeToRepeat: true,
  afterSettle: notify,
});

const holdKind = (onHold: boolean): IntentKindSpec => ({
  async call(deps, intent) {
    await deps.providers.registry.setClientHold(intent.domain, onHold);
    return null;
  },
  async done() {},
  async undo(tx, intent) {
    const before = intent.params.before as HoldBefore;
    if (before.suspensionIds.length > 0) {
      // A hold refused: the suspension it opened is closed again. A release refused: the suspensions it closed reopen.
      await tx
        .update(domainSuspensions)
        .set({ liftDate: onHold ? now() : null })
        .where(and(inArray(domainSuspensions.suspensionId, before.suspensionIds), onHold ? isNull(domainSuspensions.liftDate) : sql`true`));
    }
    await tx
      .update(domains)
      .set({ suspendedAt: before.suspendedAt ? new Date(before.suspendedAt) : null, suspensionReason: before.suspensionReason, modifyDate: now() })
      .where(eq(domains.domainId, intent.domainId));
  },
  async check(deps, intent) {
    const record = await deps.providers.registry.info(intent.domain);
    return record && record.statuses.includes('clientHold') === onHold ? { state: 'done', result: null } : { state: 'not-done' };
  },
  safeToRepeat: true,
  async afterSettle(deps, intent, state) {
    if (state === 'failed') await syncZone(deps, intent.domainId);
    await notify(deps, intent, state);
  },
});

/** What our record said before a customer's nameserver change, to put back. */
export type NameserversBefore = { ns: string[] };

const nameserversKind: IntentKindSpec = {
  async call(deps, intent) {
    await deps.providers.registry.setNameservers(intent.domain, intent.params.ns as string[]);
    return null;
  },
  async done() {},
  async undo(tx, intent) {
    const before = intent.params.before as NameserversBefore;
    await tx.update(domains).set({ ns: before.ns, modifyDate: now() }).where(eq(domains.domainId, intent.domainId));
  },
  async check(deps, intent) {
    const record = await deps.providers.registry.info(intent.domain);
    const wanted = new Set((intent.params.ns as string[]).map((ns) => ns.toLowerCase()));
    const found = record?.nameservers.map((ns) => ns.toLowerCase()) ?? [];
    return record && found.length === wanted.size && found.every((ns) => wanted.has(ns)) ? { state: 'done', result: null } : { state: 'not-done' };
  },
  safeToRepeat: true,
  async afterSettle(deps, intent, state) {
    // The zone we serve follows the nameservers: put back, it is served again as before.
    if (state === 'failed') await syncZone(deps, intent.domainId);
  },
};

const dsKey = (r: DsRecord) => `${r.keyTag}/${r.algorithm}/${r.digestType}/${r.digest.toUpperCase()}`;

const dsRecordsKind: IntentKindSpec = {
  async call(deps, intent) {
    await deps.providers.registry.updateDsRecords({ domain: intent.domain, dsRecords: intent.params.dsRecords as DsRecord[] });
    return null;
  },
  async done() {},
  async undo(tx, intent) {
    const before = intent.params.before as { dsRecords: DsRecord[] };
    await tx.update(domains).set({ dsRecords: before.dsRecords, modifyDate: now() }).where(eq(domains.domainId, intent.domainId));
  },
  async check(deps, intent) {
    const record = await deps.providers.registry.info(intent.domain);
    const wanted = new Set((intent.params.dsRecords as DsRecord[]).map(dsKey));
    const found = (record?.dsRecords ?? []).map(dsKey);
    return record && found.length === wanted.size && found.every((k) => wanted.has(k)) ? { state: 'done', result: null } : { state: 'not-done' };
  },
  safeToRepeat: true,
};

/** A courtesy renewal's terms, decided before the call. */
export type CourtesyRenewal = { years: number; price: number; label: string; beforeExpire: string; accountId: number; customerSummary: string };

const courtesyRenewKind: IntentKindSpec = {
  async call(deps, intent) {
    const { years } = intent.params.renewal as CourtesyRenewal;
    return { expireDate: (await deps.providers.registry.renew({ domain: intent.domain, years })).expireDate.toISOString() };
  },
  async done(_deps, tx, intent, result) {
    const renewal = intent.params.renewal as CourtesyRenewal;
    const actor = intent.params.actor as StaffActor;
    const expireDate = new Date((result as { expireDate: string }).expireDate);
    await tx
      .update(domains)
      .set({
        expireDate,
        status: 'active',
        autoRenewDate: sql`case when ${domains.autoRenewEnabled} then ${autoRenewDateFor(expireDate, true)?.toISOString() ?? null}::timestamptz end`,
        modifyDate: now(),
      })
      .where(eq(domains.domainId, intent.domainId));
    const span = {
      accountId: renewal.accountId,
      domainId: intent.domainId,
      startDate: new Date(renewal.beforeExpire),
      endDate: expireDate,
      createDate: now(),
      metaData: { courtesy: true, staff: actor.email, intentId: intent.intentId },
    };
    await tx.insert(transactions).values([
      { ...span, type: 'nrc', description: `Renewal: ${intent.domain} (${renewal.label})`, amount: renewal.price },
      { ...span, type: 'credit', description: `Courtesy renewal: ${intent.domain} (${renewal.label})`, amount: -renewal.price },
    ]);
    // The customer reads it once it happened, beside the audit entry of the request.
    await tx.insert(accountActivity).values({
      accountId: renewal.accountId,
      at: now(),
      source: 'staff',
      kind: 'domain.courtesy-renew',
      summary: renewal.customerSummary,
      actor: teamLabel(actor.role),
      reason: (intent.params.reason as string | undefined) ?? null,
      auditId: intent.auditId,
    });
  },
  async undo() {},
  async check(deps, intent) {
    const renewal = intent.params.renewal as CourtesyRenewal;
    const record = await deps.providers.registry.info(intent.domain);
    if (record && record.expireDate > new Date(renewal.beforeExpire)) return { state: 'done', result: { expireDate: record.expireDate.toISOString() } };
    return { state: 'not-done' };
  },
  // Never renewed blindly: a renewal whose answer was lost and that the registry does not show did not happen.
  safeToRepeat: false,
};

/** What our record said before a deletion, to put back if the registry refuses it. */
export type DeleteBefore = { status: DomainRow['status']; autoRenewEnabled: boolean; autoRenewDate: string | null };

/** A deletion after the add grace period: the registry gives nothing back, so neither do we (no ledger rows). */
const deleteKind: IntentKindSpec = {
  async call(deps, intent) {
    const [row] = await deps.db.select().from(domains).where(eq(domains.domainId, intent.domainId));
    // RFC 5731: a name whose glue hosts are registered cannot be deleted until they are gone.
    if (row) await releaseSubordinateHosts(deps, row);
    if (await deps.providers.registry.info(intent.domain)) await deps.providers.registry.delete(intent.domain);
    return null;
  },
  async done(_deps, tx, intent) {
    await tx
      .update(domains)
      .set({ status: 'deleted', autoRenewEnabled: false, autoRenewDate: null, modifyDate: now() })
      .where(eq(domains.domainId, intent.domainId));
  },
  async undo(tx, intent) {
    const before = intent.params.before as DeleteBefore;
    await tx
      .update(domains)
      .set({
        status: before.status,
        autoRenewEnabled: before.autoRenewEnabled,
        autoRenewDate: before.autoRenewDate ? new Date(before.autoRenewDate) : null,
        modifyDate: now(),
      })
      .where(eq(domains.domainId, intent.domainId));
  },
  async check(deps, intent) {
    const record = await deps.providers.registry.info(intent.domain);
    return !record || record.statuses.includes('pendingDelete') ? { state: 'done', result: null } : { state: 'not-done' };
  },
  // Deleting a name that is still there is what was asked; one already gone is not asked again (call checks first).
  safeToRepeat: true,
  async afterSettle(deps, intent, state) {
    if (state === 'done') await queueDomainCleanup(deps.jobs, intent.domainId);
    await notify(deps, intent, state);
  },
};

export const intentKinds = {
  lock: lockKind(true),
  unlock: lockKind(false),
  hold: holdKind(true),
  unhold: holdKind(false),
  'courtesy-renew': courtesyRenewKind,
  nameservers: nameserversKind,
  dsRecords: dsRecordsKind,
  delete: deleteKind,
  privacy: privacyKind,
  restore: restoreKind,
  'transfer-approve': transferApproveKind,
  'transfer-reject': transferRejectKind,
  'host-delete': hostDeleteKind,
  'host-set': hostSetKind,
  'held-transfer-refuse': heldTransferRefuseKind,
} satisfies Record<string, IntentKindSpec>;

export type IntentKind = keyof typeof intentKinds;
