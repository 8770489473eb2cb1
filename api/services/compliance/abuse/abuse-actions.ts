/**
 * What compliance staff do on a case (RAA §3.18, the 2024 DNS-abuse amendment): ask the reporter for more, notify the
 * registrant with a reply deadline, suspend (clientHold, our DNS silent, the reason in My Domains), lock against
 * transfer, remove the DNS records or forwarding that carry the abuse, close with an outcome (reporter and registrant
 * told). Each is on the case's timeline and in the audit log with the reason typed for it, and the first of them
 * stops the case's first-action clock.
 */
import { addDays } from 'date-fns/addDays';
import { and, eq, inArray, sql } from 'drizzle-orm';
import brand from '../../../../content/brand.json' with { type: 'json' };
import { now } from '../../../clock.ts';
import type { AbuseOutcome } from '../../../contract/compliance/abuse.ts';
import { abuseCategoryLabels, formatCaseNumber } from '../../../contract/compliance/abuse.ts';
import type { Tx } from '../../../db/client.ts';
import { abuseCases, abuseReports, accounts, dnsRecords, domains, users } from '../../../db/schema/index.ts';
import type { DomainRow, AbuseCaseRow as CaseRow } from '../../../db/schema/index.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import { recordAudit, requireReason, type StaffActor } from '../../audit/audit-log.ts';
import { recordZoneChange, zoneRecordsNow } from '../../dns/zone-changes.ts';
import { syncZone } from '../../dns/zone.ts';
import { suspensionLiftedNotice, suspensionNotice } from '../../domains/suspension-notice.ts';
import { liftSuspension, suspendDomain } from '../../domains/suspensions.ts';
import type { LockBefore } from '../../journal/intent-kinds.ts';
import { carryOutIntent, linkIntentAudit, recordIntent } from '../../journal/registry-intents.ts';
import { queueMessage } from '../../platform/messages.ts';
import { recordCaseEvent } from './abuse-cases.ts';
import { findCase, writeFirstActionHours } from './abuse-desk.ts';

type DeskDeps = Pick<Deps, 'db' | 'jobs' | 'config' | 'providers'>;

const dateWords = (date: Date) => date.toUTCString().replace(/:\d\d GMT$/, ' UTC');

async function openCase(deps: Pick<Deps, 'db'>, caseId: number): Promise<CaseRow> {
  const row = await findCase(deps, caseId);
  if (row.status !== 'open') throw new AppError(409, `Case ${formatCaseNumber(caseId)} is closed`);
  return row;
}

async function sponsoredDomain(deps: Pick<Deps, 'db'>, row: CaseRow): Promise<DomainRow> {
  const [domain] = row.domainId ? await deps.db.select().from(domains).where(eq(domains.domainId, row.domainId)) : [];
  if (!domain || domain.status === 'deleted') throw new AppError(409, `${row.domain} is not a domain we sponsor: refer the case to its registrar or host`);
  return domain;
}

async function registrantEmail(deps: Pick<Deps, 'db'>, accountId: number): Promise<string | null> {
  const [account] = await deps.db.select({ contact: accounts.registrantContact }).from(accounts).where(eq(accounts.accountId, accountId));
  if (account?.contact?.email) return account.contact.email;
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.accountId, accountId)).limit(1);
  return user?.email ?? null;
}

async function reporterEmails(deps: Pick<Deps, 'db'>, caseId: number): Promise<string[]> {
  const rows = await deps.db.selectDistinct({ email: abuseReports.reporterEmail }).from(abuseReports).where(eq(abuseReports.caseId, caseId));
  return rows.map((r) => r.email);
}

/**
 * The timeline event, the audit entry and the first-action clock, inside the action's transaction. Acting on a case
 * that nobody acknowledged yet acknowledges it too: whoever acts has read it.
 */
async function recordAction(
  tx: Tx,
  actor: StaffActor,
  row: CaseRow,
  input: { kind: string; action: string; reason: string; detail?: Record<string, unknown>; accountId?: number | null; customerSummary?: string },
): Promise<{ auditId: number }> {
  const time = now();
  await recordCaseEvent(tx, { caseId: row.caseId, kind: input.kind, actor: actor.email ?? 'system', reason: input.reason, detail: input.detail ?? null });
  await tx
    .update(abuseCases)
    .set({
      firstActionAt: sql`coalesce(${abuseCases.firstActionAt}, ${time.toISOString()}::timestamptz)`,
      acknowledgedAt: sql`coalesce(${abuseCases.acknowledgedAt}, ${time.toISOString()}::timestamptz)`,
      acknowledgedBy: sql`coalesce(${abuseCases.acknowledgedBy}, ${actor.email ?? 'system'})`,
      modifyDate: time,
    })
    .where(eq(abuseCases.caseId, row.caseId));
  return recordAudit(tx, actor, {
    action: input.action,
    targetType: 'abuse-case',
    targetId: row.caseId,
    targetLabel: `${formatCaseNumber(row.caseId)} ${row.domain}`,
    accountId: input.accountId ?? null,
    after: input.detail ?? null,
    reason: input.reason,
    customerSummary: input.customerSummary,
  });
}

export async function askReporter(deps: DeskDeps, actor: StaffActor, caseId: number, input: { message: string; reason: string }): Promise<void> {
  const row = await openCase(deps, caseId);
  const to = await reporterEmails(deps, caseId);
  const caseNumber = formatCaseNumber(caseId);
  await deps.db.transaction((tx) =>
    recordAction(tx, actor, row, { kind: 'reporter-asked', action: 'abuse.ask-reporter', reason: input.reason, detail: { to, message: input.message } }),
  );
  for (const address of to) {
    await queueMessage(deps.jobs, {
      channel: 'email',
      to: address,
      subject: `About your abuse report on ${row.domain} (case ${caseNumber})`,
      text: `${input.message}\n\nPlease reply to ${deps.config.registrar.abuseEmail} and quote case ${caseNumber}.\n\n${brand.name} abuse desk`,
    });
  }
}

export async function notifyRegistrant(
  deps: DeskDeps,
  actor: StaffActor,
  caseId: number,
  input: { message?: string; replyDays: number; reason: string },
): Promise<{ replyBy: string }> {
  const row = await openCase(deps, caseId);
  const domain = await sponsoredDomain(deps, row);
  const to = await registrantEmail(deps, domain.accountId);
  if (!to) throw new AppError(409, `${row.domain} has no registrant email to notify`);
  const [first] = await deps.db.select().from(abuseReports).where(eq(abuseReports.caseId, caseId)).orderBy(abuseReports.createDate).limit(1);
  const replyBy = addDays(now(), input.replyDays);
  const caseNumber = formatCaseNumber(caseId);
  await deps.db.transaction(async (tx) => {
    await tx.update(abuseCases).set({ registrantReplyBy: replyBy }).where(eq(abuseCases.caseId, caseId));
    await recordAction(tx, actor, row, {
      kind: 'registrant-notified',
      action: 'abuse.notify-registrant',
      reason: input.reason,
      detail: { replyBy: replyBy.toISOString(), message: input.message ?? null },
      accountId: domain.accountId,
      customerSummary: `We emailed the registrant about an abuse report concerning ${row.domain} (case ${caseNumber}).`,
    });
  });
  const evidence = first
    ? `${first.description.slice(0, 600)}${first.description.length > 600 ? '…' : ''}${first.evidenceLinks.length ? `\n\nReported addresses:\n${first.evidenceLinks.map((l) => `  ${l}`).join('\n')}` : ''}`
    : '';
  await queueMessage(deps.jobs, {
    channel: 'email',
    to,
    subject: `Abuse report about ${row.domain} (case ${caseNumber}): please reply by ${dateWords(replyBy)}`,
    text:
      `We received a report that ${row.domain}, registered with ${brand.name}, is used for ${abuseCategoryLabels[row.category].toLowerCase()}. ` +
      `ICANN requires us to investigate and to act on abuse.\n\nWhat was reported:\n${evidence}\n\n` +
      (input.message ? `${input.message}\n\n` : '') +
      `Please reply to ${deps.config.registrar.abuseEmail} by ${dateWords(replyBy)}, quoting case ${caseNumber}: tell us what the domain is used for and ` +
      'what you have done about the report. Without an answer, or if the abuse continues, the domain may be suspended.\n\n' +
      `${brand.name} abuse desk`,
  });
  return { replyBy: replyBy.toISOString() };
}

export async function suspendForAbuse(deps: DeskDeps, actor: StaffActor, caseId: number, input: { reason: string }): Promise<void> {
  requireReason('domain.suspend', input.reason);
  const row = await openCase(deps, caseId);
  const domain = await sponsoredDomain(deps, row);
  const caseNumber = formatCaseNumber(caseId);
  // The suspension, its audit row and the registry's hold commit together (a journal entry); the hold follows.
  await suspendDomain(
    deps,
    {
      domainId: domain.domainId,
      kind: 'abuse',
      reason: `Suspended by our abuse desk: ${row.domain} was reported for ${abuseCategoryLabels[row.category].toLowerCase()} (case ${caseNumber}). Reply to our email or write to ${deps.config.registrar.abuseEmail}.`,
      reference: caseNumber,
    },
    {
      actor,
      audit: (tx) =>
        recordAction(tx, actor, row, {
          kind: 'suspended',
          action: 'domain.suspend',
          reason: input.reason,
          detail: { domain: row.domain, kind: 'abuse' },
          accountId: domain.accountId,
          customerSummary: `We suspended ${row.domain} after an abuse report (case ${caseNumber}).`,
        }),
    },
  );
  const to = await registrantEmail(deps, domain.accountId);
  if (to) {
    const notice = suspensionNotice({
      domain: row.domain,
      why: `${row.domain} was reported to our abuse desk for ${abuseCategoryLabels[row.category].toLowerCase()} (case ${caseNumber}), and the evidence supports the report.`,
      howToLift: `reply to ${deps.config.registrar.abuseEmail} quoting case ${caseNumber}: tell us what you have done to stop the abuse (removed the content, secured the site). We lift the suspension once it has stopped.`,
      brandName: brand.name,
    });
    await queueMessage(deps.jobs, { channel: 'email', to, ...notice });
  }
}

export async function liftAbuseSuspension(deps: DeskDeps, actor: StaffActor, caseId: number, input: { reason: string }): Promise<{ stillSuspended: boolean }> {
  requireReason('domain.unsuspend', input.reason);
  const row = await findCase(deps, caseId);
  const domain = await sponsoredDomain(deps, row);
  const result = await liftSuspension(
    deps,
    { domainId: domain.domainId, kind: 'abuse' },
    {
      actor,
      audit: (tx, lifted) => {
        if (!lifted.lifted) throw new AppError(409, `${row.domain} is not suspended for this case`);
        return recordAction(tx, actor, row, {
          kind: 'suspension-lifted',
          action: 'domain.unsuspend',
          reason: input.reason,
          detail: { domain: row.domain, stillSuspended: lifted.stillSuspended },
          accountId: domain.accountId,
          customerSummary: `We lifted the abuse suspension of ${row.domain} (case ${formatCaseNumber(caseId)}).`,
        });
      },
    },
  );
  const to = await registrantEmail(deps, domain.accountId);
  if (to) {
    const notice = suspensionLiftedNotice({ domain: row.domain, stillSuspended: result.stillSuspended, brandName: brand.name });
    await queueMessage(deps.jobs, { channel: 'email', to, ...notice });
  }
  return { stillSuspended: result.stillSuspended };
}

/**
 * Locks the name against transfer: a journal entry (services/journal) like a staff lock: our record, the case's
 * timeline, its audit row and the registry intent commit together under the domain's row lock; the registry's lock
 * (a compliance duty: counted, never refused) follows after commit; a refusal unlocks our record again.
 */
export async function lockForAbuse(deps: DeskDeps, actor: StaffActor, caseId: number, input: { reason: string }): Promise<void> {
  requireReason('abuse.lock', input.reason);
  const row = await openCase(deps, caseId);
  const sponsored = await sponsoredDomain(deps, row);
  const intent = await deps.db.transaction(async (tx) => {
    const [domain] = await tx.select().from(domains).where(eq(domains.domainId, sponsored.domainId)).for('update');
    if (!domain || domain.status === 'deleted') throw new AppError(409, `${row.domain} is not a domain we sponsor: refer the case to its registrar or host`);
    if (domain.outboundTransferStatus) throw new AppError(409, `${row.domain} is being transferred away; cancel the transfer before locking it`);
    const before: LockBefore = { locked: domain.locked, authCode: domain.authCode, authCodeExpireDate: domain.authCodeExpireDate?.toISOString() ?? null };
    const intent = await recordIntent(tx, { kind: 'lock', domainId: domain.domainId, domain: domain.domain, actor, params: { before, caseId } });
    await tx.update(domains).set({ locked: true, authCode: null, authCodeExpireDate: null, modifyDate: now() }).where(eq(domains.domainId, domain.domainId));
    const entry = await recordAction(tx, actor, row, {
      kind: 'locked',
      action: 'abuse.lock',
      reason: input.reason,
      detail: { domain: row.domain, wasLocked: domain.locked, intentId: intent.intentId },
      accountId: domain.accountId,
      customerSummary: `We locked ${row.domain} against transfer while an abuse report is reviewed (case ${formatCaseNumber(caseId)}).`,
    });
    await linkIntentAudit(tx, intent.intentId, entry.auditId);
    return intent;
  });
  await carryOutIntent(deps, intent);
}

export async function removeAbusiveContent(
  deps: DeskDeps,
  actor: StaffActor,
  caseId: number,
  input: { dnsRecordIds: number[]; forwarding: boolean; reason: string },
): Promise<{ removedRecords: number; forwardingRemoved: boolean }> {
  requireReason('abuse.remove-content', input.reason);
  const row = await openCase(deps, caseId);
  const domain = await sponsoredDomain(deps, row);
  if (input.forwarding && domain.websiteType !== 'forward') throw new AppError(409, `${row.domain} does not forward anywhere`);
  const result = await deps.db.transaction(async (tx) => {
    const records = input.dnsRecordIds.length
      ? await tx
          .select()
          .from(dnsRecords)
          .where(and(eq(dnsRecords.domainId, domain.domainId), inArray(dnsRecords.dnsRecordId, input.dnsRecordIds)))
      : [];
    if (records.length !== input.dnsRecordIds.length) throw new AppError(400, `Some of those DNS records do not belong to ${row.domain}`);
    const before = await zoneRecordsNow(tx, domain.domainId);
    if (records.length) await tx.delete(dnsRecords).where(inArray(dnsRecords.dnsRecordId, input.dnsRecordIds));
    // The zone's history shows it too, as the team's, never a staff member's name (issue #25).
    await recordZoneChange(tx, domain.domainId, before, { source: 'staff', actor: 'Abuse team' });
    if (input.forwarding)
      await tx.update(domains).set({ websiteType: 'park', forwardUrl: null, modifyDate: now() }).where(eq(domains.domainId, domain.domainId));
    const removed = records.map((r) => `${r.host} ${r.type} ${r.data}`);
    await recordAction(tx, actor, row, {
      kind: 'content-removed',
      action: 'abuse.remove-content',
      reason: input.reason,
      detail: { records: removed, forwarding: input.forwarding ? domain.forwardUrl : null },
      accountId: domain.accountId,
      customerSummary: `We removed ${[removed.length ? `${removed.length} DNS record${removed.length === 1 ? '' : 's'}` : null, input.forwarding ? 'the forwarding' : null].filter(Boolean).join(' and ')} of ${row.domain} that carried reported abuse (case ${formatCaseNumber(caseId)}).`,
    });
    return { removedRecords: records.length, forwardingRemoved: input.forwarding };
  });
  await syncZone(deps, domain.domainId);
  return result;
}

const outcomeWords: Record<AbuseOutcome, (note: string) => string> = {
  mitigated: (note) => `We acted on the report and the abuse has been stopped.${note ? ` ${note}` : ''}`,
  'no-action': (note) => `We reviewed the report and are taking no action: ${note}`,
  referred: (note) => `We referred the case: ${note}`,
};

export async function closeAbuseCase(
  deps: DeskDeps,
  actor: StaffActor,
  caseId: number,
  input: { outcome: AbuseOutcome; note: string; reason: string },
): Promise<void> {
  requireReason('abuse.close', input.reason);
  const row = await openCase(deps, caseId);
  const [domain] = row.domainId ? await deps.db.select().from(domains).where(eq(domains.domainId, row.domainId)) : [];
  const caseNumber = formatCaseNumber(caseId);
  const time = now();
  await deps.db.transaction(async (tx) => {
    const closed = await tx
      .update(abuseCases)
      .set({ status: 'closed', outcome: input.outcome, outcomeNote: input.note || null, closedAt: time })
      .where(and(eq(abuseCases.caseId, caseId), eq(abuseCases.status, 'open')))
      .returning({ caseId: abuseCases.caseId });
    if (closed.length === 0) throw new AppError(409, `Case ${caseNumber} is closed`);
    await recordAction(tx, actor, row, {
      kind: 'closed',
      action: 'abuse.close',
      reason: input.reason,
      detail: { outcome: input.outcome, note: input.note || null },
      accountId: domain?.accountId ?? null,
    });
  });
  const words = outcomeWords[input.outcome](input.note);
  for (const address of await reporterEmails(deps, caseId)) {
    await queueMessage(deps.jobs, {
      channel: 'email',
      to: address,
      subject: `Your abuse report about ${row.domain} (case ${caseNumber}) is closed`,
      text: `Thank you for your report about ${row.domain}.\n\n${words}\n\n${brand.name} abuse desk`,
    });
  }
  const to = domain && domain.status !== 'deleted' ? await registrantEmail(deps, domain.accountId) : null;
  if (to) {
    await queueMessage(deps.jobs, {
      channel: 'email',
      to,
      subject: `The abuse case about ${row.domain} (case ${caseNumber}) is closed`,
      text: `The abuse report about ${row.domain} has been reviewed and the case is closed.\n\n${words}\n\nQuestions: ${deps.config.registrar.abuseEmail}, quoting case ${caseNumber}.\n\n${brand.name} abuse desk`,
    });
  }
}

export async function setFirstActionHours(deps: Pick<Deps, 'db'>, actor: StaffActor, input: { firstActionHours: number; reason: string }): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await writeFirstActionHours(tx, input.firstActionHours);
    await recordAudit(tx, actor, {
      action: 'abuse.settings',
      targetType: 'compliance-settings',
      targetId: 1,
      after: { firstActionHours: input.firstActionHours },
      reason: input.reason,
    });
  });
}

/**
 * A staff member opened the case and acknowledges it: this, not the automatic email to the reporter, stops the
 * acknowledgement clock. Acknowledging again changes nothing.
 */
export async function acknowledgeAbuseCase(deps: Pick<Deps, 'db'>, actor: StaffActor, caseId: number): Promise<void> {
  const row = await openCase(deps, caseId);
  if (row.acknowledgedAt) return;
  const time = now();
  await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(abuseCases)
      .set({ acknowledgedAt: time, acknowledgedBy: actor.email, modifyDate: time })
      .where(and(eq(abuseCases.caseId, caseId), sql`${abuseCases.acknowledgedAt} is null`))
      .returning({ caseId: abuseCases.caseId });
    if (!updated) return;
    await recordCaseEvent(tx, { caseId, kind: 'acknowledged', actor: actor.email ?? 'system' });
    await recordAudit(tx, actor, {
      action: 'abuse.acknowledge',
      targetType: 'abuse-case',
      targetId: caseId,
      targetLabel: `${formatCaseNumber(caseId)} ${row.domain}`,
    });
  });
}
