/**
 * Inbound transfers in the sandbox registry, on the one clock: a requested transfer is settled when its day comes
 * (`transferCompleteDate`: 5 days after the request, as registries auto-approve; 2 days for a `transfer-rejected-`
 * name, whose losing registrar refuses it), and the outcome waits in the registrar's message queue (EPP `<poll>`)
 * until acknowledged. Nothing runs by itself: whoever asks the registry next (info, a poll, a transfer check) settles
 * what fell due first, as a real registry would have by then.
 */
import { addDays } from 'date-fns/addDays';
import { addYears } from 'date-fns/addYears';
import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { type RegistryDomainRow as RegistryRow, registryDomains, registryMessages } from '../../db/schema/index.ts';
import type { RegistryMessage } from './index.ts';
import { registryMishap } from './sandbox-world.ts';

/** Days from the request until the registry completes an unanswered transfer (auto-approval). */
export const transferDays = 5;
/** Days until the losing registrar of a `transfer-rejected-` name refuses the transfer. */
export const rejectionDays = 2;

/** When a transfer requested at `requested` is settled. */
export function transferSettleDate(domain: string, requested: Date): Date {
  return addDays(requested, registryMishap(domain) === 'transfer-rejected' ? rejectionDays : transferDays);
}

/** Completes or rejects every pending transfer whose day has come, each with its message for the gaining registrar. */
export async function settleDueTransfers(db: Db, registrarName: string): Promise<void> {
  const today = now();
  const isDue = and(isNotNull(registryDomains.transferCompleteDate), lte(registryDomains.transferCompleteDate, today));
  // Most calls find nothing due: one indexed look, no transaction.
  const [any] = await db.select({ domain: registryDomains.domain }).from(registryDomains).where(isDue).limit(1);
  if (!any) return;
  await db.transaction(async (tx) => {
    // Skipped when locked: another process is settling that row now, with its message.
    const due = await tx.select().from(registryDomains).where(isDue).for('update', { skipLocked: true });
    for (const row of due) {
      const settled = row.transferCompleteDate ?? today;
      if (row.ours && row.gainingRegistrar) {
        await completeOutbound(tx, row, 'serverApproved', settled);
        continue;
      }
      if (registryMishap(row.domain) === 'transfer-rejected') {
        // The name stays with the losing registrar (the sandbox world), eligible to be asked for again.
        await tx.delete(registryDomains).where(eq(registryDomains.domain, row.domain));
        await tx.insert(registryMessages).values({
          domain: row.domain,
          transferStatus: 'clientRejected',
          text: `Transfer of ${row.domain} rejected by ${row.registrarName}`,
          createDate: settled,
        });
        continue;
      }
      // A transfer adds a year to the registration (storefront spec §9).
      const expireDate = addYears(row.expireDate, 1);
      await tx
        .update(registryDomains)
        .set({ registrarName, ours: true, locked: true, statuses: ['clientTransferProhibited'], expireDate, transferCompleteDate: null, modifyDate: settled })
        .where(eq(registryDomains.domain, row.domain));
      await tx.insert(registryMessages).values({
        domain: row.domain,
        transferStatus: 'serverApproved',
        text: `Transfer of ${row.domain} completed (approved by the registry after ${transferDays} days)`,
        expireDate,
        createDate: settled,
      });
    }
  });
}

/** A name of ours goes to the gaining registrar (with the year a transfer adds); we hear of it in our queue. */
async function completeOutbound(tx: Tx | Db, row: RegistryRow, how: 'clientApproved' | 'serverApproved', settled: Date): Promise<void> {
  const gaining = row.gainingRegistrar ?? 'another registrar';
  const expireDate = addYears(row.expireDate, 1);
  await tx
    .update(registryDomains)
    .set({
      registrarName: gaining,
      ours: false,
      locked: false,
      statuses: ['ok'],
      expireDate,
      gainingRegistrar: null,
      transferCompleteDate: null,
      modifyDate: settled,
    })
    .where(eq(registryDomains.domain, row.domain));
  await tx.insert(registryMessages).values({
    domain: row.domain,
    transferStatus: how,
    inbound: false,
    otherRegistrar: gaining,
    text: `Transfer of ${row.domain} to ${gaining} completed (${how === 'clientApproved' ? 'approved by the registrar' : `approved by the registry after ${transferDays} days`})`,
    expireDate,
    createDate: settled,
  });
}

/**
 * Sandbox only: another registrar asks for one of our names with its auth code, as a gaining registrar's EPP
 * `<transfer op="request">` would. The registry refuses a locked name or a wrong code; otherwise the transfer is
 * pending for `transferDays` and we (the losing registrar) get a pending notice in our queue.
 */
export async function requestTransferByOtherRegistrar(
  db: Db,
  input: { domain: string; authCode: string; gainingRegistrar: string },
): Promise<{ status: 'pending'; completeDate: Date } | { status: 'refused'; reason: string }> {
  const today = now();
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(registryDomains).where(eq(registryDomains.domain, input.domain)).for('update');
    if (!row?.ours) return { status: 'refused', reason: `${input.domain} is not sponsored by this registrar` };
    if (row.locked || row.statuses.includes('clientTransferProhibited'))
      return { status: 'refused', reason: 'Object status prohibits operation (clientTransferProhibited)' };
    if (row.gainingRegistrar) return { status: 'refused', reason: 'Object pending transfer' };
    if (row.authCode !== input.authCode) return { status: 'refused', reason: 'Invalid authorization information' };
    const completeDate = addDays(today, transferDays);
    await tx
      .update(registryDomains)
      .set({ gainingRegistrar: input.gainingRegistrar, statuses: [...row.statuses, 'pendingTransfer'], transferCompleteDate: completeDate, modifyDate: today })
      .where(eq(registryDomains.domain, input.domain));
    await tx.insert(registryMessages).values({
      domain: input.domain,
      transferStatus: 'pending',
      inbound: false,
      otherRegistrar: input.gainingRegistrar,
      text: `Transfer of ${input.domain} requested by ${input.gainingRegistrar}`,
      createDate: today,
    });
    return { status: 'pending', completeDate };
  });
}

/** The losing registrar (us) lets a pending transfer go at once. */
export async function approveOutboundTransfer(db: Db, domain: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(registryDomains).where(eq(registryDomains.domain, domain)).for('update');
    if (!row?.ours || !row.gainingRegistrar) throw new Error(`No transfer of ${domain} is pending`);
    await completeOutbound(tx, row, 'clientApproved', now());
  });
}

/** The losing registrar (us) refuses a pending transfer: the name stays ours. */
export async function rejectOutboundTransfer(db: Db, domain: string): Promise<void> {
  const rows = await db
    .update(registryDomains)
    .set({
      gainingRegistrar: null,
      transferCompleteDate: null,
      statuses: sql`array_remove(${registryDomains.statuses}, 'pendingTransfer')`,
      modifyDate: now(),
    })
    .where(and(eq(registryDomains.domain, domain), eq(registryDomains.ours, true), isNotNull(registryDomains.gainingRegistrar)))
    .returning({ domain: registryDomains.domain });
  if (rows.length === 0) throw new Error(`No transfer of ${domain} is pending`);
}

/** The oldest message not yet acknowledged. */
export async function nextRegistryMessage(db: Db, registrarName: string): Promise<RegistryMessage | null> {
  await settleDueTransfers(db, registrarName);
  const [row] = await db.select().from(registryMessages).orderBy(asc(registryMessages.messageId)).limit(1);
  if (!row) return null;
  const completed = row.transferStatus === 'clientApproved' || row.transferStatus === 'serverApproved';
  return {
    id: String(row.messageId),
    date: row.createDate,
    text: row.text,
    transfer: {
      domain: row.domain,
      status: row.transferStatus === 'pending' ? 'pending' : completed ? 'completed' : 'rejected',
      inbound: row.inbound,
      expireDate: row.expireDate ?? undefined,
      otherRegistrar: row.otherRegistrar ?? undefined,
    },
  };
}

export async function acknowledgeRegistryMessage(db: Db, id: string): Promise<void> {
  const messageId = Number(id);
  if (!Number.isInteger(messageId)) return;
  await db.delete(registryMessages).where(eq(registryMessages.messageId, messageId));
}
