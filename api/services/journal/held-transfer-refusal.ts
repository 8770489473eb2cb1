/**
 * The transfer-poll job's reading of transfer notices about our names, with the one that reaches the registry as a
 * journal entry: a suspended name does not leave.
 */
import brand from '../../../content/brand.json' with { type: 'json' };
import { eq } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { heldActionMessage } from '../../contract/domains/suspension-gate.ts';
import { domains } from '../../db/schema/index.ts';
import type { DomainRow } from '../../db/schema/index.ts';
import type { RegistryMessage } from '../../providers/registry/index.ts';
import { recordAudit, systemActor } from '../audit/audit-log.ts';
import type { OutgoingMessage } from '../platform/messages.ts';
import { type OutboundTransferDeps, readOutboundTransferNotice, registrantEmail } from '../transfers/outbound-transfers.ts';
import type { HeldTransferBefore } from './host-kinds.ts';
import { carryOutIntent, linkIntentAudit, recordIntent } from './registry-intents.ts';

/** What the registry's queue says about a name of ours (the transfer-poll job hands these over). */
export function recordOutboundTransferNotice(deps: OutboundTransferDeps, message: RegistryMessage): Promise<void> {
  return readOutboundTransferNotice(deps, message, refuseTransferOfHeldName);
}

/**
 * A suspended name does not leave (the Transfer Policy lets the losing registrar deny a transfer of a name under a
 * compliance action): a journal entry of the system's (DESIGN "Journal"): our record stops showing the request, the
 * intent and an audit row commit together; the registry is told no after commit (a duty with its clock running:
 * counted against everyone, never refused), and the registrant is told why once it did. A refusal by the registry puts
 * the request back on our record with a `registry.refused` audit row; a lost answer is settled by the reconciling job.
 */
export async function refuseTransferOfHeldName(deps: OutboundTransferDeps, domain: DomainRow, gainingRegistrar: string): Promise<void> {
  const to = await registrantEmail(deps, domain.accountId);
  const notify: OutgoingMessage | null = to
    ? {
        channel: 'email',
        to,
        subject: `We refused a transfer of ${domain.domain} away from ${brand.name}`,
        text: `${gainingRegistrar} asked to transfer ${domain.domain} away from ${brand.name}. We refused: ${heldActionMessage(domain.domain, 'transferAway', domain.suspensionReason)}`,
      }
    : null;
  const intent = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(domains).where(eq(domains.domainId, domain.domainId)).for('update');
    if (row?.outboundTransferStatus !== 'pending') return null;
    const before: HeldTransferBefore = { deadline: row.outboundTransferApprovalDeadline?.toISOString() ?? null };
    const intent = await recordIntent(tx, {
      kind: 'held-transfer-refuse',
      domainId: row.domainId,
      domain: row.domain,
      actor: systemActor,
      params: { before, notify },
    });
    await tx
      .update(domains)
      .set({ outboundTransferStatus: null, outboundTransferApprovalDeadline: null, modifyDate: now() })
      .where(eq(domains.domainId, row.domainId));
    const entry = await recordAudit(tx, systemActor, {
      action: 'transfer.away-refused-suspended',
      targetType: 'domain',
      targetId: row.domainId,
      targetLabel: row.domain,
      accountId: row.accountId,
      before: { outboundTransferStatus: 'pending', gainingRegistrar },
      after: { outboundTransferStatus: null, suspensionReason: row.suspensionReason, intentId: intent.intentId },
    });
    await linkIntentAudit(tx, intent.intentId, entry.auditId);
    return intent;
  });
  if (!intent) return;
  try {
    await carryOutIntent(deps, intent);
  } catch (error) {
    // Refused (put back, with its audit row) or not answered (the reconciling job settles it): the poll goes on.
    console.warn(`The refusal of the transfer of ${domain.domain} away is not made yet: ${(error as Error).message}`);
  }
}
