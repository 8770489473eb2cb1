/**
 * Transfers away (control-panel spec §4): another registrar asks the registry for one of our customers' names. The
 * registry tells us (a pending notice in our message queue, read by the transfer-poll job); we email the registrant an
 * approval link (approve now, or cancel); unanswered, the registry lets the name go after 5 days and the domain leaves
 * the account. The `transfer-away` job also locks again a domain whose auth code expired (unlockDays).
 */
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { and, eq, inArray, isNull, lte, ne } from 'drizzle-orm';
import brand from '../../../content/brand.json' with { type: 'json' };
import { now } from '../../clock.ts';
import { accounts, domains, outboundTransfers, users } from '../../db/schema/index.ts';
import type { DomainRow } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { heldActionMessage } from '../../contract/domains/suspension-gate.ts';
import { AppError } from '../../errors.ts';
import type { RegistryMessage } from '../../providers/registry/index.ts';
import { requestTransferByOtherRegistrar } from '../../providers/registry/sandbox-transfers.ts';
import { spendRegistryWrite } from '../domains/registry-changes.ts';
import { pollInboundTransfers } from './inbound-transfers.ts';
import { releaseDomain, settleIfGone } from './transfer-release.ts';
import { queueMessage } from '../platform/messages.ts';
import { enforce } from '../platform/rate-limit.ts';
import { hashToken, newToken } from '../kernel/tokens.ts';

/** Days an unanswered transfer waits before the registry completes it (control-panel spec §9: 5 to 7). */
export const outboundTransferDays = 5;
/** An unlocked domain's auth code lasts this long (ICANN Transfer Policy, 2025); then the domain locks itself again. */
export const authCodeLifetimeDays = 14;

export type OutboundTransferDeps = Pick<Deps, 'db' | 'config' | 'providers' | 'jobs'>;

/** How a transfer request for a suspended name is refused: a journal entry, passed in from the journal area. */
export type RefuseHeldTransfer = (deps: OutboundTransferDeps, domain: DomainRow, gainingRegistrar: string) => Promise<void>;

/**
 * What the registry's queue says about a name of ours (journal/held-transfer-refusal.ts hands these over for the
 * transfer-poll job, with the refusal of a suspended name's transfer).
 */
export async function readOutboundTransferNotice(deps: OutboundTransferDeps, message: RegistryMessage, refuseHeld: RefuseHeldTransfer): Promise<void> {
  const transfer = message.transfer;
  if (!transfer || transfer.inbound) return;
  if (transfer.status === 'pending') {
    await openOutboundTransfer(deps, transfer.domain, transfer.otherRegistrar ?? 'another registrar', message.date, refuseHeld);
  } else if (transfer.status === 'completed') await releaseDomain(deps, transfer.domain);
  else await closeOutboundTransfer(deps, transfer.domain, 'cancelled');
}

/** Records the request once (a notice read twice changes nothing) and emails the registrant the approval link. */
async function openOutboundTransfer(
  deps: OutboundTransferDeps,
  domain: string,
  gainingRegistrar: string,
  requestDate: Date,
  refuseHeld: RefuseHeldTransfer,
): Promise<void> {
  const deadline = addDays(requestDate, outboundTransferDays);
  const [claimed] = await deps.db
    .update(domains)
    .set({ outboundTransferStatus: 'pending', outboundTransferApprovalDeadline: deadline, modifyDate: now() })
    .where(and(eq(domains.domain, domain), eq(domains.status, 'active'), isNull(domains.outboundTransferStatus)))
    .returning();
  // Already recorded (a notice read twice), or not a name of any account here.
  if (!claimed) return;
  if (claimed.suspendedAt !== null) {
    await refuseHeld(deps, claimed, gainingRegistrar);
    return;
  }
  const token = newToken();
  await deps.db.insert(outboundTransfers).values({
    domainId: claimed.domainId,
    accountId: claimed.accountId,
    domain,
    gainingRegistrar,
    tokenHash: hashToken(token),
    requestDate,
    deadline,
  });
  await sendApprovalEmail(deps, claimed, gainingRegistrar, deadline, token);
}

export async function registrantEmail(deps: OutboundTransferDeps, accountId: number): Promise<string | null> {
  const [account] = await deps.db.select({ contact: accounts.registrantContact }).from(accounts).where(eq(accounts.accountId, accountId));
  if (account?.contact?.email) return account.contact.email;
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.accountId, accountId)).limit(1);
  return user?.email ?? null;
}

async function sendApprovalEmail(deps: OutboundTransferDeps, domain: DomainRow, gainingRegistrar: string, deadline: Date, token: string): Promise<void> {
  const to = await registrantEmail(deps, domain.accountId);
  if (!to) return;
  const link = `${deps.config.publicOrigin}/transfer-away?token=${encodeURIComponent(token)}`;
  await queueMessage(deps.jobs, {
    channel: 'email',
    to,
    subject: `Approve the transfer of ${domain.domain} away from ${brand.name}`,
    text:
      `${gainingRegistrar} has asked to transfer ${domain.domain} away from ${brand.name}.\n\n` +
      `To approve it now, or to cancel it, open:\n${link}\n\n` +
      `If you do nothing, the transfer completes on ${format(deadline, 'MMM d, yyyy')} and ${domain.domain} leaves your ${brand.name} account.\n` +
      `If you did not ask for this, cancel it with the link above, or from My Domains (Transfer, Pending Transfers).`,
  });
}

/** Sends the approval email again with a new link (the old one stops working). Rate-limited per domain and account. */
export async function resendOutboundApprovalEmail(deps: OutboundTransferDeps, domain: DomainRow, clientIp: string): Promise<void> {
  if (domain.outboundTransferStatus !== 'pending') throw new AppError(400, 'No transfer of this domain is waiting for approval');
  await enforce(
    deps.db,
    [
      { key: `outbound-resend:domain:${domain.domainId}`, max: 3, windowSeconds: 3600 },
      { key: `outbound-resend:ip:${clientIp}`, max: 10, windowSeconds: 3600 },
    ],
    'We have sent this approval email several times already.',
  );
  const token = newToken();
  const [transfer] = await deps.db
    .update(outboundTransfers)
    .set({ tokenHash: hashToken(token) })
    .where(and(eq(outboundTransfers.domainId, domain.domainId), eq(outboundTransfers.status, 'pending')))
    .returning();
  if (!transfer) throw new AppError(400, 'No transfer of this domain is waiting for approval');
  await sendApprovalEmail(deps, domain, transfer.gainingRegistrar, transfer.deadline, token);
}

async function closeOutboundTransfer(deps: OutboundTransferDeps, domain: string, status: 'cancelled'): Promise<void> {
  const today = now();
  const rows = await deps.db
    .update(domains)
    .set({ outboundTransferStatus: null, outboundTransferApprovalDeadline: null, modifyDate: today })
    .where(and(eq(domains.domain, domain), inArray(domains.outboundTransferStatus, ['pending', 'approved'])))
    .returning({ domainId: domains.domainId });
  for (const { domainId } of rows) {
    await deps.db
      .update(outboundTransfers)
      .set({ status, settleDate: today })
      .where(and(eq(outboundTransfers.domainId, domainId), inArray(outboundTransfers.status, ['pending', 'approved'])));
  }
}

export type TransferAwayReport = { completed: number; relocked: number };

/**
 * Scheduled: transfers past their deadline (or approved) are settled from the registry's record, and unlocked domains
 * whose code expired are locked again with a fresh code nobody has seen. Each step is a conditional update, so two
 * workers never act twice.
 */
export async function runTransferAwayDuties(deps: OutboundTransferDeps): Promise<TransferAwayReport> {
  const report: TransferAwayReport = { completed: 0, relocked: 0 };
  const today = now();
  const due = await deps.db
    .select({ domain: domains.domain })
    .from(domains)
    .where(
      and(
        ne(domains.status, 'deleted'),
        inArray(domains.outboundTransferStatus, ['pending', 'approved']),
        lte(domains.outboundTransferApprovalDeadline, today),
      ),
    );
  for (const { domain } of due) {
    try {
      if (await settleIfGone(deps, domain)) report.completed += 1;
    } catch (error) {
      console.warn(`the transfer of ${domain} away could not be settled yet:`, (error as Error).message);
    }
  }
  const expired = await deps.db
    .select()
    .from(domains)
    .where(and(eq(domains.status, 'active'), eq(domains.locked, false), lte(domains.authCodeExpireDate, today)));
  for (const domain of expired) {
    if (domain.outboundTransferStatus) continue;
    try {
      // A job's write: past the registry-change budget the 429 leaves the name unlocked until the next run.
      await spendRegistryWrite(deps, { by: 'job', accountId: domain.accountId, domain }, async () => {
        await deps.providers.registry.setLock(domain.domain, true);
        await deps.providers.registry.authCode(domain.domain, true);
      });
      const locked = await deps.db
        .update(domains)
        .set({ locked: true, authCode: null, authCodeExpireDate: null, modifyDate: today })
        .where(and(eq(domains.domainId, domain.domainId), eq(domains.locked, false), lte(domains.authCodeExpireDate, today)))
        .returning({ domainId: domains.domainId });
      report.relocked += locked.length;
    } catch (error) {
      console.warn(`${domain.domain} could not be locked again yet:`, (error as Error).message);
    }
  }
  return report;
}

/**
 * Sandbox only (POST /api/dev/outboundTransfers): plays the other registrar asking for one of our names with its auth
 * code, then reads our registry queue at once, so the approval email goes out as the job would send it.
 */
export async function simulateTransferRequest(
  deps: OutboundTransferDeps,
  input: { domain: string; authCode: string; gainingRegistrar: string },
  refuseHeld: RefuseHeldTransfer,
): Promise<{ status: 'pending'; deadline: string }> {
  if (!deps.config.sandboxMode || deps.providers.registry.name !== 'sandbox') throw new AppError(404, 'Not found');
  // As the transfer-poll job would at once (openOutboundTransfer), a suspended name's request is refused.
  const [ours] = await deps.db
    .select()
    .from(domains)
    .where(and(eq(domains.domain, input.domain), ne(domains.status, 'deleted')));
  if (ours?.suspendedAt) throw new AppError(400, `The transfer was refused: ${heldActionMessage(ours.domain, 'transferAway', ours.suspensionReason)}`);
  const answer = await requestTransferByOtherRegistrar(deps.db, input);
  if (answer.status === 'refused') throw new AppError(400, `The registry refused the transfer: ${answer.reason}`);
  await pollInboundTransfers(deps, { onOutboundNotice: (message) => readOutboundTransferNotice(deps, message, refuseHeld) });
  return { status: 'pending', deadline: answer.completeDate.toISOString() };
}
