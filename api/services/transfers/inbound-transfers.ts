/**
 * How pending inbound transfers end. The registry tells us through our message queue (EPP `<poll>`: a transfer
 * approved or rejected), and `info` answers for each pending name whatever the queue did not say. A completed transfer
 * makes the domain active with the registry's new expiry (it was charged at checkout and stays charged); a rejected one
 * waits for the customer again (`inboundTransferStatus: rejected`), its charge refunded through the payments provider
 * and credited in the ledger, its price back on the row (`pendingCharge`) for when a new code restarts it.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { onTransferredIn } from '../compliance/transfer-duties.ts';
import type { JobQueue } from '../../deps.ts';
import type { Db, Tx } from '../../db/client.ts';
import { domains, orderLines, orders, paymentMethods, transactions } from '../../db/schema/index.ts';
import type { DomainRow } from '../../db/schema/index.ts';
import type { Providers } from '../../providers/index.ts';
import type { RegistryMessage, RegistryRecord } from '../../providers/registry/index.ts';
import { cardEnding } from '../../contract/billing/card-names.ts';

export type TransferPollDeps = { db: Db; jobs: JobQueue; providers: Pick<Providers, 'registry' | 'payments'> };

export type TransferPollReport = { messages: number; completed: number; rejected: number; pending: number };

/** What the registry says became of a transfer. */
export type TransferOutcome = { state: 'completed'; expireDate: Date | null } | { state: 'rejected'; reason: string };

/** Messages read in one run at most: a backlog is worked off over several runs rather than in one long one. */
const messagesPerRun = 200;

/** `onOutboundNotice`: what to do with a notice about a name of ours leaving (services/transfers/outbound-transfers.ts). */
export async function pollInboundTransfers(
  deps: TransferPollDeps,
  options: { onOutboundNotice?: (message: RegistryMessage) => Promise<void> } = {},
): Promise<TransferPollReport> {
  const report: TransferPollReport = { messages: 0, completed: 0, rejected: 0, pending: 0 };
  const count = (settled: TransferOutcome['state'] | null) => {
    if (settled) report[settled] += 1;
  };

  // The queue first, oldest message first. A message is acknowledged only once what it says is on record; if that
  // fails, it stays at the head of the queue for the next run (reading on would only return it again).
  for (let read = 0; read < messagesPerRun; read++) {
    const message = await deps.providers.registry.pollMessage();
    if (!message) break;
    report.messages += 1;
    const transfer = message.transfer;
    try {
      if (transfer?.inbound && transfer.status !== 'pending') {
        const outcome: TransferOutcome =
          transfer.status === 'completed'
            ? { state: 'completed', expireDate: transfer.expireDate ?? (await expiryAtRegistry(deps, transfer.domain)) }
            : { state: 'rejected', reason: message.text };
        count(await settleInboundTransfer(deps, transfer.domain, outcome));
      } else if (transfer && !transfer.inbound && options.onOutboundNotice) {
        await options.onOutboundNotice(message);
      } else {
        // Nothing for us to do (a notice about a name of ours, a pending-transfer notice): read, logged, dropped.
        console.info(`registry message ${message.id} (${message.date.toISOString()}): ${message.text}`);
      }
      await deps.providers.registry.ackMessage(message.id);
    } catch (error) {
      console.error(`registry message ${message.id} could not be handled yet; it stays queued:`, error);
      break;
    }
  }

  // Then every transfer still pending: the registry's own record decides.
  const pending = await deps.db
    .select({ domain: domains.domain })
    .from(domains)
    .where(and(eq(domains.status, 'transfer'), eq(domains.inboundTransferStatus, 'pending')))
    .orderBy(domains.domainId);
  for (const { domain } of pending) {
    let record: RegistryRecord | null;
    try {
      record = await deps.providers.registry.info(domain);
    } catch (error) {
      console.warn(`the registry could not say how the transfer of ${domain} stands yet:`, (error as Error).message);
      report.pending += 1;
      continue;
    }
    const outcome = transferOutcome(record);
    if (!outcome) {
      report.pending += 1;
      continue;
    }
    try {
      count(await settleInboundTransfer(deps, domain, outcome));
    } catch (error) {
      console.error(`the transfer of ${domain} could not be settled yet:`, error);
      report.pending += 1;
    }
  }
  return report;
}

/** Ours now: completed. Held for us: still pending. Anyone else's, or gone: the transfer ended without us. */
function transferOutcome(record: RegistryRecord | null): TransferOutcome | null {
  if (record?.ours) return { state: 'completed', expireDate: Number.isNaN(record.expireDate.getTime()) ? null : record.expireDate };
  if (record?.transferPending) return null;
  return { state: 'rejected', reason: record ? `${record.registrarName} still holds it` : 'the registry has no record of it' };
}

async function expiryAtRegistry(deps: TransferPollDeps, domain: string): Promise<Date | null> {
  const record = await deps.providers.registry.info(domain);
  return record?.ours && !Number.isNaN(record.expireDate.getTime()) ? record.expireDate : null;
}

/**
 * Records how the pending transfer of `domain` ended; returns what it recorded, or null when no transfer of that name
 * is pending here (already settled, by another run or process).
 */
export async function settleInboundTransfer(deps: TransferPollDeps, domain: string, outcome: TransferOutcome): Promise<TransferOutcome['state'] | null> {
  const candidates = await deps.db
    .select({ domainId: domains.domainId })
    .from(domains)
    .where(and(eq(domains.domain, domain), eq(domains.status, 'transfer'), eq(domains.inboundTransferStatus, 'pending')));
  let settled: TransferOutcome['state'] | null = null;
  for (const { domainId } of candidates) {
    if (outcome.state === 'completed') {
      const arrived = await completeTransfer(deps.db, domainId, outcome.expireDate);
      if (arrived) {
        settled = outcome.state;
        await onTransferredIn(deps, { accountId: arrived.accountId, domain });
      }
    } else if (await rejectTransfer(deps, domainId, outcome.reason)) settled = outcome.state;
  }
  return settled;
}

async function completeTransfer(db: Db, domainId: number, expireDate: Date | null): Promise<{ accountId: number } | null> {
  const today = now();
  const updated = await db
    .update(domains)
    .set({
      status: 'active',
      inboundTransferStatus: null,
      ...(expireDate ? { expireDate } : {}),
      // The losing registrar's code is spent; the name's code at the registry is ours to read when it is unlocked.
      authCode: null,
      modifyDate: today,
    })
    .where(and(eq(domains.domainId, domainId), eq(domains.status, 'transfer'), eq(domains.inboundTransferStatus, 'pending')))
    .returning({ accountId: domains.accountId });
  return updated[0] ?? null;
}

/**
 * The money of a rejected transfer goes back: refunded if its order captured it, kept out of the capture if its order
 * still holds the authorisation. Under the order's lock, so reconciliation and this never act on it at once.
 */
async function rejectTransfer({ db, providers }: TransferPollDeps, domainId: number, reason: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [line] = await tx
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.domainId, domainId), eq(orderLines.kind, 'transfer')))
      .orderBy(desc(orderLines.orderLineId))
      .limit(1);
    // Order before domain, the order reconciliation takes them in.
    const [order] = line ? await tx.select().from(orders).where(eq(orders.orderId, line.orderId)).for('update') : [];
    const [row] = await tx
      .select()
      .from(domains)
      .where(and(eq(domains.domainId, domainId), eq(domains.status, 'transfer'), eq(domains.inboundTransferStatus, 'pending')))
      .for('update');
    if (!row) return false;
    const today = now();
    const charged = line?.state === 'delivered' ? line.totalPrice : 0;
    if (charged === 0) {
      // Not paid at checkout: a new auth code given later (inbound-restart.ts) may have been charged on its own.
      const refunded = await refundRestartCharge(tx, providers, row, today);
      await tx
        .update(domains)
        .set({ inboundTransferStatus: 'rejected', pendingCharge: refunded ?? row.pendingCharge, modifyDate: today })
        .where(eq(domains.domainId, domainId));
      return true;
    }
    await tx.update(domains).set({ inboundTransferStatus: 'rejected', pendingCharge: charged, modifyDate: today }).where(eq(domains.domainId, domainId));
    if (!line || !order) return true;

    await tx
      .update(orderLines)
      .set({ state: 'failed', error: `transfer rejected: ${reason}`, modifyDate: today })
      .where(eq(orderLines.orderLineId, line.orderLineId));
    await creditCharges(tx, row, order.orderId, today);
    // Captured only once the order completed; an unconfirmed order still holds it, and now captures without this line.
    if (order.status === 'completed' && order.paymentIntentId) {
      // Inside the transaction: should recording fail, the next run refunds again with the same key, which refunds once.
      await providers.payments.refund(order.paymentIntentId, charged, `order-line-${line.orderLineId}-refund`);
      const [method] = order.paymentMethodId
        ? await tx
            .select({ brand: paymentMethods.brand, last4: paymentMethods.last4 })
            .from(paymentMethods)
            .where(eq(paymentMethods.paymentMethodId, order.paymentMethodId))
        : [];
      await tx.insert(transactions).values({
        accountId: row.accountId,
        type: 'payment',
        description: `Refund for the rejected transfer of ${row.domain}${method ? `, to ${cardEnding(method)}` : ''}`,
        amount: charged,
        domainId,
        orderId: order.orderId,
        paymentReference: order.paymentIntentId,
        startDate: today,
        createDate: today,
      });
    }
    return true;
  });
}

/**
 * The charge of the transfer's last restart with a new auth code (a `transfer` row outside any order, paid by one card
 * payment), refunded and credited once: a second rejection finds its credit and refunds nothing. Answers the amount.
 */
async function refundRestartCharge(tx: Tx, providers: TransferPollDeps['providers'], row: DomainRow, today: Date): Promise<number | null> {
  const rows = await tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.domainId, row.domainId), eq(transactions.type, 'transfer'), isNull(transactions.orderId)))
    .orderBy(desc(transactions.transactionId));
  const charge = rows.find((r) => r.amount > 0 && r.paymentReference);
  if (!charge?.paymentReference) return null;
  if (rows.some((r) => r.amount < 0 && r.paymentReference === charge.paymentReference)) return null;
  // Inside the transaction: should recording fail, the next run refunds again with the same key, which refunds once.
  await providers.payments.refund(charge.paymentReference, charge.amount, `inbound-restart-${charge.transactionId}-refund`);
  await tx.insert(transactions).values([
    {
      accountId: row.accountId,
      type: 'transfer',
      description: `Credit: ${charge.description} (the transfer was rejected)`,
      amount: -charge.amount,
      domainId: row.domainId,
      paymentReference: charge.paymentReference,
      startDate: today,
      createDate: today,
    },
    {
      accountId: row.accountId,
      type: 'payment',
      description: `Refund for the rejected transfer of ${row.domain}`,
      amount: charge.amount,
      domainId: row.domainId,
      paymentReference: charge.paymentReference,
      startDate: today,
      createDate: today,
    },
  ]);
  return charge.amount;
}

/** Each charge the transfer put on the ledger (the transfer fee, protection, the plan's first month) is credited back. */
async function creditCharges(tx: Tx, row: DomainRow, orderId: number, today: Date): Promise<void> {
  const charges = await tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.domainId, row.domainId), eq(transactions.orderId, orderId)));
  const credits = charges
    .filter((charge) => charge.type !== 'payment' && charge.amount > 0)
    .map((charge) => ({
      accountId: row.accountId,
      type: charge.type,
      description: `Credit: ${charge.description} (the transfer was rejected)`,
      amount: -charge.amount,
      domainId: row.domainId,
      orderId,
      startDate: today,
      createDate: today,
    }));
  if (credits.length) await tx.insert(transactions).values(credits);
}
