/**
 * The reporter's automatic acknowledgement, with the case number: sent by the abuse-acknowledge job within a minute of
 * the report and recorded on the report when the mail provider took it. It does not stop the case's acknowledgement
 * clock: only a staff member acknowledging the case does (abuse-actions.ts).
 */
import { and, eq, isNull } from 'drizzle-orm';
import brand from '../../../../content/brand.json' with { type: 'json' };
import { now } from '../../../clock.ts';
import { abuseCategoryLabels, formatCaseNumber } from '../../../contract/compliance/abuse.ts';
import { abuseCases, abuseReports } from '../../../db/schema/index.ts';
import type { Deps } from '../../../deps.ts';
import { recordCaseEvent } from './abuse-cases.ts';

export async function acknowledgeAbuseReport(deps: Pick<Deps, 'db' | 'providers' | 'config'>, reportId: number): Promise<{ sent: boolean }> {
  const [row] = await deps.db
    .select({ report: abuseReports, domain: abuseCases.domain })
    .from(abuseReports)
    .innerJoin(abuseCases, eq(abuseCases.caseId, abuseReports.caseId))
    .where(eq(abuseReports.reportId, reportId));
  if (!row || row.report.acknowledgedAt) return { sent: false };
  const { report, domain } = row;
  const caseNumber = formatCaseNumber(report.caseId);
  // Sent here rather than through send-message: the clock stops only once the provider has taken the message.
  await deps.providers.mail.send({
    to: report.reporterEmail,
    subject: `We received your abuse report about ${domain} (case ${caseNumber})`,
    // An automatic answer: a reporter's auto-responder must not answer it (and ours ignores theirs: abuse-mail.ts).
    autoSubmitted: 'auto-replied',
    text:
      `Thank you for reporting ${domain} to the ${brand.name} abuse desk.\n\n` +
      `Case number: ${caseNumber}\nCategory: ${abuseCategoryLabels[report.category]}\n\n` +
      'Our compliance staff review every report, take action where the evidence shows abuse, and will email you the ' +
      'outcome. Quote the case number if you write to us about it, or reply with more evidence.\n\n' +
      `${brand.name} abuse desk · ${deps.config.registrar.abuseEmail} · ${deps.config.registrar.abusePhone}`,
  });
  const time = now();
  await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(abuseReports)
      .set({ acknowledgedAt: time })
      .where(and(eq(abuseReports.reportId, reportId), isNull(abuseReports.acknowledgedAt)))
      .returning({ reportId: abuseReports.reportId });
    if (updated.length === 0) return;
    await recordCaseEvent(tx, { caseId: report.caseId, kind: 'reporter-notified', actor: 'system', detail: { reportId, to: report.reporterEmail } });
  });
  return { sent: true };
}
