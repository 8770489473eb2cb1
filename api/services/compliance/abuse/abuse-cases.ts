/**
 * Abuse cases (RAA §3.18): every report, from the Report abuse page or mailed to the abuse address, joins the open case
 * of its domain or opens one, and the reporter is acknowledged by the abuse-acknowledge job with the case number.
 */
import { and, eq, sql } from 'drizzle-orm';
import { now } from '../../../clock.ts';
import { type AbuseCategory, formatCaseNumber, lawEnforcementReviewHours } from '../../../contract/compliance/abuse.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { abuseCaseEvents, abuseCases, abuseReports, domains } from '../../../db/schema/index.ts';
import type { Deps, JobQueue } from '../../../deps.ts';
import { queueMessage } from '../../platform/messages.ts';
import { complianceRecipients } from '../compliance-recipients.ts';

export const abuseAcknowledgeQueue = 'abuse-acknowledge';

export type NewAbuseReport = {
  source: 'web' | 'email';
  domain: string;
  category: AbuseCategory;
  description: string;
  evidenceLinks: string[];
  reporterEmail: string;
  file?: { name: string; type: string; bytes: Buffer } | null;
  clientIp?: string | null;
  messageId?: string | null;
  lawEnforcement?: { agency: string; officer: string; jurisdiction: string; contact: string } | null;
};

export type FiledReport = { caseId: number; caseNumber: string; reportId: number; joined: boolean };

/** A case event on the timeline, inside the caller's transaction. */
export async function recordCaseEvent(
  tx: Pick<Db, 'insert'>,
  event: { caseId: number; kind: string; actor: string; reason?: string | null; detail?: Record<string, unknown> | null },
): Promise<void> {
  await tx.insert(abuseCaseEvents).values({ ...event, reason: event.reason ?? null, detail: event.detail ?? null, createDate: now() });
}

async function openCaseFor(tx: Tx, report: NewAbuseReport): Promise<{ caseId: number; joined: boolean }> {
  const time = now();
  const [sponsored] = await tx
    .select({ domainId: domains.domainId })
    .from(domains)
    .where(and(eq(domains.domain, report.domain), sql`${domains.status} <> 'deleted'`))
    .limit(1);
  // The partial unique index keeps one open case per domain: of two first reports at once, one inserts, one joins.
  const [created] = await tx
    .insert(abuseCases)
    .values({ domain: report.domain, domainId: sponsored?.domainId ?? null, category: report.category, createDate: time, modifyDate: time })
    .onConflictDoNothing({ target: abuseCases.domain, where: sql`${abuseCases.status} = 'open'` })
    .returning({ caseId: abuseCases.caseId });
  if (created) return { caseId: created.caseId, joined: false };
  const [open] = await tx
    .select({ caseId: abuseCases.caseId })
    .from(abuseCases)
    .where(and(eq(abuseCases.domain, report.domain), eq(abuseCases.status, 'open')))
    .for('update');
  return { caseId: open.caseId, joined: true };
}

/**
 * Files a report into its domain's open case (or a new one) and queues its acknowledgement. A mailed report already
 * filed (same Message-ID) answers the case it joined, without a second report.
 */
export async function fileAbuseReport(deps: Pick<Deps, 'db' | 'jobs' | 'config'>, report: NewAbuseReport): Promise<FiledReport> {
  if (report.messageId) {
    const [seen] = await deps.db
      .select({ reportId: abuseReports.reportId, caseId: abuseReports.caseId })
      .from(abuseReports)
      .where(eq(abuseReports.messageId, report.messageId));
    if (seen) return { caseId: seen.caseId, caseNumber: formatCaseNumber(seen.caseId), reportId: seen.reportId, joined: true };
  }
  const filed = await deps.db.transaction(async (tx) => {
    const { caseId, joined } = await openCaseFor(tx, report);
    const [row] = await tx
      .insert(abuseReports)
      .values({
        caseId,
        source: report.source,
        category: report.category,
        reporterEmail: report.reporterEmail,
        description: report.description,
        evidenceLinks: report.evidenceLinks,
        evidenceFileName: report.file?.name ?? null,
        evidenceFileType: report.file?.type ?? null,
        evidenceFile: report.file?.bytes ?? null,
        clientIp: report.clientIp ?? null,
        messageId: report.messageId ?? null,
        lawEnforcement: report.lawEnforcement ?? null,
        createDate: now(),
      })
      .returning({ reportId: abuseReports.reportId });
    // A law-enforcement report makes its case one (its 24-hour review clock and its place at the top of the desk).
    const lawEnforcement = report.category === 'law-enforcement' ? { category: report.category } : {};
    if (joined || report.lawEnforcement)
      await tx
        .update(abuseCases)
        .set({ modifyDate: now(), ...lawEnforcement })
        .where(eq(abuseCases.caseId, caseId));
    await recordCaseEvent(tx, {
      caseId,
      kind: joined ? 'report-joined' : 'reported',
      actor: 'reporter',
      detail: { reportId: row.reportId, source: report.source, category: report.category, reporterEmail: report.reporterEmail },
    });
    return { caseId, reportId: row.reportId, joined };
  });
  await queueAcknowledgement(deps.jobs, filed.reportId);
  if (report.lawEnforcement) await tellComplianceOfLawEnforcement(deps, { ...report, caseId: filed.caseId });
  return { ...filed, caseNumber: formatCaseNumber(filed.caseId) };
}

export async function queueAcknowledgement(jobs: JobQueue, reportId: number): Promise<void> {
  await jobs.send(abuseAcknowledgeQueue, { reportId });
}

/** A law-enforcement report reaches every compliance recipient at once: it must be reviewed within 24 hours. */
async function tellComplianceOfLawEnforcement(deps: Pick<Deps, 'db' | 'jobs' | 'config'>, report: NewAbuseReport & { caseId: number }): Promise<void> {
  const le = report.lawEnforcement;
  if (!le) return;
  const caseNumber = formatCaseNumber(report.caseId);
  for (const to of await complianceRecipients(deps)) {
    await queueMessage(deps.jobs, {
      channel: 'email',
      to,
      subject: `Law enforcement report about ${report.domain} (case ${caseNumber}): review within ${lawEnforcementReviewHours} hours`,
      text:
        `${le.agency} (${le.jurisdiction}) reported ${report.domain}.\n\nOfficer: ${le.officer}\nContact: ${le.contact} (check it is the agency's before you answer)\n` +
        `Reporter email: ${report.reporterEmail}\n\n${report.description}\n\n` +
        `ICANN asks registrars to review law-enforcement reports within ${lawEnforcementReviewHours} hours. Open the case: ${deps.config.publicOrigin}/admin/abuse/${report.caseId}`,
    });
  }
}
