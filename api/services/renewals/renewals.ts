/**
 * Renewal orders (control-panel spec §3-§5, §9): claim the order → authorise the default card off-session → claim each
 * domain's term → renew at the registry (renewal-terms.ts) → capture what the registry renewed (ledger rows) or release
 * (renewal-settlement.ts). Prices and the preview are renewal-prices.ts. Renewals are non-refundable; nothing is charged
 * for a term the registry did not extend, and a term is renewed once whoever asks (the unique index on renewals).
 */
import { and, asc, eq } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { type RenewAnswer, renewalChargeAmounts } from '../../contract/renewals/renewals.ts';
import type { Db } from '../../db/client.ts';
import { renewalOrders, renewals } from '../../db/schema/index.ts';
import type { RenewalOrderRow } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { requireRecentAuthForCharge } from '../auth/recent-auth.ts';
import { authorizeDefaultCard, type HeldCharge } from '../billing/account-charges.ts';
import { previewRenewal, type RenewRequestInput, sum } from './renewal-prices.ts';
import { setOrder, settleRenewalOrder } from './renewal-settlement.ts';
import { chargedTax } from './renewal-tax.ts';
import { lineOf, renewOrderLines } from './renewal-terms.ts';

/** POST /api/renewals with commit: true. */
export async function commitRenewal(
  deps: Deps,
  accountId: number,
  request: RenewRequestInput,
  caller: { sessionId: number; viaApiToken: boolean },
): Promise<RenewAnswer> {
  if (!request.orderKey) throw new AppError(400, 'orderKey is required to place an order');
  const preview = await previewRenewal(deps, accountId, request);
  await requireRecentAuthForCharge(deps, caller, preview.totalPrice);
  const order = await claimManualOrder(deps.db, accountId, request.orderKey, request, preview.totalPrice);
  if ('replay' in order) return order.replay;
  let held: HeldCharge;
  try {
    const attempt = await authorizeDefaultCard(deps, {
      accountId,
      amount: preview.totalPrice,
      taxedLines: preview.domains.flatMap(renewalChargeAmounts),
      idempotencyKey: `renewal-order:${order.renewalOrderId}:${order.attempts}`,
      purpose: `renewal-order:${order.renewalOrderId}`,
      description: `Renewal: ${preview.domains.map((d) => d.domain).join(', ')}`,
      paymentIntentId: request.paymentIntentId,
    });
    if (attempt.status === 'requires_action') {
      await setOrder(deps.db, order.renewalOrderId, { status: 'requires_action', paymentIntentId: attempt.paymentIntentId });
      return { ...preview, requiresAction: true, clientSecret: attempt.clientSecret, paymentIntentId: attempt.paymentIntentId };
    }
    held = attempt.held;
  } catch (error) {
    await setOrder(deps.db, order.renewalOrderId, { status: 'failed', lastError: (error as Error).message });
    throw error;
  }
  await setOrder(deps.db, order.renewalOrderId, {
    status: 'held',
    paymentIntentId: held.paymentIntentId,
    paymentMethodId: held.paymentMethodId,
    cardDescription: held.cardDescription,
    amount: held.amount,
  });
  const lines = await renewOrderLines(deps, order.renewalOrderId, preview.domains);
  const settled = await settleRenewalOrder(deps, order.renewalOrderId);
  const renewed = lines.filter((line) => line.status === 'renewed');
  if (settled === 'failed') {
    const reasons = lines.map((line) => `${line.domain}: ${line.error ?? 'not renewed'}`).join('; ');
    throw new AppError(502, `We could not renew your domains (${reasons}). You have not been charged.`);
  }
  return {
    renewalPeriod: request.renewalPeriod,
    domains: lines,
    totalPrice: sum(renewed),
    ...(await chargedTax(deps.db, held.paymentIntentId)),
    committed: true,
    cardDescription: held.cardDescription,
  };
}

/**
 * Claims the order for this key: a new one, a failed one tried again, or the one waiting for this 3-D Secure answer.
 * A settled order answers again with its result; one in progress elsewhere is a 409.
 */
async function claimManualOrder(
  db: Db,
  accountId: number,
  orderKey: string,
  request: RenewRequestInput,
  amount: number,
): Promise<RenewalOrderRow | { replay: RenewAnswer }> {
  const today = now();
  const [created] = await db
    .insert(renewalOrders)
    .values({
      accountId,
      orderKey,
      kind: 'manual',
      status: 'pending',
      renewalPeriod: request.renewalPeriod,
      amount,
      attempts: 1,
      createDate: today,
      modifyDate: today,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [existing] = await db
    .select()
    .from(renewalOrders)
    .where(and(eq(renewalOrders.accountId, accountId), eq(renewalOrders.orderKey, orderKey)));
  if (existing.status === 'settled') return { replay: await answerFor(db, existing) };
  const continuing = existing.status === 'requires_action' && request.paymentIntentId && request.paymentIntentId === existing.paymentIntentId;
  if (existing.status === 'failed' || continuing) {
    const [claimed] = await db
      .update(renewalOrders)
      .set({ status: 'pending', amount, modifyDate: today, ...(continuing ? {} : { attempts: existing.attempts + 1, paymentIntentId: null }) })
      .where(and(eq(renewalOrders.renewalOrderId, existing.renewalOrderId), eq(renewalOrders.status, existing.status)))
      .returning();
    if (claimed) return claimed;
  }
  throw new AppError(409, 'This order is already being placed');
}

async function answerFor(db: Db, order: RenewalOrderRow): Promise<RenewAnswer> {
  const rows = await db.select().from(renewals).where(eq(renewals.renewalOrderId, order.renewalOrderId)).orderBy(asc(renewals.renewalId));
  const lines = rows.map(lineOf);
  return {
    renewalPeriod: order.renewalPeriod,
    domains: lines,
    totalPrice: sum(lines.filter((l) => l.status === 'renewed')),
    ...(await chargedTax(db, order.paymentIntentId)),
    committed: true,
    cardDescription: order.cardDescription ?? undefined,
  };
}
