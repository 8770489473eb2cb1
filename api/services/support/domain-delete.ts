/**
 * Staff delete a name, with a reason, following the registry's money rules. Within the add grace period of a paid
 * registration the registry credits us its fee, so we refund the registration: the refund service cancels the name
 * (billing/refund-names.ts), with its ledger rows, credit note, audit row and email, exactly once per name (its key is
 * the name's registration charge). After it nothing comes back: the deletion is a journal entry (our change, its
 * audit row and the registry intent in one transaction, the registry called after commit outside the row lock).
 */
import { addDays } from 'date-fns/addDays';
import { and, desc, eq, like } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { formatMoney } from '../../contract/money.ts';
import type { DomainDeletionTerms } from '../../contract/support/domain-history.ts';
import type { DbOrTx } from '../../db/client.ts';
import { type DomainRow, domains, orders, transactions } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, requireReason, type StaffActor } from '../audit/audit-log.ts';
import { addGraceDays, graceDaysLeft } from '../billing/refund-names.ts';
import { findPayment, refundPayment } from '../billing/refunds.ts';
import type { DeleteBefore } from '../journal/intent-kinds.ts';
import { carryOutIntent, linkIntentAudit, recordIntent } from '../journal/registry-intents.ts';
import { findDomainWithOwner } from './customer-record.ts';

type Refundable = { transactionId: number; paymentIntentId: string; amount: number; description: string };

function deletionBlocked(domain: DomainRow): string | null {
  if (domain.status === 'deleted' || domain.status === 'pendingDelete') return `${domain.domain} is already deleted or being deleted`;
  if (domain.status === 'transfer') return `${domain.domain} is still transferring in: it is not registered with us yet`;
  if (domain.outboundTransferStatus === 'pending' || domain.outboundTransferStatus === 'approved') {
    return `A transfer of ${domain.domain} away is pending: answer it first`;
  }
  return null;
}

/** The registration charge still refundable within the add grace period, and the payment it belongs to. */
async function refundableRegistration(db: DbOrTx, domain: DomainRow): Promise<{ graceEndDate: Date | null; refundable: Refundable | null }> {
  const [charge] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.domainId, domain.domainId), eq(transactions.type, 'nrc'), like(transactions.description, '%Registration of %')))
    .orderBy(desc(transactions.createDate))
    .limit(1);
  if (!charge) return { graceEndDate: null, refundable: null };
  const graceLeft = graceDaysLeft(domain.domain, charge.createDate);
  const graceEndDate = addDays(now(), graceLeft);
  if (graceLeft < 0) return { graceEndDate, refundable: null };
  let paymentIntentId = charge.paymentReference;
  if (!paymentIntentId && charge.orderId != null) {
    paymentIntentId = (await db.select({ id: orders.paymentIntentId }).from(orders).where(eq(orders.orderId, charge.orderId)))[0]?.id ?? null;
  }
  if (!paymentIntentId) return { graceEndDate, refundable: null };
  const payment = await findPayment(db, paymentIntentId).catch(() => null);
  const left = payment?.charges.find((c) => c.transactionId === charge.transactionId)?.refundable ?? 0;
  return {
    graceEndDate,
    refundable: left > 0 ? { transactionId: charge.transactionId, paymentIntentId, amount: left, description: charge.description } : null,
  };
}

/** What the dialog says before anyone presses Delete. */
export async function domainDeletionTerms(db: DbOrTx, domainId: number): Promise<DomainDeletionTerms> {
  const { domain } = await findDomainWithOwner(db, domainId);
  const blocked = deletionBlocked(domain);
  const { graceEndDate, refundable } = await refundableRegistration(db, domain);
  return {
    domain: domain.domain,
    canDelete: blocked === null,
    blocked,
    graceEndDate: graceEndDate?.toISOString() ?? null,
    refund: refundable && { amount: refundable.amount, description: refundable.description },
  };
}

export async function deleteDomainAsStaff(
  deps: Deps,
  actor: StaffActor,
  domainId: number,
  reason: string,
  brandName: string,
): Promise<{ refunded: number; message: string }> {
  const why = requireReason('domain.delete', reason) as string;
  const { domain: found, ownerEmail } = await findDomainWithOwner(deps.db, domainId);
  const blocked = deletionBlocked(found);
  const { refundable } = await refundableRegistration(deps.db, found);
  if (refundable && !blocked) {
    // One key per registration: a second click or a second staff member replays the same refund, never a new one.
    const { refund } = await refundPayment(deps, {
      paymentIntentId: refundable.paymentIntentId,
      items: [{ transactionId: refundable.transactionId, amount: refundable.amount }],
      reason: why,
      idempotencyKey: `domain-delete-${domainId}-${refundable.transactionId}`,
      actor,
      names: [{ domainId, action: 'cancel' }],
    });
    const amount = refund.amount + refund.creditAmount;
    return {
      refunded: amount,
      message: `${found.domain} is deleted within the registry's add grace period; ${formatMoney(amount)} was refunded and the owner emailed`,
    };
  }
  const intent = await deps.db.transaction(async (tx) => {
    const [domain] = await tx.select().from(domains).where(eq(domains.domainId, domainId)).for('update');
    const stillBlocked = deletionBlocked(domain);
    if (stillBlocked) throw new AppError(409, stillBlocked);
    const before: DeleteBefore = {
      status: domain.status,
      autoRenewEnabled: domain.autoRenewEnabled,
      autoRenewDate: domain.autoRenewDate?.toISOString() ?? null,
    };
    const intent = await recordIntent(tx, {
      kind: 'delete',
      domainId,
      domain: domain.domain,
      actor,
      params: {
        before,
        notify: {
          channel: 'email',
          to: ownerEmail,
          subject: `${domain.domain} was deleted`,
          text: `${brandName} deleted ${domain.domain} at the registry. It is no longer yours and has left My Domains; its website, email and DNS stop.\n\nWhy: ${why}\n\nIf you did not expect this, reply to this email or contact ${brandName} support.`,
        },
      },
    });
    await tx
      .update(domains)
      .set({ status: 'pendingDelete', autoRenewEnabled: false, autoRenewDate: null, modifyDate: now() })
      .where(eq(domains.domainId, domainId));
    const entry = await recordAudit(tx, actor, {
      action: 'domain.delete',
      targetType: 'domain',
      targetId: domainId,
      targetLabel: domain.domain,
      accountId: domain.accountId,
      before: { status: domain.status, expireDate: domain.expireDate.toISOString() },
      after: { status: 'deleted', refunded: 0, intentId: intent.intentId },
      reason: why,
      customerSummary: `We deleted ${domain.domain} at the registry; it has left My Domains.`,
    });
    await linkIntentAudit(tx, intent.intentId, entry.auditId);
    return intent;
  });
  await carryOutIntent(deps, intent);
  return {
    refunded: 0,
    message: `${found.domain} is deleted at the registry. Nothing was refunded: outside the add grace period of a paid registration (${addGraceDays} days) the registry gives nothing back`,
  };
}
