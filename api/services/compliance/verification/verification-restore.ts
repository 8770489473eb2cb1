/**
 * Restoring a verified registrant's domains: their `verification` suspensions are lifted (the registry takes the hold
 * off, services/domains/suspensions.ts). A name the registry does not release (a refusal, or no answer) stays on hold
 * with a reason that says why, compliance is told once, and the verification-restore job tries again with backoff
 * until the registry releases it; then the registrant hears it works again, as for a name restored at once.
 */
import { and, desc, eq, gte, inArray, isNull } from 'drizzle-orm';
import brand from '../../../../content/brand.json' with { type: 'json' };
import { domainSuspensions, domains, registrantVerifications, registryIntents } from '../../../db/schema/index.ts';
import type { Deps } from '../../../deps.ts';
import { suspensionLiftedNotice } from '../../domains/suspension-notice.ts';
import { liftSuspension } from '../../domains/suspensions.ts';
import { queueMessage } from '../../platform/messages.ts';
import { complianceRecipients } from '../compliance-recipients.ts';

export const verificationRestoreQueue = 'verification-restore';

type RestoreDeps = Pick<Deps, 'db' | 'config' | 'providers' | 'jobs'>;

/** A name still on hold after its registrant verified, and the registry's last word about releasing it. */
export type HeldAfterVerification = { domain: string; error: string };
export type RestoreOutcome = { restored: string[]; held: HeldAfterVerification[] };

/** What the customer reads on the domain while the registry keeps it on hold. */
export const restoreRetryReason = (email: string) =>
  `The registrant email ${email} is verified, but the registry has not taken the hold off yet. We keep asking it, and email you as soon as the domain works again.`;

/** The first try, made where the registrant verified: what stays on hold is retried by the job and compliance is told. */
export async function restoreVerifiedDomains(deps: RestoreDeps, accountId: number, email: string): Promise<RestoreOutcome> {
  const outcome = await liftVerificationHolds(deps, accountId, email);
  if (outcome.held.length > 0) {
    await queueVerificationRestore(deps.jobs, accountId, { afterSeconds: 60 });
    await tellComplianceOfHeldNames(deps, email, outcome.held);
  }
  return outcome;
}

export async function queueVerificationRestore(jobs: Deps['jobs'], accountId: number, options: { afterSeconds?: number } = {}): Promise<void> {
  await jobs.send(verificationRestoreQueue, { accountId }, { singletonKey: String(accountId), startAfter: options.afterSeconds });
}

/**
 * The job: tries again for a verified registrant's names still on hold, and throws while the registry keeps any (the
 * queue retries it with backoff). A registrant no longer verified (a newer request since) has nothing restored.
 */
export async function retryVerificationRestore(deps: RestoreDeps, accountId: number): Promise<{ restored: string[] }> {
  const [newest] = await deps.db
    .select({ email: registrantVerifications.email, status: registrantVerifications.status })
    .from(registrantVerifications)
    .where(and(eq(registrantVerifications.accountId, accountId), inArray(registrantVerifications.status, ['pending', 'verified'])))
    .orderBy(desc(registrantVerifications.createDate))
    .limit(1);
  if (newest?.status !== 'verified') return { restored: [] };
  const outcome = await liftVerificationHolds(deps, accountId, newest.email);
  // A release whose answer never came is settled by the journal's reconciler: asked again once it has been.
  const unsettled = await pendingReleases(deps, accountId);
  const held = [
    ...outcome.held,
    ...unsettled.filter((name) => !outcome.held.some((h) => h.domain === name)).map((domain) => ({ domain, error: 'no answer yet' })),
  ];
  if (held.length > 0) {
    throw new Error(`The registry has not released ${held.map((h) => `${h.domain} (${h.error})`).join(', ')} yet`);
  }
  return { restored: outcome.restored };
}

/** Lifts each verification suspension of the account; the registrant hears of each name that works again. */
async function liftVerificationHolds(deps: RestoreDeps, accountId: number, email: string): Promise<RestoreOutcome> {
  const suspended = await deps.db
    .select({ domainId: domains.domainId, domain: domains.domain })
    .from(domainSuspensions)
    .innerJoin(domains, eq(domains.domainId, domainSuspensions.domainId))
    .where(and(eq(domains.accountId, accountId), eq(domainSuspensions.kind, 'verification'), isNull(domainSuspensions.liftDate)));
  const outcome: RestoreOutcome = { restored: [], held: [] };
  for (const { domainId, domain } of suspended) {
    try {
      const { stillSuspended } = await liftSuspension(deps, { domainId, kind: 'verification' });
      if (!stillSuspended) {
        outcome.restored.push(domain);
        await queueMessage(deps.jobs, { channel: 'email', to: email, ...suspensionLiftedNotice({ domain, stillSuspended: false, brandName: brand.name }) });
      }
    } catch (error) {
      outcome.held.push({ domain, error: (error as Error).message });
      await explainHold(deps, domainId, email);
    }
  }
  return outcome;
}

/** A refused release put the suspension back as it was: its reason now says the email is verified and we keep trying. */
async function explainHold(deps: RestoreDeps, domainId: number, email: string): Promise<void> {
  const reason = restoreRetryReason(email);
  const [reopened] = await deps.db
    .update(domainSuspensions)
    .set({ reason })
    .where(and(eq(domainSuspensions.domainId, domainId), eq(domainSuspensions.kind, 'verification'), isNull(domainSuspensions.liftDate)))
    .returning({ createDate: domainSuspensions.createDate });
  if (!reopened) return;
  // The domain shows its oldest active reason: this one, unless another suspension came first.
  const [oldest] = await deps.db
    .select({ kind: domainSuspensions.kind })
    .from(domainSuspensions)
    .where(and(eq(domainSuspensions.domainId, domainId), isNull(domainSuspensions.liftDate)))
    .orderBy(domainSuspensions.createDate, domainSuspensions.suspensionId)
    .limit(1);
  if (oldest?.kind === 'verification') await deps.db.update(domains).set({ suspensionReason: reason }).where(eq(domains.domainId, domainId));
}

/** Names of the account whose release at the registry is still waiting for an answer. */
async function pendingReleases(deps: Pick<Deps, 'db'>, accountId: number): Promise<string[]> {
  const rows = await deps.db
    .select({ domain: registryIntents.domain })
    .from(registryIntents)
    .innerJoin(domains, eq(domains.domainId, registryIntents.domainId))
    .where(and(eq(domains.accountId, accountId), eq(registryIntents.kind, 'unhold'), eq(registryIntents.state, 'pending')));
  return rows.map((row) => row.domain);
}

/** For the verification desk: the account's names still on hold after verification, with the registry's last refusal. */
export async function heldAfterVerification(deps: Pick<Deps, 'db'>, accountId: number, verifiedAt: Date): Promise<HeldAfterVerification[]> {
  // A newer request waiting: its suspensions are for that one, not left over from this.
  const [waiting] = await deps.db
    .select({ verificationId: registrantVerifications.verificationId })
    .from(registrantVerifications)
    .where(and(eq(registrantVerifications.accountId, accountId), eq(registrantVerifications.status, 'pending')))
    .limit(1);
  if (waiting) return [];
  const rows = await deps.db
    .select({ domainId: domains.domainId, domain: domains.domain })
    .from(domainSuspensions)
    .innerJoin(domains, eq(domains.domainId, domainSuspensions.domainId))
    .where(and(eq(domains.accountId, accountId), eq(domainSuspensions.kind, 'verification'), isNull(domainSuspensions.liftDate)));
  const held: HeldAfterVerification[] = [];
  for (const row of rows) {
    const [refusal] = await deps.db
      .select({ outcome: registryIntents.outcome })
      .from(registryIntents)
      .where(and(eq(registryIntents.domainId, row.domainId), eq(registryIntents.kind, 'unhold'), gte(registryIntents.createDate, verifiedAt)))
      .orderBy(desc(registryIntents.intentId))
      .limit(1);
    held.push({ domain: row.domain, error: refusal?.outcome ?? 'not released yet' });
  }
  return held;
}

async function tellComplianceOfHeldNames(deps: Pick<Deps, 'db' | 'config' | 'jobs'>, email: string, held: HeldAfterVerification[]): Promise<void> {
  for (const to of await complianceRecipients(deps)) {
    await queueMessage(deps.jobs, {
      channel: 'email',
      to,
      subject: `${held.map((h) => h.domain).join(', ')} still on hold after its registrant verified`,
      text:
        `The registrant ${email} is verified, but the registry did not take the hold off:\n\n${held.map((h) => `  ${h.domain}: ${h.error}`).join('\n')}\n\n` +
        `It is tried again automatically, less often as time goes on, and the registrant is emailed once it works. ` +
        `If the registry keeps refusing, see Verification in the ${brand.name} back office: ${deps.config.publicOrigin}/admin/verifications`,
    });
  }
}
