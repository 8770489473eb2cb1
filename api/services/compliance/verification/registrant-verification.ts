/**
 * Registrant verification (RAA 2013, Whois Accuracy Program Specification). Registration, transfer in and a change
 * of the registrant's email or name queue a start (the registrant-verification job): the data's formats are checked,
 * then the registrant email gets a link. A registrant email already verified is not asked again for new domains.
 * Unverified after 15 days, every domain of the account is suspended (kind `verification`) and the registrant told
 * why; the link restores them at once (verification-restore.ts, which retries what the registry does not release).
 */
import { suspensionBlocksSentence } from '../../../contract/domains/suspension-gate.ts';
import { addDays } from 'date-fns/addDays';
import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import brand from '../../../../content/brand.json' with { type: 'json' };
import { now } from '../../../clock.ts';
import type { Contact } from '../../../contract/contact.ts';
import { type VerificationStatus, type VerifyRegistrantAnswer, verificationDays } from '../../../contract/compliance/verification.ts';
import { accounts, domainSuspensions, domains, type RegistrantVerificationRow, registrantVerifications } from '../../../db/schema/index.ts';
import type { Deps, JobQueue } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import { recordAudit, requireReason, type StaffActor } from '../../audit/audit-log.ts';
import { hashToken, newToken } from '../../kernel/tokens.ts';
import { suspendDomain } from '../../domains/suspensions.ts';
import { queueMessage } from '../../platform/messages.ts';
import { enforce } from '../../platform/rate-limit.ts';
import { checkRegistrantData } from './registrant-checks.ts';
import { type HeldAfterVerification, restoreVerifiedDomains } from './verification-restore.ts';

export type VerificationTrigger = RegistrantVerificationRow['trigger'];
export const registrantVerificationQueue = 'registrant-verification';

/** Domains that depend on the registrant: everything the account holds at the registry. */
const heldStatuses = ['active', 'expired', 'redemption', 'pendingDelete'] as const;

export const registrantName = (contact: Contact) => [`${contact.firstName} ${contact.lastName}`.trim(), contact.company?.trim()].filter(Boolean).join(', ');

/** Asks the job to start verification for the account (cheap, safe to call from any request or job). */
export async function queueRegistrantVerification(jobs: JobQueue, accountId: number, trigger: VerificationTrigger): Promise<void> {
  await jobs.send(registrantVerificationQueue, { accountId, trigger });
}

const verifyLink = (deps: Pick<Deps, 'config'>, token: string) => `${deps.config.publicOrigin}/account/verify-registrant?token=${encodeURIComponent(token)}`;

function verificationEmail(deps: Pick<Deps, 'config'>, input: { email: string; token: string; problems: string[]; deadline: Date }) {
  const fixes = input.problems.length
    ? `\n\nWe also found problems with the registrant details we hold. Please correct them in Account Information (${deps.config.publicOrigin}/account/summary?view=contact_info):\n${input.problems.map((p) => `  - ${p}`).join('\n')}`
    : '';
  return {
    channel: 'email' as const,
    to: input.email,
    subject: `Verify your email to keep your ${brand.name} domains active`,
    text:
      `ICANN requires us to confirm that ${input.email} reaches the registrant of your domains. Please open this link:\n\n` +
      `${verifyLink(deps, input.token)}\n\n` +
      `If the address is not verified by ${input.deadline.toUTCString()}, your domains will be suspended (they stop working on the Internet) until it is.${fixes}`,
  };
}

/**
 * The job: starts a request unless one is not needed. For a new domain (registration, transfer) an email verified
 * before is enough; a change of the registrant's name or email asks again. One pending request per account.
 */
export async function startRegistrantVerification(
  deps: Pick<Deps, 'db' | 'jobs' | 'config'>,
  input: { accountId: number; trigger: VerificationTrigger },
): Promise<{ started: boolean; reason?: string }> {
  const [account] = await deps.db.select({ contact: accounts.registrantContact }).from(accounts).where(eq(accounts.accountId, input.accountId));
  if (!account?.contact) return { started: false, reason: 'no registrant' };
  const email = account.contact.email.trim().toLowerCase();
  const name = registrantName(account.contact);
  const [held] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(domains)
    .where(and(eq(domains.accountId, input.accountId), inArray(domains.status, [...heldStatuses, 'transfer'])));
  if (held.n === 0) return { started: false, reason: 'no domains' };
  const [pending] = await deps.db
    .select()
    .from(registrantVerifications)
    .where(and(eq(registrantVerifications.accountId, input.accountId), eq(registrantVerifications.status, 'pending')));
  if (pending && pending.email === email && pending.registrantName === name) return { started: false, reason: 'already asked' };
  const verified = await deps.db
    .select({ accountId: registrantVerifications.accountId, registrantName: registrantVerifications.registrantName })
    .from(registrantVerifications)
    .where(and(eq(registrantVerifications.status, 'verified'), sql`lower(${registrantVerifications.email}) = ${email}`));
  const newDomain = input.trigger !== 'registrant-change';
  const sameRegistrant = verified.some((v) => v.accountId === input.accountId && v.registrantName === name);
  if ((newDomain && verified.length > 0) || sameRegistrant) return { started: false, reason: 'already verified' };

  const problems = await checkRegistrantData(deps.config, account.contact);
  const token = newToken();
  const time = now();
  const deadline = addDays(time, verificationDays);
  const created = await deps.db.transaction(async (tx) => {
    if (pending) {
      await tx.update(registrantVerifications).set({ status: 'superseded' }).where(eq(registrantVerifications.verificationId, pending.verificationId));
    }
    return tx
      .insert(registrantVerifications)
      .values({
        accountId: input.accountId,
        email,
        registrantName: name,
        trigger: input.trigger,
        tokenHash: hashToken(token),
        problems,
        createDate: time,
        deadline,
        lastSentAt: time,
        sendCount: 1,
      })
      .onConflictDoNothing()
      .returning({ verificationId: registrantVerifications.verificationId });
  });
  // Another worker started it first: its email is on the way.
  if (created.length === 0) return { started: false, reason: 'already asked' };
  await queueMessage(deps.jobs, verificationEmail(deps, { email, token, problems, deadline }));
  return { started: true };
}

export async function readVerificationStatus(deps: Pick<Deps, 'db'> & { config?: Deps['config'] }, accountId: number): Promise<VerificationStatus> {
  const [latest] = await deps.db
    .select()
    .from(registrantVerifications)
    .where(and(eq(registrantVerifications.accountId, accountId), inArray(registrantVerifications.status, ['pending', 'verified'])))
    .orderBy(sql`${registrantVerifications.status} = 'pending' desc`, desc(registrantVerifications.createDate))
    .limit(1);
  if (!latest) return { state: 'none' };
  if (latest.status === 'pending' && latest.problems.length > 0 && deps.config) {
    // Shown as they are now: the panel clears a problem as soon as the customer fixes it.
    latest.problems = await currentProblems({ db: deps.db, config: deps.config }, accountId);
  }
  if (latest.status === 'verified') return { state: 'verified', email: latest.email, verifiedAt: (latest.verifiedAt ?? latest.createDate).toISOString() };
  return {
    state: 'pending',
    email: latest.email,
    deadline: latest.deadline.toISOString(),
    suspended: latest.suspendedAt !== null,
    problems: latest.problems,
    lastSentAt: latest.lastSentAt?.toISOString() ?? null,
  };
}

/** The banner's resend: a new link (the old one stops working), at most 3 an hour and 10 a day per account. */
export async function resendVerification(deps: Pick<Deps, 'db' | 'jobs' | 'config'>, accountId: number): Promise<VerificationStatus> {
  const [pending] = await deps.db
    .select()
    .from(registrantVerifications)
    .where(and(eq(registrantVerifications.accountId, accountId), eq(registrantVerifications.status, 'pending')));
  if (!pending) throw new AppError(409, 'There is no verification waiting for this account.');
  await enforce(
    deps.db,
    [
      { key: `verify-resend:${accountId}:hour`, max: 3, windowSeconds: 3600 },
      { key: `verify-resend:${accountId}:day`, max: 10, windowSeconds: 24 * 3600 },
    ],
    'We have sent the verification email several times already.',
  );
  const token = newToken();
  await deps.db
    .update(registrantVerifications)
    .set({ tokenHash: hashToken(token), lastSentAt: now(), sendCount: sql`${registrantVerifications.sendCount} + 1` })
    .where(eq(registrantVerifications.verificationId, pending.verificationId));
  await queueMessage(deps.jobs, verificationEmail(deps, { email: pending.email, token, problems: pending.problems, deadline: pending.deadline }));
  return readVerificationStatus(deps, accountId);
}

export const verificationLinkSpent = 'This verification link is no longer valid. Use the newest email we sent, or resend it from your account.';

/** The emailed link (no sign-in: the token is the proof). Verifies the email and restores suspended domains at once. */
export async function verifyRegistrant(
  deps: Pick<Deps, 'db' | 'config' | 'providers' | 'jobs'>,
  token: string,
  clientIp: string,
): Promise<VerifyRegistrantAnswer> {
  await enforce(deps.db, [{ key: `verify-registrant:ip:${clientIp}`, max: 20, windowSeconds: 15 * 60 }], 'Too many verification attempts.');
  const [row] = await deps.db
    .select()
    .from(registrantVerifications)
    .where(eq(registrantVerifications.tokenHash, hashToken(token)));
  if (!row || row.status === 'superseded') throw new AppError(400, verificationLinkSpent);
  if (row.status === 'pending') await refuseWhileDataIsWrong(deps, row);
  if (row.status === 'pending') {
    await deps.db
      .update(registrantVerifications)
      .set({ status: 'verified', verifiedAt: now() })
      .where(and(eq(registrantVerifications.verificationId, row.verificationId), eq(registrantVerifications.status, 'pending')));
  }
  const { restored, held } = await restoreVerifiedDomains(deps, row.accountId, row.email);
  return { email: row.email, restoredDomains: restored, heldDomains: held.map((h) => h.domain), message: verifiedMessage(row.email, restored, held) };
}

function verifiedMessage(email: string, restored: string[], held: HeldAfterVerification[]): string {
  const works = restored.length ? ` ${restored.join(', ')} ${restored.length === 1 ? 'works' : 'work'} again.` : '';
  const names = held.map((h) => h.domain).join(', ');
  const waits = held.length
    ? ` The registry has not taken the hold off ${names} yet: we keep asking it, and email you as soon as ${held.length === 1 ? 'it works' : 'they work'} again.`
    : '';
  return `Thank you: ${email} is verified.${works}${waits}`;
}

/**
 * The registrant data must pass the format checks before the link verifies: they are checked again on the data as it
 * is now (the customer may have fixed it since the email), and what is still wrong is kept for the panel and answered.
 */
async function refuseWhileDataIsWrong(deps: Pick<Deps, 'db' | 'config'>, row: RegistrantVerificationRow): Promise<void> {
  const problems = await currentProblems(deps, row.accountId);
  await deps.db.update(registrantVerifications).set({ problems }).where(eq(registrantVerifications.verificationId, row.verificationId));
  if (problems.length === 0) return;
  throw new AppError(422, `Please correct your registrant details in Account Information first, then open the link again: ${problems.join(' ')}`, { problems });
}

async function currentProblems(deps: Pick<Deps, 'db' | 'config'>, accountId: number): Promise<string[]> {
  const [account] = await deps.db.select({ contact: accounts.registrantContact }).from(accounts).where(eq(accounts.accountId, accountId));
  return account?.contact ? checkRegistrantData(deps.config, account.contact) : [];
}

/**
 * Compliance marks a waiting registrant verified by other means (a call, a document): with the evidence and the
 * reason, in the audit log, and the account's verification suspensions lifted as the link would.
 */
export async function markRegistrantVerified(
  deps: Pick<Deps, 'db' | 'config' | 'providers' | 'jobs'>,
  actor: StaffActor,
  verificationId: number,
  input: { evidence: string; reason: string },
): Promise<{ restoredDomains: string[]; heldDomains: string[] }> {
  requireReason('verification.mark-verified', input.reason);
  const [row] = await deps.db.select().from(registrantVerifications).where(eq(registrantVerifications.verificationId, verificationId));
  if (!row) throw new AppError(404, 'No such verification');
  if (row.status !== 'pending')
    throw new AppError(409, `${row.email} is ${row.status === 'verified' ? 'already verified' : 'no longer waiting: a newer request replaced it'}`);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(registrantVerifications)
      .set({ status: 'verified', verifiedAt: now(), verifiedBy: actor.email, verifyEvidence: input.evidence, verifyReason: input.reason })
      .where(eq(registrantVerifications.verificationId, verificationId));
    await recordAudit(tx, actor, {
      action: 'verification.mark-verified',
      targetType: 'registrant-verification',
      targetId: verificationId,
      targetLabel: row.email,
      accountId: row.accountId,
      after: { evidence: input.evidence },
      reason: input.reason,
      customerSummary: `We confirmed ${row.email} reaches the registrant.`,
    });
  });
  const { restored, held } = await restoreVerifiedDomains(deps, row.accountId, row.email);
  return { restoredDomains: restored, heldDomains: held.map((h) => h.domain) };
}

export type SuspensionSweepReport = { accounts: number; suspended: number; failed: number };

/**
 * Scheduled: accounts whose request is past its deadline have every held domain suspended (a domain that arrived
 * later too), and the registrant is told once why and how to fix it. Suspending again changes nothing.
 */
export async function suspendUnverifiedRegistrants(deps: Pick<Deps, 'db' | 'jobs' | 'config' | 'providers'>): Promise<SuspensionSweepReport> {
  const report: SuspensionSweepReport = { accounts: 0, suspended: 0, failed: 0 };
  const overdue = await deps.db
    .select()
    .from(registrantVerifications)
    .where(and(eq(registrantVerifications.status, 'pending'), lte(registrantVerifications.deadline, now())));
  for (const request of overdue) {
    report.accounts += 1;
    const targets = await deps.db
      .select({ domainId: domains.domainId, domain: domains.domain })
      .from(domains)
      .leftJoin(
        domainSuspensions,
        and(eq(domainSuspensions.domainId, domains.domainId), eq(domainSuspensions.kind, 'verification'), isNull(domainSuspensions.liftDate)),
      )
      .where(and(eq(domains.accountId, request.accountId), inArray(domains.status, [...heldStatuses]), isNull(domainSuspensions.suspensionId)));
    const suspended: string[] = [];
    for (const target of targets) {
      try {
        await suspendDomain(deps, {
          domainId: target.domainId,
          kind: 'verification',
          reason: `The registrant email ${request.email} has not been verified. Open the link we emailed to it (or resend it from the banner) and the domain works again at once.`,
          reference: request.email,
        });
        suspended.push(target.domain);
      } catch (error) {
        report.failed += 1;
        console.warn(`${target.domain} could not be suspended for verification yet:`, (error as Error).message);
      }
    }
    report.suspended += suspended.length;
    if (suspended.length === 0) continue;
    const [first] = await deps.db
      .update(registrantVerifications)
      .set({ suspendedAt: now() })
      .where(and(eq(registrantVerifications.verificationId, request.verificationId), isNull(registrantVerifications.suspendedAt)))
      .returning({ verificationId: registrantVerifications.verificationId });
    const token = newToken();
    await deps.db
      .update(registrantVerifications)
      .set({ tokenHash: hashToken(token), lastSentAt: now() })
      .where(eq(registrantVerifications.verificationId, request.verificationId));
    await queueMessage(deps.jobs, {
      channel: 'email',
      to: request.email,
      subject: first
        ? `Your ${brand.name} domains are suspended until you verify your email`
        : `More ${brand.name} domains suspended until you verify your email`,
      text:
        `We asked ${request.email} to confirm it reaches the registrant ${verificationDays} days ago, as ICANN requires, and it has not been confirmed. ` +
        `These domains are suspended (they do not resolve on the Internet) until it is:\n\n${suspended.map((d) => `  ${d}`).join('\n')}\n\n` +
        `${suspensionBlocksSentence}\n\n` +
        `To restore them at once, open this link:\n${verifyLink(deps, token)}\n\n` +
        `If the email address is wrong, sign in to ${brand.name} and correct the registrant contact, or contact support.`,
    });
  }
  return report;
}
