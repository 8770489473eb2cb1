/**
 * Registrant verification for staff: who is waiting, verified or suspended, and a resend. The list shows registrants'
 * email addresses, so each search is itself in the audit log, as every staff read of personal data is.
 */
import { and, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { VerificationRow } from '../../../contract/compliance/abuse-desk.ts';
import type { ListResult } from '../../../contract/list.ts';
import { registrantVerifications } from '../../../db/schema/index.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import { recordAudit, type StaffActor } from '../../audit/audit-log.ts';
import { resendVerification } from './registrant-verification.ts';
import { heldAfterVerification } from './verification-restore.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export async function listVerifications(
  deps: Pick<Deps, 'db'>,
  actor: StaffActor,
  query: { q?: string; status: 'pending' | 'verified' | 'all'; limit: number; skip: number },
): Promise<ListResult<VerificationRow>> {
  const filters: SQL[] = [];
  filters.push(query.status === 'all' ? inArray(registrantVerifications.status, ['pending', 'verified']) : eq(registrantVerifications.status, query.status));
  if (query.q) filters.push(ilike(registrantVerifications.email, `%${query.q.replace(/[%_\\]/g, '\\$&')}%`));
  const where = and(...filters);
  const [{ total }] = await deps.db.select({ total: count() }).from(registrantVerifications).where(where);
  const rows = await deps.db
    .select()
    .from(registrantVerifications)
    .where(where)
    .orderBy(desc(registrantVerifications.createDate))
    .limit(query.limit)
    .offset(query.skip);
  await recordAudit(deps.db, actor, {
    action: 'verification.list',
    targetType: 'registrant-verification',
    after: { q: query.q ?? null, status: query.status, rows: rows.length },
  });
  return {
    total,
    limit: query.limit,
    skip: query.skip,
    data: await Promise.all(
      rows.map(async (r) => ({
        verificationId: r.verificationId,
        accountId: r.accountId,
        email: r.email,
        registrantName: r.registrantName,
        trigger: r.trigger,
        status: r.status,
        problems: r.problems,
        createDate: r.createDate.toISOString(),
        deadline: r.deadline.toISOString(),
        lastSentAt: iso(r.lastSentAt),
        sendCount: r.sendCount,
        verifiedAt: iso(r.verifiedAt),
        suspendedAt: iso(r.suspendedAt),
        heldDomains: r.status === 'verified' ? await heldAfterVerification(deps, r.accountId, r.verifiedAt ?? r.createDate) : [],
      })),
    ),
  };
}

/** Staff resend a waiting request's link (the customer's own limits apply: it is the same email to the same person). */
export async function staffResendVerification(deps: Pick<Deps, 'db' | 'jobs' | 'config'>, actor: StaffActor, verificationId: number): Promise<void> {
  const [row] = await deps.db.select().from(registrantVerifications).where(eq(registrantVerifications.verificationId, verificationId));
  if (!row) throw new AppError(404, 'No such verification');
  if (row.status !== 'pending')
    throw new AppError(409, `${row.email} is ${row.status === 'verified' ? 'already verified' : 'no longer waiting: a newer request replaced it'}`);
  await resendVerification(deps, row.accountId);
  await recordAudit(deps.db, actor, {
    action: 'verification.resend',
    targetType: 'registrant-verification',
    targetId: verificationId,
    targetLabel: row.email,
    accountId: row.accountId,
    customerSummary: 'We resent the email that verifies your registrant email address.',
  });
}
