/**
 * Domain update, transfers (control-panel spec §4, §7): lock and unlock (the answer to an unlock carries the auth code),
 * a new auth code, answers to a transfer away (cancel it, resend its approval email) and a new code for a transfer in.
 */
import { addDays } from 'date-fns/addDays';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { now } from '../../clock.ts';
import type { transferUpdate } from '../../contract/domains/domain-update.ts';
import type { Domain } from '../../contract/domains/domain.ts';
import { tdrpHoldMessage } from '../../contract/transfers/transfer-away.ts';
import { domains } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { decryptAuthCode } from './auth-code-vault.ts';
import { restartInboundTransfer } from './inbound-restart.ts';
import { cancelOutboundTransfer } from './outbound-answers.ts';
import { authCodeLifetimeDays, resendOutboundApprovalEmail } from './outbound-transfers.ts';
import { requireRecentAuth } from '../auth/recent-auth.ts';
import type { DomainUpdateContext } from '../domains/domain-update-types.ts';
import { assertNotHeld } from '../domains/suspension-gate.ts';

export async function applyTransferUpdate(ctx: DomainUpdateContext, fields: z.infer<typeof transferUpdate>): Promise<Partial<Domain> | undefined> {
  const { domain } = ctx;
  if (fields.$restartInboundTransfer !== undefined) {
    await restartInboundTransfer(ctx.deps, { domain, authCode: fields.$restartInboundTransfer, clientIp: ctx.clientIp, userId: ctx.userId });
    return;
  }
  if (fields.$rejectOutboundTransfer) {
    await cancelOutboundTransfer(ctx);
    return;
  }
  if (fields.$resendOutboundTransferApprovalEmail) {
    await resendOutboundApprovalEmail(ctx.deps, domain, ctx.clientIp);
    return;
  }
  if (domain.status !== 'active') throw new AppError(400, 'Only an active domain can be locked or unlocked');
  if (fields.$generateNewAuthCode) return revealAuthCode(ctx, { regenerate: true });
  if (fields.locked === false) return revealAuthCode(ctx, { regenerate: false });
  if (fields.locked === true) await lockDomain(ctx);
}

/**
 * Unlocks at the registry and answers with the code: the one on file while it is valid, else (or when asked) a new
 * one the registry is given. Needs a recent sign-in; a domain in a transfer hold (tdrpHoldDate) stays locked.
 */
async function revealAuthCode(ctx: DomainUpdateContext, { regenerate }: { regenerate: boolean }): Promise<Partial<Domain>> {
  const { deps, domain } = ctx;
  const today = now();
  // A hold that has run out no longer holds.
  if (domain.tdrpHoldDate && domain.tdrpHoldDate > today) throw new AppError(400, tdrpHoldMessage(domain.tdrpHoldDate));
  // A suspended name shows no code and stays locked, whatever it was before.
  assertNotHeld(domain, regenerate || !domain.locked ? 'authCode' : 'unlock');
  await requireRecentAuth(deps.db, ctx.sessionId);
  const onFile = domain.authCodeExpireDate && domain.authCodeExpireDate > today ? await decryptAuthCode(deps, domain.domainId, domain.authCode) : null;
  // Unlocked already with a valid code: show it again without asking the registry anything.
  if (!regenerate && onFile && !domain.locked && domain.authCodeExpireDate) {
    return { authCode: onFile, locked: false, authCodeExpireDate: domain.authCodeExpireDate.toISOString() };
  }
  const keepCode = !regenerate && onFile !== null;
  const expires = keepCode && domain.authCodeExpireDate ? domain.authCodeExpireDate : addDays(today, authCodeLifetimeDays);
  const before = { locked: domain.locked, authCode: domain.authCode, authCodeExpireDate: domain.authCodeExpireDate?.toISOString() ?? null };
  // A journal entry: our record says unlocked (the new code arrives with the registry's answer) with its audit row, then
  // the registry is asked; a refusal puts the lock and the code back.
  const { code } = (await ctx.journal(ctx, {
    kind: 'unlock',
    params: { before, keepCode },
    audit: { action: 'customer.domain.unlock', before: { locked: domain.locked }, after: { locked: false, newCode: !keepCode } },
    async change(tx, row) {
      assertNotHeld(row, regenerate || !row.locked ? 'authCode' : 'unlock');
      await tx
        .update(domains)
        .set({ locked: false, authCode: keepCode ? row.authCode : null, authCodeExpireDate: expires, modifyDate: today })
        .where(eq(domains.domainId, row.domainId));
    },
  })) as { code: string | null };
  return { authCode: code ?? onFile ?? '', locked: false, authCodeExpireDate: expires.toISOString() };
}

/** Locks at the registry and forgets the code (the registry gets a new one nobody has seen). */
async function lockDomain(ctx: DomainUpdateContext): Promise<void> {
  const { domain } = ctx;
  // Locked already: its code was replaced at the lock and nobody has seen the new one.
  if (domain.locked) return;
  if (domain.outboundTransferStatus === 'pending' || domain.outboundTransferStatus === 'approved') {
    throw new AppError(400, 'A transfer of this domain is pending: cancel it first');
  }
  const before = { locked: domain.locked, authCode: domain.authCode, authCodeExpireDate: domain.authCodeExpireDate?.toISOString() ?? null };
  await ctx.journal(ctx, {
    kind: 'lock',
    params: { before },
    audit: { action: 'customer.domain.lock', before: { locked: domain.locked }, after: { locked: true } },
    async change(tx, row) {
      if (row.outboundTransferStatus === 'pending' || row.outboundTransferStatus === 'approved') {
        throw new AppError(400, 'A transfer of this domain is pending: cancel it first');
      }
      await tx.update(domains).set({ locked: true, authCode: null, authCodeExpireDate: null, modifyDate: now() }).where(eq(domains.domainId, row.domainId));
    },
  });
}
