/**
 * A new auth code for a transfer in that waits for one (auth-code-needed, auth-code-rejected) or was rejected: the
 * price on the row (`pendingCharge`) is authorised, the registry is asked again, and only a transfer it took is charged
 * (a wrong code releases the hold). Code tries are rate-limited per domain and per address.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { authCodeRejectedMessage } from '../../contract/transfers/transfer-away.ts';
import { domains } from '../../db/schema/index.ts';
import type { DomainRow } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { authorizeDefaultCard, captureCharge, releaseCharge } from '../billing/account-charges.ts';
import { enforce } from '../platform/rate-limit.ts';

const restartable = ['auth-code-needed', 'auth-code-rejected', 'rejected'];

export async function restartInboundTransfer(deps: Deps, input: { domain: DomainRow; authCode: string; clientIp: string; userId: number }): Promise<void> {
  const { domain } = input;
  if (domain.status !== 'transfer' || !restartable.includes(domain.inboundTransferStatus ?? '')) {
    throw new AppError(400, 'This transfer is not waiting for an auth code');
  }
  await enforce(
    deps.db,
    [
      { key: `inbound-code:domain:${domain.domainId}`, max: 5, windowSeconds: 3600 },
      { key: `inbound-code:ip:${input.clientIp}`, max: 20, windowSeconds: 3600 },
    ],
    'Too many auth codes tried for this transfer.',
  );
  const price = domain.pendingCharge ?? 0;
  // One key per domain and code: a double click charges once, a new code is a new attempt.
  const attemptKey = `inbound-restart-${domain.domainId}-${Buffer.from(input.authCode).toString('base64url')}`;
  const attempt =
    price > 0
      ? await authorizeDefaultCard(deps, {
          accountId: domain.accountId,
          amount: price,
          idempotencyKey: attemptKey,
          purpose: `inbound-restart:${domain.domainId}`,
          description: `Transfer of ${domain.domain}`,
        })
      : null;
  if (attempt?.status === 'requires_action') throw new AppError(402, 'Your card needs authentication: please update your payment method and try again');
  const held = attempt?.held ?? null;
  const answer = await deps.providers.registry.requestTransfer({ domain: domain.domain, authCode: input.authCode }).catch((error: Error) => ({
    status: 'failed' as const,
    reason: error.message,
  }));
  if (answer.status !== 'pending') {
    if (held) await releaseCharge(deps, held);
    if (answer.status === 'auth-code-rejected' || answer.status === 'auth-code-needed') {
      await deps.db.update(domains).set({ inboundTransferStatus: 'auth-code-rejected', modifyDate: now() }).where(eq(domains.domainId, domain.domainId));
      throw new AppError(400, authCodeRejectedMessage);
    }
    // `unknown`: the request may have reached the registry; the transfer-poll job asks it later, nothing is charged.
    throw new AppError(502, `The registry did not accept the transfer: ${'reason' in answer ? answer.reason : 'no answer'}. Please try again later.`);
  }
  const claimed = await deps.db
    .update(domains)
    .set({ inboundTransferStatus: 'pending', pendingCharge: null, modifyDate: now() })
    .where(and(eq(domains.domainId, domain.domainId), inArray(domains.inboundTransferStatus, restartable)))
    .returning({ domainId: domains.domainId });
  if (!held) return;
  if (claimed.length === 0) {
    await releaseCharge(deps, held);
    return;
  }
  await captureCharge(
    deps,
    held,
    [{ type: 'transfer', description: `Transfer: ${domain.domain} (1 year)`, amount: price, domainId: domain.domainId }],
    `${attemptKey}-capture`,
  );
}
