/** The abuse desk in the back office: what its screens read, and the actions staff take on a case (each with a reason). */
import '../zod-config.ts';
import { z } from 'zod';
import { reasonSchema } from '../audit/audit-schemas.ts';
import { type AbuseCategory, type AbuseOutcome, abuseOutcomes } from './abuse.ts';

export type AbuseCaseSummary = {
  caseId: number;
  caseNumber: string;
  domain: string;
  category: AbuseCategory;
  status: 'open' | 'closed';
  reports: number;
  createDate: string;
  acknowledgedAt: string | null;
  /** The staff member who acknowledged the case (the automatic email to the reporter does not count). */
  acknowledgedBy: string | null;
  firstActionAt: string | null;
  closedAt: string | null;
  outcome: AbuseOutcome | null;
  acknowledgeBy: string;
  firstActionBy: string;
  acknowledgeOverdue: boolean;
  firstActionOverdue: boolean;
};

export type AbuseReportView = {
  reportId: number;
  source: 'web' | 'email';
  category: AbuseCategory;
  reporterEmail: string;
  description: string;
  evidenceLinks: string[];
  /** Who in law enforcement sent it, when it is such a report. */
  lawEnforcement: { agency: string; officer: string; jurisdiction: string; contact: string } | null;
  evidenceFile: { name: string; type: string; bytes: number } | null;
  createDate: string;
  acknowledgedAt: string | null;
};

export type AbuseCaseEvent = {
  eventId: number;
  kind: string;
  actor: string;
  reason: string | null;
  detail: Record<string, unknown> | null;
  createDate: string;
};

/** Our domain of the reported name, when we sponsor it: what the desk may act on. */
export type AbuseCaseDomain = {
  domainId: number;
  status: string;
  locked: boolean;
  suspendedAt: string | null;
  suspensionReason: string | null;
  websiteType: string;
  forwardUrl: string | null;
  dnsRecords: { dnsRecordId: number; type: string; host: string; data: string }[];
};

export type AbuseCaseDetail = AbuseCaseSummary & {
  outcomeNote: string | null;
  registrantReplyBy: string | null;
  sponsored: AbuseCaseDomain | null;
  reportList: AbuseReportView[];
  timeline: AbuseCaseEvent[];
};

export type AbuseFigures = {
  days: number;
  cases: number;
  open: number;
  overdue: number;
  /** Median hours from report to acknowledgement and to the desk's first action, over cases reported in `days`. */
  medianHoursToAcknowledge: number | null;
  medianHoursToFirstAction: number | null;
  medianHoursToClose: number | null;
  byCategory: { category: AbuseCategory; cases: number }[];
  byOutcome: { outcome: AbuseOutcome; cases: number }[];
  firstActionHours: number;
};

export const abuseCaseListQuerySchema = z.object({
  status: z.enum(['open', 'closed', 'all']).default('open'),
  q: z.string().trim().max(253).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  skip: z.coerce.number().int().min(0).default(0),
});

export const askReporterSchema = z.strictObject({
  message: z.string().trim().min(10, 'Write what you need from the reporter').max(4000),
  reason: reasonSchema,
});
export const notifyRegistrantSchema = z.strictObject({
  message: z.string().trim().max(4000).optional(),
  replyDays: z.coerce.number().int().min(1).max(14).default(2),
  reason: reasonSchema,
});
export const withCaseReasonSchema = z.strictObject({ reason: reasonSchema });
export const removeContentSchema = z
  .strictObject({ dnsRecordIds: z.array(z.number().int().positive()).max(200).default([]), forwarding: z.boolean().default(false), reason: reasonSchema })
  .refine((v) => v.dnsRecordIds.length > 0 || v.forwarding, 'Choose the DNS records or the forwarding to remove');
export const closeCaseSchema = z
  .strictObject({ outcome: z.enum(abuseOutcomes, { error: 'Choose an outcome' }), note: z.string().trim().max(2000).default(''), reason: reasonSchema })
  .refine((v) => v.outcome !== 'no-action' || v.note.length >= 10, { message: 'Say why no action is taken (the reporter reads it)', path: ['note'] })
  .refine((v) => v.outcome !== 'referred' || v.note.length >= 3, { message: 'Say where the case was referred', path: ['note'] });
export const abuseSettingsSchema = z.strictObject({ firstActionHours: z.coerce.number().int().min(1).max(720), reason: reasonSchema });

export const abuseOutcomeLabels: Record<AbuseOutcome, string> = { mitigated: 'Mitigated', 'no-action': 'No action', referred: 'Referred' };

/** Staff's view of registrant verification. */
export const verificationRowSchema = z.strictObject({
  verificationId: z.number().int(),
  accountId: z.number().int(),
  email: z.string(),
  registrantName: z.string(),
  trigger: z.string(),
  status: z.enum(['pending', 'verified', 'superseded']),
  problems: z.array(z.string()),
  createDate: z.string(),
  deadline: z.string(),
  lastSentAt: z.string().nullable(),
  sendCount: z.number().int(),
  verifiedAt: z.string().nullable(),
  suspendedAt: z.string().nullable(),
  /** Verified, yet still on hold: names the registry has not released (retried by a job), with its last answer. */
  heldDomains: z.array(z.strictObject({ domain: z.string(), error: z.string() })),
});
export type VerificationRow = z.infer<typeof verificationRowSchema>;
export const verificationQuerySchema = z.object({
  q: z.string().trim().max(254).optional(),
  status: z.enum(['pending', 'verified', 'all']).default('pending'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  skip: z.coerce.number().int().min(0).default(0),
});
