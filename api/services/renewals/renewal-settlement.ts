/**
 * A renewal order's money, once its terms are renewed or not: what the registry renewed is captured with its ledger rows,
 * else the card's authorisation is released; orders still holding money are reconciled by the domain calendar.
 */
import { subMinutes } from 'date-fns/subMinutes';
import { and, eq, inArray, lt } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { renewalOrders, renewals } from '../../db/schema/index.ts';
import type { RenewalRow } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { captureCharge, type ChargeLine, type HeldCharge, releaseCharge } from '../billing/account-charges.ts';
import { settleUnknownLine } from './renewal-terms.ts';

/** Updates the order row (its modifyDate with it). */
export async function setOrder(db: Db, renewalOrderId: number, fields: Partial<typeof renewalOrders.$inferInsert>): Promise<void> {
  await db
    .update(renewalOrders)
    .set({ ...fields, modifyDate: now() })
    .where(eq(renewalOrders.renewalOrderId, renewalOrderId));
}

/**
 * Settles an order's money once no line is unknown: captures what the registry renewed, with its ledger rows, or
 * releases the authorisation. The order is claimed (held → settled) first, so two settlers capture once.
 */
export async function settleRenewalOrder(deps: Deps, renewalOrderId: number): Promise<'settled' | 'failed' | 'held'> {
  const lines = await deps.db.select().from(renewals).where(eq(renewals.renewalOrderId, renewalOrderId));
  if (lines.some((line) => line.status === 'unknown' || line.status === 'claimed')) return 'held';
  const renewed = lines.filter((line) => line.status === 'renewed');
  const [order] = await deps.db
    .update(renewalOrders)
    .set({ status: renewed.length ? 'settled' : 'failed', modifyDate: now(), ...(renewed.length ? {} : { lastError: lines.map((l) => l.error).join('; ') }) })
    .where(and(eq(renewalOrders.renewalOrderId, renewalOrderId), eq(renewalOrders.status, 'held')))
    .returning();
  if (!order) return 'held';
  const held: HeldCharge = {
    accountId: order.accountId,
    paymentIntentId: order.paymentIntentId ?? '',
    amount: order.amount,
    paymentMethodId: order.paymentMethodId ?? 0,
    cardDescription: order.cardDescription ?? 'card',
  };
  try {
    if (renewed.length === 0) {
      await releaseCharge(deps, held);
      return 'failed';
    }
    await captureCharge(deps, held, renewed.flatMap(ledgerLines), `renewal-order:${renewalOrderId}:capture`);
    return 'settled';
  } catch (error) {
    // Put it back for the calendar's reconciliation to try again; the capture key keeps a repeat from charging twice.
    await setOrder(deps.db, renewalOrderId, { status: 'held', lastError: (error as Error).message });
    throw error;
  }
}

export function ledgerLines(line: RenewalRow): ChargeLine[] {
  const years = `${line.renewalPeriod} year${line.renewalPeriod === 1 ? '' : 's'}`;
  const span = { domainId: line.domainId, startDate: line.fromExpireDate, endDate: line.newExpireDate };
  return [
    { type: 'nrc', description: `Renewal: ${line.domain} (${years})`, amount: line.renewPrice, ...span },
    ...(line.redemptionPrice ? [{ type: 'nrc' as const, description: `Redemption fee: ${line.domain}`, amount: line.redemptionPrice, ...span }] : []),
    ...(line.protectionPrice
      ? [{ type: 'nrc' as const, description: `Domain Protection: ${line.domain} (${years})`, amount: line.protectionPrice, ...span }]
      : []),
  ];
}

/** Lines whose registry answer never came and orders still holding money: asks the registry, then settles. */
export async function reconcileHeldRenewals(deps: Deps): Promise<{ settled: number }> {
  const unknown = await deps.db
    .select()
    .from(renewals)
    .where(inArray(renewals.status, ['unknown']));
  for (const line of unknown) await settleUnknownLine(deps, line);
  // An order held for less than this may still be in its own request, renewing line by line.
  const quiet = subMinutes(now(), 10);
  const held = await deps.db
    .select({ id: renewalOrders.renewalOrderId })
    .from(renewalOrders)
    .where(and(eq(renewalOrders.status, 'held'), lt(renewalOrders.modifyDate, quiet)));
  let settled = 0;
  for (const { id } of held) {
    const outcome = await settleRenewalOrder(deps, id).catch(() => 'held' as const);
    if (outcome !== 'held') settled += 1;
  }
  return { settled };
}
