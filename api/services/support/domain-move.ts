/**
 * Moving a domain to another customer's account (issue #23): a change of registrant, so it follows the control
 * panel's registrant-change rules (control-panel spec §6): the domain takes the receiving account's contacts at the
 * registry, and unless that account opted out of TDRP it is locked against transfer for 60 days. Staff checked both
 * owners' consent (the reason says how); both are emailed. The old owner's auth code and For Sale listing do not move.
 */
import { addDays } from 'date-fns/addDays';
import { eq, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { tdrpHoldDays } from '../../contract/accounts/account-info.ts';
import { accounts, domains, users } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { queueRegistryContactSync } from '../accounts/registry-contacts.ts';
import { recordAudit, requireReason, type StaffActor } from '../audit/audit-log.ts';
import { assertNotHeld } from '../domains/suspension-gate.ts';
import { queueMessage } from '../platform/messages.ts';

export async function moveDomain(
  deps: Pick<Deps, 'db' | 'jobs' | 'config'>,
  actor: StaffActor,
  domainId: number,
  input: { toEmail: string; reason: string },
  brandName: string,
): Promise<{ accountId: number; tdrpHoldDate: string | null }> {
  const why = requireReason('domain.move', input.reason) as string;
  const moved = await deps.db.transaction(async (tx) => {
    const [domain] = await tx.select().from(domains).where(eq(domains.domainId, domainId)).for('update');
    if (!domain) throw new AppError(404, 'No such domain');
    if (!['active', 'expired', 'redemption'].includes(domain.status)) throw new AppError(409, `${domain.domain} is ${domain.status} and cannot be moved`);
    assertNotHeld(domain, 'registrant', { role: actor.role, reason: why });
    if (domain.outboundTransferStatus === 'pending' || domain.outboundTransferStatus === 'approved') {
      throw new AppError(409, `A transfer of ${domain.domain} to another registrar is pending: answer it first`);
    }
    const [from] = await tx.select({ email: users.email }).from(users).where(eq(users.accountId, domain.accountId));
    const [to] = await tx
      .select({ accountId: accounts.accountId, email: users.email, tdrpOptOut: accounts.tdrpOptOut, registrant: accounts.registrantContact })
      .from(users)
      .innerJoin(accounts, eq(accounts.accountId, users.accountId))
      .where(sql`lower(${users.email}) = ${input.toEmail.toLowerCase()}`)
      .for('update', { of: accounts });
    if (!to) throw new AppError(404, `No customer account uses ${input.toEmail}`);
    if (to.accountId === domain.accountId) throw new AppError(409, `${domain.domain} is already in that account`);
    if (!to.registrant) throw new AppError(409, `${to.email} has no registrant contact yet; they must add one before a domain can be theirs`);
    const holdUntil = to.tdrpOptOut ? null : addDays(now(), tdrpHoldDays);
    await tx
      .update(domains)
      .set({
        accountId: to.accountId,
        authCode: null,
        authCodeExpireDate: null,
        forSale: false,
        ...(holdUntil ? { tdrpHoldDate: holdUntil, locked: true } : {}),
        modifyDate: now(),
      })
      .where(eq(domains.domainId, domainId));
    const base = { action: 'domain.move', targetType: 'domain', targetId: domainId, targetLabel: domain.domain, reason: why } as const;
    const change = {
      before: { accountId: domain.accountId, owner: from.email },
      after: { accountId: to.accountId, owner: to.email, tdrpHoldDate: holdUntil?.toISOString() ?? null },
    };
    // One entry for each owner's Account activity: the domain left one account and joined the other.
    await recordAudit(tx, actor, {
      ...base,
      ...change,
      accountId: domain.accountId,
      customerSummary: `We moved ${domain.domain} out of your account, to another customer's.`,
    });
    await recordAudit(tx, actor, {
      ...base,
      ...change,
      accountId: to.accountId,
      customerSummary: `We moved ${domain.domain} into your account${holdUntil ? `; it cannot be transferred to another registrar for ${tdrpHoldDays} days` : ''}.`,
    });
    return { domain: domain.domain, from: from.email, to, holdUntil };
  });
  // The registry learns the new registrant (and the lock) from the job, which retries while the registry is down.
  await queueRegistryContactSync(deps.jobs, moved.to.accountId);
  const hold = moved.holdUntil
    ? `\n\nAs with any change of registrant, ${moved.domain} cannot be transferred to another registrar for ${tdrpHoldDays} days.`
    : '';
  await queueMessage(deps.jobs, {
    channel: 'email',
    to: moved.from,
    subject: `${moved.domain} moved to another account`,
    text: `At your request, ${brandName} support moved ${moved.domain} out of your account to the account of its new owner. It no longer appears in My Domains.\n\nIf you did not ask for this, contact ${brandName} support at once.`,
  });
  await queueMessage(deps.jobs, {
    channel: 'email',
    to: moved.to.email,
    subject: `${moved.domain} is now in your account`,
    text: `${brandName} support moved ${moved.domain} into your account. It appears in My Domains (${deps.config.publicOrigin}/account/domains), registered with your account's contacts.${hold}`,
  });
  return { accountId: moved.to.accountId, tdrpHoldDate: moved.holdUntil?.toISOString() ?? null };
}
