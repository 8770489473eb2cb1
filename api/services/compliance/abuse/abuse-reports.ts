/**
 * The public Report abuse page (POST /api/abuseReports, bot-checked by the route): rate limits per address and per
 * reporter, the domain and the evidence file checked, then filed into its domain's case.
 */
import { fileTypeFromBuffer } from './evidence-type.ts';
import { type AbuseReportAnswer, type AbuseReportInput, evidenceFileMaxBytes, evidenceFileTypes } from '../../../contract/compliance/abuse.ts';
import { isDomainName, normaliseDomainInput } from '../../../contract/domain-name.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import { enforce } from '../../platform/rate-limit.ts';
import { fileAbuseReport } from './abuse-cases.ts';

export type EvidenceUpload = { name: string; type: string; bytes: Buffer };

/** The reported name as the case keeps it: lower-case A-label, no scheme, path or www. */
export function reportedDomain(input: string): string {
  const parsed = normaliseDomainInput(input);
  const ascii = parsed.ok ? parsed.ascii : input.trim().toLowerCase();
  if (!isDomainName(ascii)) throw new AppError(400, 'Enter the domain name you are reporting, such as example.com');
  return ascii;
}

/**
 * The reporter a limit counts: the address lower-cased with any plus tag dropped, since `victim+1@` and `Victim@` reach
 * the same mailbox and must not each get a reporter's allowance.
 */
export function reporterKey(address: string): string {
  const email = address.trim().toLowerCase();
  const at = email.lastIndexOf('@');
  if (at < 1) return email;
  const local = email.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus > 0 ? local.slice(0, plus) : local}${email.slice(at)}`;
}

export function checkEvidenceFile(file: EvidenceUpload): EvidenceUpload {
  if (file.bytes.length === 0) throw new AppError(400, 'The evidence file is empty.');
  if (file.bytes.length > evidenceFileMaxBytes) throw new AppError(413, `The evidence file is larger than ${evidenceFileMaxBytes / 1024 / 1024} MB.`);
  // The browser's word for the type is not trusted: the bytes decide.
  const type = fileTypeFromBuffer(file.bytes, file.type);
  if (!type || !(evidenceFileTypes as readonly string[]).includes(type)) {
    throw new AppError(415, 'Attach a screenshot (PNG, JPEG, GIF, WebP), a PDF, a text file or a saved email (.eml).');
  }
  return { name: file.name.replace(/[^\w.\- ]+/g, '_').slice(0, 120) || 'evidence', type, bytes: file.bytes };
}

export async function submitAbuseReport(
  deps: Pick<Deps, 'db' | 'jobs' | 'config'>,
  input: Omit<AbuseReportInput, 'token'> & { file: EvidenceUpload | null },
  clientIp: string,
): Promise<AbuseReportAnswer> {
  const reporter = reporterKey(input.reporterEmail);
  await enforce(
    deps.db,
    [
      { key: `abuse-report:ip:${clientIp}`, max: 10, windowSeconds: 3600 },
      { key: `abuse-report:reporter:${reporter}`, max: 5, windowSeconds: 3600 },
      { key: `abuse-report:reporter-day:${reporter}`, max: 20, windowSeconds: 24 * 3600 },
    ],
    'You have sent several reports already.',
  );
  const domain = reportedDomain(input.domain);
  const file = input.file ? checkEvidenceFile(input.file) : null;
  const filed = await fileAbuseReport(deps, {
    source: 'web',
    domain,
    category: input.category,
    description: input.description,
    evidenceLinks: input.evidenceLinks,
    reporterEmail: input.reporterEmail,
    file,
    clientIp,
    lawEnforcement:
      input.category === 'law-enforcement'
        ? { agency: input.agency ?? '', officer: input.officer ?? '', jurisdiction: input.jurisdiction ?? '', contact: input.officerContact ?? '' }
        : null,
  });
  return {
    caseNumber: filed.caseNumber,
    message: `Thank you. Your report about ${domain} is case ${filed.caseNumber}; we have emailed you a confirmation and will tell you the outcome.`,
  };
}
