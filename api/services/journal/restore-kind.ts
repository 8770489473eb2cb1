/**
 * Journal kind (intent-kinds.ts) for a staff restore from redemption (RFC 3915 restore request and report): the
 * intent and its audit row commit first; the registry is asked after commit; our record follows its answer (active
 * when the expiry it holds is ahead, expired when not), and the owner is emailed. Never repeated blindly: a restore
 * whose answer was lost and that the registry does not show did not happen.
 */
import { and, eq } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { accounts, domains, users } from '../../db/schema/index.ts';
import { syncZone } from '../dns/zone.ts';
import { queueMessage } from '../platform/messages.ts';
import type { Intent, IntentKindSpec, JournalDeps } from './intent-types.ts';

/** What the restore report needs besides the registrant's data (read when the call is made, never kept here). */
export type RestoreRequest = { deletedAt: string; reason: string; brandName: string };

/** The registrant's data for the restore report, as WHOIS showed it. */
async function whoisOf(deps: JournalDeps, intent: Intent): Promise<string> {
  const [row] = await deps.db
    .select({ contact: accounts.registrantContact, accountId: domains.accountId })
    .from(domains)
    .innerJoin(accounts, eq(accounts.accountId, domains.accountId))
    .where(eq(domains.domainId, intent.domainId));
  const registrant = row?.contact;
  if (registrant) {
    return `Domain: ${intent.domain}\nRegistrant: ${registrant.firstName} ${registrant.lastName}${registrant.company ? `, ${registrant.company}` : ''}\nEmail: ${registrant.email}\nCountry: ${registrant.country}`;
  }
  const [owner] = row ? await deps.db.select({ email: users.email }).from(users).where(eq(users.accountId, row.accountId)).limit(1) : [];
  return `Domain: ${intent.domain}\nRegistrant: ${owner?.email ?? 'unknown'}`;
}

const inRedemption = (statuses: string[]) => statuses.includes('redemptionPeriod') || statuses.includes('pendingRestore');

export const restoreKind: IntentKindSpec = {
  async call(deps, intent) {
    const request = intent.params.restore as RestoreRequest;
    const whois = await whoisOf(deps, intent);
    await deps.providers.registry.restore({
      domain: intent.domain,
      deletedAt: new Date(request.deletedAt),
      whoisBefore: whois,
      whoisNow: whois,
      reason: `Registrant error: ${request.reason}`,
    });
    const record = await deps.providers.registry.info(intent.domain).catch(() => null);
    return { expireDate: record?.expireDate.toISOString() ?? null };
  },
  async done(_deps, tx, intent, result) {
    const [row] = await tx.select().from(domains).where(eq(domains.domainId, intent.domainId));
    if (!row) return;
    const answered = (result as { expireDate: string | null }).expireDate;
    const expireDate = answered ? new Date(answered) : row.expireDate;
    await tx
      .update(domains)
      .set({ status: expireDate > now() ? 'active' : 'expired', expireDate, redemptionPeriodStartDate: null, modifyDate: now() })
      .where(and(eq(domains.domainId, intent.domainId), eq(domains.status, 'redemption')));
  },
  async undo() {},
  async check(deps, intent) {
    const record = await deps.providers.registry.info(intent.domain);
    if (record?.ours && !inRedemption(record.statuses) && !record.statuses.includes('pendingDelete')) {
      return { state: 'done', result: { expireDate: record.expireDate.toISOString() } };
    }
    return { state: 'not-done' };
  },
  safeToRepeat: false,
  async afterSettle(deps, intent, state) {
    if (state !== 'done') return;
    await syncZone(deps, intent.domainId);
    const [row] = await deps.db
      .select({ status: domains.status, email: users.email })
      .from(domains)
      .innerJoin(users, eq(users.accountId, domains.accountId))
      .where(eq(domains.domainId, intent.domainId))
      .limit(1);
    if (!row?.email) return;
    const { brandName } = intent.params.restore as RestoreRequest;
    await queueMessage(deps.jobs, {
      channel: 'email',
      to: row.email,
      subject: `${intent.domain} is restored`,
      text: `${brandName} restored ${intent.domain} from the redemption period.${row.status === 'expired' ? ' Renew it now in My Domains, or it will expire again.' : ''}`,
    });
  },
};
