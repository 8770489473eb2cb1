/**
 * Inbound transfers in the sandbox registry, on the one clock: a requested transfer is settled when its day comes
 * (`transferCompleteDate`: 5 days after the request, as registries auto-approve; 2 days for a `transfer-rejected-`
 * name, whose losing registrar refuses it), and the outcome waits in the registrar's message queue (EPP `<poll>`)
 * until acknowledged. Nothing runs by itself: whoever asks the registry next (info, a poll, a transfer check) settles
 * what fell due first, as a real registry would have by then.
 */
import { addDays, addYears } from 'date-fns';
import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { registryDomains, registryMessages } from '../../db/schema/index.ts';
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
      // Only this product asks the sandbox registry for transfers.
      inbound: true,
      expireDate: row.expireDate ?? undefined,
    },
  };
}

export async function acknowledgeRegistryMessage(db: Db, id: string): Promise<void> {
  const messageId = Number(id);
  if (!Number.isInteger(messageId)) return;
  await db.delete(registryMessages).where(eq(registryMessages.messageId, messageId));
}
