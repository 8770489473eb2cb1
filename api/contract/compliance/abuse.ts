/** The abuse desk's shared words: report categories (RAA §3.18 and the 2024 DNS-abuse amendment), outcomes, limits, case numbers. */
import '../zod-config.ts';
import { z } from 'zod';

export const abuseCategories = ['phishing', 'malware', 'botnet', 'pharming', 'spam', 'law-enforcement', 'other'] as const;
export type AbuseCategory = (typeof abuseCategories)[number];

export const abuseCategoryLabels: Record<AbuseCategory, string> = {
  phishing: 'Phishing',
  malware: 'Malware',
  botnet: 'Botnet command and control',
  pharming: 'Pharming',
  spam: 'Spam used to deliver one of these',
  'law-enforcement': 'Law enforcement request',
  other: 'Other',
};

export const abuseOutcomes = ['mitigated', 'no-action', 'referred'] as const;
export type AbuseOutcome = (typeof abuseOutcomes)[number];

/** Evidence a reporter may attach: one file, of these types, up to this size. */
export const evidenceFileMaxBytes = 2 * 1024 * 1024;
export const evidenceFileTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'text/plain', 'message/rfc822'] as const;
export const evidenceLinksMax = 10;
export const abuseDescriptionMax = 5000;

/** Case numbers people read and quote: AC-10001 for case 1. */
export const formatCaseNumber = (caseId: number) => `AC-${10000 + caseId}`;
export function parseCaseNumber(text: string): number | null {
  const match = /^\s*(?:AC-?)?(\d{5,})\s*$/i.exec(text);
  if (!match) return null;
  const id = Number(match[1]) - 10000;
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

const linkSchema = z.url({ protocol: /^https?$/, error: 'Evidence links must be web addresses starting with http:// or https://' }).max(2000);

/** The Report abuse form, as the API reads it (multipart form fields; the file is checked apart). */
export const abuseReportSchema = z
  .strictObject({
    domain: z.string().trim().toLowerCase().min(1, 'Enter the domain you are reporting').max(253),
    category: z.enum(abuseCategories, { error: 'Choose what kind of abuse it is' }),
    description: z
      .string()
      .trim()
      .min(10, 'Describe what you saw (at least 10 characters)')
      .max(abuseDescriptionMax, `Keep the description under ${abuseDescriptionMax} characters`),
    evidenceLinks: z
      .string()
      .optional()
      .transform((text) => (text ?? '').split(/\s+/).filter(Boolean))
      .pipe(z.array(linkSchema).max(evidenceLinksMax, `Give at most ${evidenceLinksMax} evidence links`)),
    reporterEmail: z.email('Enter your email address so we can tell you what we did').trim().toLowerCase().max(254),
    token: z.string().min(1, 'Please complete the bot check'),
    /** A law-enforcement report: the agency, the officer, the jurisdiction, and a contact we can check is theirs. */
    agency: z.string().trim().max(200).optional(),
    officer: z.string().trim().max(200).optional(),
    jurisdiction: z.string().trim().max(200).optional(),
    officerContact: z.string().trim().max(300).optional(),
  })
  .superRefine((report, ctx) => {
    if (report.category !== 'law-enforcement') return;
    const missing: [keyof typeof report, string][] = [
      ['agency', 'Name your agency'],
      ['officer', 'Give the name of the officer handling it'],
      ['jurisdiction', 'Give your jurisdiction (country, and state or region)'],
      ['officerContact', 'Give an official phone number or email address we can check is your agency’s'],
    ];
    for (const [field, message] of missing) if (!report[field]) ctx.addIssue({ code: 'custom', path: [field], message });
  });
/** Law enforcement reviews: the first staff action on such a case within this many hours (RAA §3.18.2). */
export const lawEnforcementReviewHours = 24;
export type AbuseReportInput = z.infer<typeof abuseReportSchema>;

/** POST /api/abuseReports: the case opened, and what the reporter is told. */
export const abuseReportAnswerSchema = z.strictObject({ caseNumber: z.string(), message: z.string() });
export type AbuseReportAnswer = z.infer<typeof abuseReportAnswerSchema>;
