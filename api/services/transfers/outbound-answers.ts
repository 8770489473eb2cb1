/**
 * The registrant's answer to a transfer away: approve it (the name goes now) or cancel it (it stays, locked with a new
 * code), from the emailed link (its token is the proof) or Cancel in My Domains. Each answer is a journal entry
 * (services/journal, passed in by the route): our record, its audit row and the registry intent commit together; the
 * registry is told after commit; a refusal puts our record back, a lost answer is settled by the reconciling job.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { domains, outboundTransfers } from '../../db/schema/index.ts';
import type { DomainRow, OutboundTransferRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { StaffActor } from '../audit/audit-log.ts';
import type { CustomerRegistryChange, DomainJournal, DomainUpdateContext } from '../domains/domain-update-types.ts';
import { spendRegistryWrite } from '../domains/registry-changes.ts';
import { assertNotHeld } from '../domains/suspension-gate.ts';
import { hashToken } from '../kernel/tokens.ts';
import { type OutboundTransferDeps, registrantEmail } from './outbound-transfers.ts';
import { settleIfGone } from './transfer-release.ts';

/** What our record said before an answer (journal/transfer-privacy-kinds.ts puts it back on a refusal). */
function beforeOf(domain: DomainRow, transfer: Pick<OutboundTransferRow, 'outboundTransferId' | 'status'> | null) {
  const open = (status: string | null) => (status === 'pending' || status === 'approved' ? status : null);
  return {
    outboundTransferId: transfer?.outboundTransferId ?? null,
    transferStatus: open(transfer?.status ?? null),
    outboundTransferStatus: open(domain.outboundTransferStatus),
    deadline: domain.outboundTransferApprovalDeadline?.toISOString() ?? null,
    locked: domain.locked,
    authCode: domain.authCode,
    authCodeExpireDate: domain.authCodeExpireDate?.toISOString() ?? null,
  };
}

async function openTransfer(tx: Parameters<CustomerRegistryChange['change']>[0], domainId: number) {
  const [transfer] = await tx
    .select()
    .from(outboundTransfers)
    .where(and(eq(outboundTransfers.domainId, domainId), inArray(outboundTransfers.status, ['pending', 'approved'])))
    .limit(1);
  return transfer ?? null;
}

/** Cancelling: the transfer closes, the name is locked and its code forgotten (the registry gets a new one). */
function cancelChange(domain: DomainRow, via: 'link' | 'panel'): CustomerRegistryChange {
  const transferOpen = (row: DomainRow) => row.outboundTransferStatus === 'pending' || row.outboundTransferStatus === 'approved';
  if (!transferOpen(domain)) throw new AppError(400, 'No transfer of this domain is pending');
  // Filled in under the row's lock below, before the journal writes the intent with them.
  const params: Record<string, unknown> = {};
  return {
    kind: 'transfer-reject',
    params,
    audit: { action: 'customer.domain.transfer-away-cancel', before: { outboundTransferStatus: domain.outboundTransferStatus }, after: { via } },
    async change(tx, row) {
      if (!transferOpen(row)) throw new AppError(400, 'No transfer of this domain is pending');
      const transfer = await openTransfer(tx, row.domainId);
      params.before = beforeOf(row, transfer);
      await tx
        .update(domains)
        .set({
          outboundTransferStatus: null,
          outboundTransferApprovalDeadline: null,
          locked: true,
          authCode: null,
          authCodeExpireDate: null,
          modifyDate: now(),
        })
        .where(eq(domains.domainId, row.domainId));
      if (transfer) {
        await tx
          .update(outboundTransfers)
          .set({ status: 'cancelled', settleDate: now() })
          .where(eq(outboundTransfers.outboundTransferId, transfer.outboundTransferId));
      }
    },
  };
}

/** A refusal because the transfer had already completed answers 409 (the name has left the account meanwhile). */
async function tooLate<T>(deps: OutboundTransferDeps, domain: DomainRow, answer: () => Promise<T>): Promise<T> {
  try {
    return await answer();
  } catch (error) {
    // Refused by the registry (the change undone): a name it no longer has with us leaves the account.
    if (error instanceof AppError && error.code === 502 && (await settleIfGone(deps, domain.domain))) {
      throw new AppError(409, `The transfer of ${domain.domain} has already completed.`);
    }
    throw error;
  }
}

/** Cancel in My Domains (PATCH $rejectOutboundTransfer), in the budget the PATCH already spent. */
export async function cancelOutboundTransfer(ctx: DomainUpdateContext): Promise<void> {
  await tooLate(ctx.deps, ctx.domain, () => ctx.journal(ctx, cancelChange(ctx.domain, 'panel')));
}

import type { OutboundTransferView } from '../../contract/transfers/outbound-transfer.ts';

export type { OutboundTransferView };

async function findByToken(deps: OutboundTransferDeps, token: string): Promise<OutboundTransferRow> {
  const [row] = await deps.db
    .select()
    .from(outboundTransfers)
    .where(eq(outboundTransfers.tokenHash, hashToken(token)));
  if (!row) throw new AppError(404, 'This link is no longer valid. Use the newest email we sent, or My Domains.');
  return row;
}

export async function readOutboundTransfer(deps: OutboundTransferDeps, token: string): Promise<OutboundTransferView> {
  const row = await findByToken(deps, token);
  return { domain: row.domain, gainingRegistrar: row.gainingRegistrar, deadline: row.deadline.toISOString(), status: row.status };
}

/** The approval link's answer: approve (the name goes now) or cancel (it stays). */
export async function answerOutboundTransfer(
  deps: OutboundTransferDeps,
  token: string,
  action: 'approve' | 'cancel',
  via: { journal: DomainJournal; clientIp: string },
): Promise<OutboundTransferView> {
  const row = await findByToken(deps, token);
  if (row.status !== 'pending') throw new AppError(409, `This transfer is already ${row.status}.`);
  const [domain] = await deps.db.select().from(domains).where(eq(domains.domainId, row.domainId));
  if (!domain || domain.status === 'deleted') throw new AppError(409, 'This domain is no longer in the account.');
  // The audit log names the registrant the link was sent to, from the address that opened it.
  const actor: StaffActor = { staffId: null, email: await registrantEmail(deps, domain.accountId), role: null, ip: via.clientIp };
  const change = action === 'cancel' ? cancelChange(domain, 'link') : approveChange(domain, row);
  // The link's answer is the customer's registry change, in the same budget as PATCH /api/domains (a 429 past it).
  await spendRegistryWrite(deps, { by: 'customer', accountId: domain.accountId, domain }, () =>
    tooLate(deps, domain, () => via.journal(deps, actor, { domainId: domain.domainId, accountId: null }, change)),
  );
  // Approved: the name is the other registrar's now and leaves the account.
  if (action === 'approve') await settleIfGone(deps, domain.domain);
  return readOutboundTransfer(deps, token);
}

/** Approving: a suspended name does not leave; the transfer is marked approved, and goes once the registry says so. */
function approveChange(domain: DomainRow, transfer: OutboundTransferRow): CustomerRegistryChange {
  assertNotHeld(domain, 'transferAway');
  return {
    kind: 'transfer-approve',
    params: { before: beforeOf(domain, transfer) },
    audit: {
      action: 'customer.domain.transfer-away-approve',
      before: { outboundTransferStatus: 'pending' },
      after: { outboundTransferStatus: 'approved', via: 'link' },
    },
    async change(tx, row) {
      assertNotHeld(row, 'transferAway');
      const [claimed] = await tx
        .update(outboundTransfers)
        .set({ status: 'approved' })
        .where(and(eq(outboundTransfers.outboundTransferId, transfer.outboundTransferId), eq(outboundTransfers.status, 'pending')))
        .returning();
      if (!claimed || row.outboundTransferStatus !== 'pending') throw new AppError(409, 'This transfer was already answered.');
      await tx.update(domains).set({ outboundTransferStatus: 'approved', modifyDate: now() }).where(eq(domains.domainId, row.domainId));
    },
  };
}
