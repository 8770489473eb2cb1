/** Checkout's registry phase: every line on the order first, then each name registered or its transfer requested. */
import { addYears } from 'date-fns/addYears';
import { eq } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { type OrderLineState, orderLines } from '../../db/schema/index.ts';
import type { Providers } from '../../providers/index.ts';
import { RegistryOutcomeUnknownError, type TransferRequestAnswer } from '../../providers/registry/index.ts';
import type { Line, Prepared } from './checkout-prepare.ts';
import type { CheckoutLeases } from './checkout-leases.ts';
import { claimMarketLine } from './market-lines.ts';
import { holdsOrder, type OrderRun, OrderTakenOverError } from './orders.ts';
import type { Owner } from './visitor-account.ts';

/** A line's answer from the registry, as checkout saw it (or reconciliation found out). */
export type Outcome = { line: Line; orderLineId: number; state: OrderLineState; expireDate: Date; error?: string };

/**
 * Every line goes on the order first (marked with the attempt, so a later attempt never reads them as its own), so an
 * answer that never comes is still on record; then each name is asked for.
 */
export async function askRegistry(
  db: Db,
  providers: Providers,
  prepared: Prepared,
  run: OrderRun,
  leases: Pick<CheckoutLeases, 'lease'>,
  owner: Pick<Owner, 'accountId'>,
): Promise<Outcome[]> {
  const { orderId } = run;
  const rows = await db
    .insert(orderLines)
    .values(
      prepared.lines.map(({ item, prices }) => ({
        orderId,
        attempt: run.attempt,
        cartItemId: item.cartItemId,
        domain: item.domain,
        kind: item.domainType === 'transfer' ? ('transfer' as const) : item.domainType === 'market' ? ('market' as const) : ('registration' as const),
        price: prices.price,
        protectionPrice: prices.protectionPrice,
        monthlyPrice: prices.monthlyPrice,
        totalPrice: prices.totalPrice,
        discount: prices.discount,
        credit: prices.credit,
        tax: prices.tax,
      })),
    )
    .returning({ orderLineId: orderLines.orderLineId });
  const outcomes: Outcome[] = [];
  for (const [index, line] of prepared.lines.entries()) {
    // If another process took the order over meanwhile (this one stalled past its lease), ask nothing more.
    if (!(await holdsOrder(db, orderId, leases.lease()))) throw new OrderTakenOverError();
    const orderLineId = rows[index].orderLineId;
    const answer: Omit<Outcome, 'line' | 'orderLineId'> =
      line.item.domainType === 'market'
        ? await claimMarketLine(db, providers, { orderId, orderLineId, item: line.item, buyerAccountId: owner.accountId })
        : await askRegistryFor(providers, prepared, line);
    if (answer.state === 'failed' || answer.state === 'unknown')
      console.warn(`registry ${answer.state === 'unknown' ? 'did not answer for' : 'refused'} ${line.item.domain}: ${answer.error}`);
    if (!(await holdsOrder(db, orderId, leases.lease()))) {
      const [settled] = await db.select({ state: orderLines.state }).from(orderLines).where(eq(orderLines.orderLineId, orderLineId));
      if (settled?.state !== answer.state) {
        console.error(
          `order ${orderId}: the registry answered ${answer.state} for ${line.item.domain} after a takeover had recorded ${settled?.state}; support must settle it by hand`,
        );
      }
      throw new OrderTakenOverError();
    }
    await db
      .update(orderLines)
      .set({ state: answer.state, expireDate: answer.expireDate, error: answer.error ?? null, modifyDate: now() })
      .where(eq(orderLines.orderLineId, orderLineId));
    outcomes.push({ line, orderLineId, ...answer });
  }
  return outcomes;
}

async function askRegistryFor(providers: Providers, prepared: Prepared, { item }: Line): Promise<Omit<Outcome, 'line' | 'orderLineId'>> {
  const today = now();
  if (item.domainType === 'transfer') {
    const current = prepared.transferFacts.get(item.domain)?.expireDate;
    const expireDate = addYears(current ? new Date(current) : today, item.years);
    let answer: TransferRequestAnswer;
    try {
      answer = await providers.registry.requestTransfer({ domain: item.domain, authCode: item.authCode, shownPrice: item.premiumPrice });
    } catch (error) {
      answer = { status: 'failed', reason: (error as Error).message };
    }
    if (answer.status === 'pending') return { state: 'delivered', expireDate };
    if (answer.status === 'failed' || answer.status === 'unknown') return { state: answer.status, expireDate, error: answer.reason };
    return { state: answer.status, expireDate };
  }
  try {
    const record = await providers.registry.register({
      domain: item.domain,
      years: item.years,
      contact: prepared.contact,
      nameservers: providers.registry.defaultNameservers,
      shownPrice: item.domainType === 'premium' ? item.premiumPrice : null,
    });
    return { state: 'delivered', expireDate: validDate(record.expireDate) ?? addYears(today, item.years) };
  } catch (error) {
    const state = error instanceof RegistryOutcomeUnknownError ? 'unknown' : 'failed';
    return { state, expireDate: addYears(today, item.years), error: (error as Error).message };
  }
}

function validDate(date: Date | undefined): Date | null {
  return date && !Number.isNaN(date.getTime()) ? date : null;
}
