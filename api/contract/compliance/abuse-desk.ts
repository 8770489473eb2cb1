/** The abuse desk in the back office: what its screens read, and the actions staff take on a case (each with a reason). */
import '../zod-config.ts';
import { z } from 'zod';
import { reasonSchema } from '../audit/audit-schemas.ts';
import { type AbuseOutcome, abuseCategories, abuseOutcomes } from './abuse.ts';

const categorySchema = z.enum(abuseCategories);

export const abuseCaseSummarySchema = z.strictObject({
  caseId: z.number().int(),
  caseNumber: z.string(),
  domain: z.string(),
  category: categorySchema,
  status: z.enum(['open', 'closed']),
  reports: z.number().int(),
  createDate: z.string(),
  acknowledgedAt: z.string().nullable(),
  /** The staff member who acknowledged the case (the automatic email to the reporter does not count). */
  acknowledgedBy: z.string().nullable(),
  firstActionAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  outcome: z.enum(abuseOutcomes).nullable(),
  acknowledgeBy: z.string(),
  firstActionBy: z.string(),
  acknowledgeOverdue: z.boolean(),
  firstActionOverdue: z.boolean(),
});
export type AbuseCaseSummary = z.infer<typeof abuseCaseSummarySchema>;

export const abuseReportViewSchema = z.strictObject({
  reportId: z.number().int(),
  source: z.enum(['web', 'email']),
  category: categorySchema,
  reporterEmail: z.string(),
  description: z.string(),
  evidenceLinks: z.array(z.string()),
  /** Who in law enforcement sent it, when it is such a report. */
  lawEnforcement: z.strictObject({ agency: z.string(), officer: z.string(), jurisdiction: z.string(), contact: z.string() }).nullable(),
  evidenceFile: z.strictObject({ name: z.string(), type: z.string(), bytes: z.number().int() }).nullable(),
  createDate: z.string(),
  acknowledgedAt: z.string().nullable(),
});
export type AbuseReportView = z.infer<typeof abuseReportViewSchema>;

export const abuseCaseEventSchema = z.strictObject({
  eventId: z.number().int(),
  kind: z.string(),
  actor: z.string(),
  reason: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  createDate: z.string(),
});
export type AbuseCaseEvent = z.infer<typeof abuseCaseEventSchema>;

/** Our domain of the reported name, when we sponsor it: what the desk may act on. */
export const abuseCaseDomainSchema = z.strictObject({
  domainId: z.number().int(),
  status: z.string(),
  locked: z.boolean(),
  suspendedAt: z.string().nullable(),
  suspensionReason: z.string().nullable(),
  websiteType: z.string(),
  forwardUrl: z.string().nullable(),
  dnsRecords: z.array(z.strictObject({ dnsRecordId: z.number().int(), type: z.string(), host: z.string(), data: z.string() })),
});
export type AbuseCaseDomain = z.infer<typeof abuseCaseDomainSchema>;

export const abuseCaseDetailSchema = z.strictObject({
  ...abuseCaseSummarySchema.shape,
  outcomeNote: z.string().nullable(),
  registrantReplyBy: z.string().nullable(),
  sponsored: abuseCaseDomainSchema.nullable(),
  reportList: z.array(abuseReportViewSchema),
  timeline: z.array(abuseCaseEventSchema),
});
export type AbuseCaseDetail = z.infer<typeof abuseCaseDetailSchema>;

export const abuseFiguresSchema = z.strictObject({
  days: z.number().int(),
  cases: z.number().int(),
  open: z.number().int(),
  overdue: z.number().int(),
  /** Median hours from report to acknowledgement and to the desk's first action, over cases reported in `days`. */
  medianHoursToAcknowledge: z.number().nullable(),
  medianHoursToFirstAction: z.number().nullable(),
  medianHoursToClose: z.number().nullable(),
  byCategory: z.array(z.strictObject({ category: categorySchema, cases: z.number().int() })),
  byOutcome: z.array(z.strictObject({ outcome: z.enum(abuseOutcomes), cases: z.number().int() })),
  firstActionHours: z.number().int(),
});
export type AbuseFigures = z.infer<typeof abuseFiguresSchema>;

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
