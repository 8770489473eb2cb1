/**
 * A new auth code for a transfer in that waits for one (auth-code-needed, auth-code-rejected) or was rejected: the
 * registry's fee must still be the one the customer ordered at (else nothing is asked or charged), the price on the row
 * (`pendingCharge`) is authorised, the registry is asked again, and only a transfer it took is charged (a wrong code or
 * a refusal releases the hold). Code tries are rate-limited per domain and per address.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { formatMoney } from '../../contract/money.ts';
import { authCodeRejectedMessage } from '../../contract/transfers/transfer-away.ts';
import type { Db } from '../../db/client.ts';
import { cartItems, domains, orderLines } from '../../db/schema/index.ts';
import type { DomainRow } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { authorizeDefaultCard, captureCharge, releaseCharge } from '../billing/account-charges.ts';
import { enforce } from '../platform/rate-limit.ts';
import { catalogue } from '../search/catalogue.ts';

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
  // The registry's transfer fee must still be the one the customer was shown when ordering (a premium fee, or none):
  // asked first, so a change is refused with the new fee before any card is touched (checkout asks the same way), and
  // the request acknowledges only the fee paid, so a change in between is refused by the registry.
  const paidFee = await paidTransferFee(deps.db, domain.domainId);
  await refuseChangedFee(deps, domain.domain, paidFee);
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
  const answer = await deps.providers.registry
    .requestTransfer({ domain: domain.domain, authCode: input.authCode, shownPrice: paidFee })
    .catch((error: Error) => ({ status: 'failed' as const, reason: error.message }));
  if (answer.status !== 'pending') {
    if (held) await releaseCharge(deps, held);
    if (answer.status === 'auth-code-rejected' || answer.status === 'auth-code-needed') {
      await deps.db.update(domains).set({ inboundTransferStatus: 'auth-code-rejected', modifyDate: now() }).where(eq(domains.domainId, domain.domainId));
      throw new AppError(400, authCodeRejectedMessage);
    }
    // A refusal (a changed fee among them) is final for this code: nothing was charged.
    if (answer.status === 'failed')
      throw new AppError(502, `The registry did not accept the transfer of ${domain.domain}: ${answer.reason}. You were not charged.`);
    // `unknown`: the request may have reached the registry; the transfer-poll job asks it later, nothing is charged.
    throw new AppError(502, `The registry did not accept the transfer: ${answer.reason}. Please try again later.`);
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

/**
 * The fee the customer was shown to transfer the name in: the premium fee on the cart item its order bought it with, or
 * null when it was sold at the standard price (a row without an order, the demo's say, was never premium).
 */
async function paidTransferFee(db: Db, domainId: number): Promise<number | null> {
  const [line] = await db
    .select({ premiumPrice: cartItems.premiumPrice })
    .from(orderLines)
    .innerJoin(cartItems, eq(cartItems.cartItemId, orderLines.cartItemId))
    .where(and(eq(orderLines.domainId, domainId), eq(orderLines.kind, 'transfer')))
    .orderBy(desc(orderLines.orderLineId))
    .limit(1);
  return line?.premiumPrice ?? null;
}

/** Refuses (409, nothing charged) when the registry's transfer fee is no longer the one the customer was shown. */
async function refuseChangedFee(deps: Deps, domain: string, paidFee: number | null): Promise<void> {
  const supported = new Set(catalogue().list.map((tld) => tld.tld));
  const answer = await deps.providers.registry.transferCheck(domain, supported).catch(() => null);
  // Not eligible now, or not answering: the request itself says why, and acknowledges only the fee paid.
  if (!answer?.ok) return;
  const fee = answer.premiumPrice ?? null;
  if (fee === paidFee) return;
  throw new AppError(
    409,
    `The registry's transfer price of ${domain} has changed${fee == null ? '' : ` to ${formatMoney(fee)}`} since your order, so the transfer was not requested and you were not charged. Please contact support.`,
    { domain },
  );
}
