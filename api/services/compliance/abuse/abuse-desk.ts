/**
 * The abuse desk's read side for the back office: the case list with its clocks, one case with its reports, timeline
 * and our domain of the name, the evidence file, and the figures (median times to acknowledge and to first action
 * over 30 days, cases by category and by outcome).
 */
import { subDays } from 'date-fns/subDays';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { now } from '../../../clock.ts';
import type { AbuseCaseDetail, AbuseCaseSummary, AbuseFigures } from '../../../contract/compliance/abuse-desk.ts';
import { formatCaseNumber, parseCaseNumber } from '../../../contract/compliance/abuse.ts';
import type { ListResult } from '../../../contract/list.ts';
import { abuseCaseEvents, abuseCases, abuseReports, complianceSettings, dnsRecords, domains } from '../../../db/schema/index.ts';
import type { AbuseCaseRow as CaseRow } from '../../../db/schema/index.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import { caseClock, readFirstActionHours } from './abuse-clocks.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

function summarise(row: CaseRow, reports: number, firstActionHours: number, at: Date): AbuseCaseSummary {
  const clock = caseClock(row, firstActionHours, at);
  return {
    caseId: row.caseId,
    caseNumber: formatCaseNumber(row.caseId),
    domain: row.domain,
    category: row.category,
    status: row.status,
    reports,
    createDate: row.createDate.toISOString(),
    acknowledgedAt: iso(row.acknowledgedAt),
    acknowledgedBy: row.acknowledgedBy,
    firstActionAt: iso(row.firstActionAt),
    closedAt: iso(row.closedAt),
    outcome: row.outcome,
    acknowledgeBy: clock.acknowledgeBy.toISOString(),
    firstActionBy: clock.firstActionBy.toISOString(),
    acknowledgeOverdue: clock.acknowledgeOverdue,
    firstActionOverdue: clock.firstActionOverdue,
  };
}

export async function listAbuseCases(
  deps: Pick<Deps, 'db'>,
  query: { status: 'open' | 'closed' | 'all'; q?: string; limit: number; skip: number },
): Promise<ListResult<AbuseCaseSummary>> {
  const filters: SQL[] = [];
  if (query.status !== 'all') filters.push(eq(abuseCases.status, query.status));
  if (query.q) {
    const id = parseCaseNumber(query.q);
    filters.push(id ? eq(abuseCases.caseId, id) : ilike(abuseCases.domain, `%${query.q.replace(/[%_\\]/g, '\\$&')}%`));
  }
  const where = filters.length ? and(...filters) : undefined;
  const [{ total }] = await deps.db.select({ total: count() }).from(abuseCases).where(where);
  // Open cases oldest first (the most urgent clock on top); closed ones newest first.
  // Law-enforcement reports open above all others (their review clock is 24 hours).
  const lawEnforcementFirst = sql`(${abuseCases.status} = 'open' and ${abuseCases.category} = 'law-enforcement') desc`;
  const order =
    query.status === 'open'
      ? [lawEnforcementFirst, asc(abuseCases.createDate)]
      : [lawEnforcementFirst, sql`${abuseCases.status} = 'closed'`, desc(abuseCases.createDate)];
  const rows = await deps.db
    .select()
    .from(abuseCases)
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.skip);
  const counts = rows.length
    ? await deps.db
        .select({ caseId: abuseReports.caseId, n: count() })
        .from(abuseReports)
        .where(
          inArray(
            abuseReports.caseId,
            rows.map((r) => r.caseId),
          ),
        )
        .groupBy(abuseReports.caseId)
    : [];
  const hours = await readFirstActionHours(deps);
  const at = now();
  return {
    total,
    limit: query.limit,
    skip: query.skip,
    data: rows.map((row) => summarise(row, counts.find((c) => c.caseId === row.caseId)?.n ?? 0, hours, at)),
  };
}

export async function findCase(deps: Pick<Deps, 'db'>, caseId: number): Promise<CaseRow> {
  const [row] = await deps.db.select().from(abuseCases).where(eq(abuseCases.caseId, caseId));
  if (!row) throw new AppError(404, 'No such abuse case');
  return row;
}

export async function readAbuseCase(deps: Pick<Deps, 'db'>, caseId: number): Promise<AbuseCaseDetail> {
  const row = await findCase(deps, caseId);
  const reports = await deps.db
    .select({
      reportId: abuseReports.reportId,
      source: abuseReports.source,
      category: abuseReports.category,
      reporterEmail: abuseReports.reporterEmail,
      description: abuseReports.description,
      evidenceLinks: abuseReports.evidenceLinks,
      lawEnforcement: abuseReports.lawEnforcement,
      evidenceFileName: abuseReports.evidenceFileName,
      evidenceFileType: abuseReports.evidenceFileType,
      evidenceBytes: sql<number | null>`octet_length(${abuseReports.evidenceFile})`,
      createDate: abuseReports.createDate,
      acknowledgedAt: abuseReports.acknowledgedAt,
    })
    .from(abuseReports)
    .where(eq(abuseReports.caseId, caseId))
    .orderBy(asc(abuseReports.createDate));
  const events = await deps.db
    .select()
    .from(abuseCaseEvents)
    .where(eq(abuseCaseEvents.caseId, caseId))
    .orderBy(asc(abuseCaseEvents.createDate), asc(abuseCaseEvents.eventId));
  let sponsored: AbuseCaseDetail['sponsored'] = null;
  if (row.domainId) {
    const [domain] = await deps.db.select().from(domains).where(eq(domains.domainId, row.domainId));
    if (domain && domain.status !== 'deleted') {
      const records = await deps.db.select().from(dnsRecords).where(eq(dnsRecords.domainId, domain.domainId)).orderBy(asc(dnsRecords.dnsRecordId));
      sponsored = {
        domainId: domain.domainId,
        status: domain.status,
        locked: domain.locked,
        suspendedAt: iso(domain.suspendedAt),
        suspensionReason: domain.suspensionReason,
        websiteType: domain.websiteType,
        forwardUrl: domain.websiteType === 'forward' ? domain.forwardUrl : null,
        dnsRecords: records.map((r) => ({ dnsRecordId: r.dnsRecordId, type: r.type, host: r.host, data: r.data })),
      };
    }
  }
  return {
    ...summarise(row, reports.length, await readFirstActionHours(deps), now()),
    outcomeNote: row.outcomeNote,
    registrantReplyBy: iso(row.registrantReplyBy),
    sponsored,
    reportList: reports.map((r) => ({
      reportId: r.reportId,
      source: r.source,
      category: r.category,
      reporterEmail: r.reporterEmail,
      description: r.description,
      evidenceLinks: r.evidenceLinks,
      lawEnforcement: r.lawEnforcement,
      evidenceFile:
        r.evidenceFileName && r.evidenceBytes
          ? { name: r.evidenceFileName, type: r.evidenceFileType ?? 'application/octet-stream', bytes: r.evidenceBytes }
          : null,
      createDate: r.createDate.toISOString(),
      acknowledgedAt: iso(r.acknowledgedAt),
    })),
    timeline: events.map((e) => ({
      eventId: e.eventId,
      kind: e.kind,
      actor: e.actor,
      reason: e.reason,
      detail: e.detail,
      createDate: e.createDate.toISOString(),
    })),
  };
}

export async function readEvidenceFile(deps: Pick<Deps, 'db'>, caseId: number, reportId: number): Promise<{ name: string; type: string; bytes: Buffer }> {
  const [row] = await deps.db
    .select({ name: abuseReports.evidenceFileName, type: abuseReports.evidenceFileType, bytes: abuseReports.evidenceFile })
    .from(abuseReports)
    .where(and(eq(abuseReports.reportId, reportId), eq(abuseReports.caseId, caseId)));
  if (!row?.bytes || !row.name) throw new AppError(404, 'This report has no evidence file');
  return { name: row.name, type: row.type ?? 'application/octet-stream', bytes: row.bytes };
}

const hoursBetween = (later: AnyPgColumn, earlier: AnyPgColumn) =>
  sql<number | null>`percentile_cont(0.5) within group (order by extract(epoch from (${later} - ${earlier})) / 3600.0)`;

export async function abuseFigures(deps: Pick<Deps, 'db'>, days = 30): Promise<AbuseFigures> {
  const at = now();
  const since = subDays(at, days);
  const recent = gte(abuseCases.createDate, since);
  const [medians] = await deps.db
    .select({
      cases: count(),
      ack: hoursBetween(abuseCases.acknowledgedAt, abuseCases.createDate),
      first: hoursBetween(abuseCases.firstActionAt, abuseCases.createDate),
      close: hoursBetween(abuseCases.closedAt, abuseCases.createDate),
    })
    .from(abuseCases)
    .where(recent);
  const byCategory = await deps.db
    .select({ category: abuseCases.category, cases: count() })
    .from(abuseCases)
    .where(recent)
    .groupBy(abuseCases.category)
    .orderBy(desc(count()));
  const byOutcome = await deps.db
    .select({ outcome: sql<NonNullable<CaseRow['outcome']>>`${abuseCases.outcome}`, cases: count() })
    .from(abuseCases)
    .where(and(recent, isNotNull(abuseCases.outcome)))
    .groupBy(abuseCases.outcome)
    .orderBy(desc(count()));
  const open = await deps.db.select().from(abuseCases).where(eq(abuseCases.status, 'open'));
  const hours = await readFirstActionHours(deps);
  const round = (value: number | null) => (value === null ? null : Math.round(Number(value) * 100) / 100);
  return {
    days,
    cases: medians.cases,
    open: open.length,
    overdue: open.filter((row) => {
      const clock = caseClock(row, hours, at);
      return clock.acknowledgeOverdue || clock.firstActionOverdue;
    }).length,
    medianHoursToAcknowledge: round(medians.ack),
    medianHoursToFirstAction: round(medians.first),
    medianHoursToClose: round(medians.close),
    byCategory,
    byOutcome,
    firstActionHours: hours,
  };
}

export async function writeFirstActionHours(tx: Pick<Deps['db'], 'insert'>, hours: number): Promise<void> {
  await tx
    .insert(complianceSettings)
    .values({ settingsId: 1, firstActionHours: hours, modifyDate: now() })
    .onConflictDoUpdate({ target: complianceSettings.settingsId, set: { firstActionHours: hours, modifyDate: now() } });
}
