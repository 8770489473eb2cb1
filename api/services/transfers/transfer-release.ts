/**
 * A name of ours that the registry gave to another registrar leaves the account (hidden as deleted, its history kept),
 * whichever way we learn it: the registry's notice, the approval link's answer, the scheduled settling, or a refused
 * cancellation of a transfer that had already completed.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { domains, outboundTransfers } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { onTransferredAway } from '../compliance/transfer-duties.ts';
import { queueDomainCleanup } from '../domains/departed-domains.ts';

type ReleaseDeps = Pick<Deps, 'db' | 'config' | 'providers' | 'jobs'>;

/** The registry gave the name to the other registrar: it leaves the account (hidden as deleted, its history kept). */
export async function releaseDomain(deps: ReleaseDeps, domain: string): Promise<void> {
  const today = now();
  const rows = await deps.db
    .update(domains)
    .set({
      status: 'deleted',
      outboundTransferStatus: null,
      outboundTransferApprovalDeadline: null,
      forSale: false,
      authCode: null,
      authCodeExpireDate: null,
      autoRenewEnabled: false,
      modifyDate: today,
    })
    // The registry's word is final, even for a request whose pending notice we never read.
    .where(and(eq(domains.domain, domain), ne(domains.status, 'deleted')))
    .returning({ domainId: domains.domainId, accountId: domains.accountId });
  for (const { domainId, accountId } of rows) {
    const [request] = await deps.db
      .update(outboundTransfers)
      .set({ status: 'completed', settleDate: today })
      .where(and(eq(outboundTransfers.domainId, domainId), inArray(outboundTransfers.status, ['pending', 'approved'])))
      .returning({ gainingRegistrar: outboundTransfers.gainingRegistrar });
    await queueDomainCleanup(deps.jobs, domainId);
    await onTransferredAway(deps, { accountId, domain, gainingRegistrar: request?.gainingRegistrar ?? null });
  }
}

/** Whether the registry still has the name with us; if not, it leaves the account. */
export async function settleIfGone(deps: ReleaseDeps, domain: string): Promise<boolean> {
  const record = await deps.providers.registry.info(domain);
  if (record?.ours) return false;
  await releaseDomain(deps, domain);
  return true;
}
