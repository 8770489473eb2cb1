/**
 * Journal kinds (intent-kinds.ts) for a customer's WHOIS privacy switch and their answer to a transfer away (the
 * emailed approve/cancel link, or Cancel in My Domains): our record changes with the intent and its audit row; the
 * registry is told after commit; a refusal puts our record back; a lost answer is settled by the reconciler.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { accounts, domains, outboundTransfers } from '../../db/schema/index.ts';
import { RegistryOutcomeUnknownError } from '../../providers/registry/index.ts';
import type { IntentKindSpec } from './intent-types.ts';

/** What our record said before a WHOIS privacy change. */
export type PrivacyBefore = { privacyEnabled: boolean };

/** What our record said before an answer to a transfer away, to put back if the registry refuses the answer. */
export type TransferAnswerBefore = {
  outboundTransferId: number | null;
  transferStatus: 'pending' | 'approved' | null;
  outboundTransferStatus: 'pending' | 'approved' | null;
  deadline: string | null;
  locked: boolean;
  authCode: string | null;
  authCodeExpireDate: string | null;
};

export const privacyKind: IntentKindSpec = {
  async call(deps, intent) {
    // The registrant as the registry shows it when WHOIS does not hide it: read now, never kept in the journal.
    const [row] = await deps.db
      .select({ contact: accounts.registrantContact })
      .from(domains)
      .innerJoin(accounts, eq(accounts.accountId, domains.accountId))
      .where(eq(domains.domainId, intent.domainId));
    await deps.providers.registry.setWhoisPrivacy(intent.domain, intent.params.enabled as boolean, row?.contact ?? null);
    return null;
  },
  async done() {},
  async undo(tx, intent) {
    const before = intent.params.before as PrivacyBefore;
    await tx.update(domains).set({ privacyEnabled: before.privacyEnabled, modifyDate: now() }).where(eq(domains.domainId, intent.domainId));
  },
  // The registry's record does not say whether WHOIS hides the registrant; setting it again is harmless.
  async check() {
    return { state: 'not-done' };
  },
  safeToRepeat: true,
};

export const transferApproveKind: IntentKindSpec = {
  async call(deps, intent) {
    await deps.providers.registry.approveTransfer(intent.domain);
    return null;
  },
  async done() {},
  async undo(tx, intent) {
    const before = intent.params.before as TransferAnswerBefore;
    await tx
      .update(domains)
      .set({ outboundTransferStatus: 'pending', modifyDate: now() })
      .where(and(eq(domains.domainId, intent.domainId), eq(domains.outboundTransferStatus, 'approved')));
    if (before.outboundTransferId !== null) {
      await tx
        .update(outboundTransfers)
        .set({ status: 'pending' })
        .where(and(eq(outboundTransfers.outboundTransferId, before.outboundTransferId), eq(outboundTransfers.status, 'approved')));
    }
  },
  async check(deps, intent) {
    const record = await deps.providers.registry.info(intent.domain);
    return record?.ours ? { state: 'not-done' } : { state: 'done', result: null };
  },
  // Approving a transfer still pending is what was asked; one that went already is found by `check`. The name leaves
  // the account when the answer's caller, the registry's notice or the transfer-away job finds it gone.
  safeToRepeat: true,
};

export const transferRejectKind: IntentKindSpec = {
  async call(deps, intent) {
    try {
      await deps.providers.registry.rejectTransfer(intent.domain);
    } catch (error) {
      if (error instanceof RegistryOutcomeUnknownError) throw error;
      // A repeat after a lost answer finds nothing left to refuse: the first call did it.
      const record = await deps.providers.registry.info(intent.domain);
      const refusedBefore = intent.attempts > 0 && record?.ours && !record.statuses.includes('pendingTransfer');
      if (!refusedBefore) throw record?.ours === false || !record ? new Error(`the transfer of ${intent.domain} has already completed`) : error;
    }
    // Whoever asked had the code: a new one (unseen) and the lock keep them from asking again.
    await deps.providers.registry.setLock(intent.domain, true);
    await deps.providers.registry.authCode(intent.domain, true);
    return null;
  },
  async done() {},
  async undo(tx, intent) {
    const before = intent.params.before as TransferAnswerBefore;
    await tx
      .update(domains)
      .set({
        outboundTransferStatus: before.outboundTransferStatus,
        outboundTransferApprovalDeadline: before.deadline ? new Date(before.deadline) : null,
        locked: before.locked,
        authCode: before.authCode,
        authCodeExpireDate: before.authCodeExpireDate ? new Date(before.authCodeExpireDate) : null,
        modifyDate: now(),
      })
      .where(eq(domains.domainId, intent.domainId));
    if (before.outboundTransferId !== null && before.transferStatus) {
      await tx
        .update(outboundTransfers)
        .set({ status: before.transferStatus, settleDate: null })
        .where(and(eq(outboundTransfers.outboundTransferId, before.outboundTransferId), inArray(outboundTransfers.status, ['cancelled'])));
    }
  },
  async check(deps, intent) {
    const record = await deps.providers.registry.info(intent.domain);
    return record?.ours && record.locked && !record.statuses.includes('pendingTransfer') ? { state: 'done', result: null } : { state: 'not-done' };
  },
  // Refused because the transfer had completed already: the caller (or the registry's notice) lets the name go.
  safeToRepeat: true,
};
