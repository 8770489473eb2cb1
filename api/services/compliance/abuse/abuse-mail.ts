/**
 * Reports mailed to the abuse address (REGISTRAR_ABUSE_EMAIL) through the built-in mail receiver: the message is read
 * with mailparser, the reported domain is the first name in the subject or body that we sponsor (else the first
 * name in the subject), the category is guessed from its words, the first allowed attachment is kept as evidence.
 * Then it becomes a case exactly as a web report does.
 */
import { simpleParser } from 'mailparser';
import { and, inArray, ne } from 'drizzle-orm';
import brand from '../../../../content/brand.json' with { type: 'json' };
import type { AbuseCategory } from '../../../contract/compliance/abuse.ts';
import { abuseDescriptionMax, evidenceLinksMax } from '../../../contract/compliance/abuse.ts';
import { isDomainName } from '../../../contract/domain-name.ts';
import { domains } from '../../../db/schema/index.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import { queueMessage } from '../../platform/messages.ts';
import { enforce } from '../../platform/rate-limit.ts';
import { fileAbuseReport } from './abuse-cases.ts';
import { checkEvidenceFile, reporterKey } from './abuse-reports.ts';

/** Whether the receiver should take mail for this recipient as a report for the desk. */
export function isAbuseDeskAddress(deps: Pick<Deps, 'config'>, address: string): boolean {
  return address.trim().toLowerCase() === deps.config.registrar.abuseEmail.toLowerCase();
}

const categoryWords: [AbuseCategory, RegExp][] = [
  ['phishing', /phish|credential|fake login|spoof/i],
  ['malware', /malware|ransomware|trojan|virus|infect/i],
  ['botnet', /botnet|command[- ]and[- ]control|\bc2\b|\bc&c\b/i],
  ['pharming', /pharming|dns hijack/i],
  ['spam', /\bspam/i],
];

const domainPattern = /\b((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{1,62})\b/gi;

function domainsIn(text: string): string[] {
  return [...new Set([...text.matchAll(domainPattern)].map((m) => m[1].toLowerCase()).filter(isDomainName))];
}

type ParsedMail = Awaited<ReturnType<typeof simpleParser>>;

/**
 * Mail no person wrote, which must never open a case or get an answer (two auto-responders would answer each other for
 * ever): `Auto-Submitted` other than `no` (RFC 3834), `Precedence: bulk, junk, list or auto_reply`, the common
 * auto-responder headers, mail from our own addresses, and anything about our own acknowledgements.
 */
export function automaticMailReason(deps: Pick<Deps, 'config'>, mail: ParsedMail): string | null {
  const header = (name: string) => {
    const value = mail.headers.get(name);
    return value === undefined ? null : String(typeof value === 'object' && value && 'value' in value ? value.value : value).toLowerCase();
  };
  const autoSubmitted = header('auto-submitted');
  if (autoSubmitted && autoSubmitted.trim() !== 'no') return `Auto-Submitted: ${autoSubmitted}`;
  const precedence = header('precedence');
  if (precedence && /bulk|junk|list|auto_reply/.test(precedence)) return `Precedence: ${precedence}`;
  for (const name of ['x-autoreply', 'x-autorespond', 'x-auto-response-suppress']) if (header(name)) return name;
  const from = mail.from?.value[0]?.address?.toLowerCase() ?? '';
  const ours = [deps.config.registrar.abuseEmail, deps.config.MAIL_FROM.replace(/^.*<|>.*$/g, '')].map((a) => a.toLowerCase());
  if (ours.includes(from)) return 'sent by us';
  if (/we received your abuse report about/i.test(mail.subject ?? '')) return 'about our own acknowledgement';
  return null;
}

export type MailedReportOutcome = { filed: true; caseNumber: string } | { filed: false; reason: string };

export async function recordAbuseMail(deps: Pick<Deps, 'db' | 'jobs' | 'config'>, raw: string | Buffer): Promise<MailedReportOutcome> {
  const mail = await simpleParser(raw);
  const automatic = automaticMailReason(deps, mail);
  if (automatic) return { filed: false, reason: `automatic mail (${automatic})` };
  const reporter = mail.from?.value[0]?.address?.toLowerCase();
  if (!reporter) return { filed: false, reason: 'no sender' };
  try {
    await enforce(deps.db, [{ key: `abuse-mail:${reporterKey(reporter)}`, max: 20, windowSeconds: 3600 }], 'Too many reports.');
  } catch {
    return { filed: false, reason: 'rate limited' };
  }
  const subject = mail.subject ?? '';
  const body = mail.text ?? '';
  const ownDomains = new Set([reporter.slice(reporter.indexOf('@') + 1), deps.config.registrar.abuseEmail.split('@')[1]]);
  const candidates = [...domainsIn(subject), ...domainsIn(body)].filter((d) => !ownDomains.has(d));
  const sponsored = candidates.length
    ? await deps.db
        .select({ domain: domains.domain })
        .from(domains)
        .where(and(inArray(domains.domain, candidates), ne(domains.status, 'deleted')))
    : [];
  const domain = candidates.find((c) => sponsored.some((s) => s.domain === c)) ?? domainsIn(subject).find((d) => !ownDomains.has(d));
  if (!domain) {
    await queueMessage(deps.jobs, {
      channel: 'email',
      to: reporter,
      subject: `Re: ${subject || 'your abuse report'}`,
      text: `We could not find the domain name your report is about. Please write it in the subject, or use the Report abuse form: ${deps.config.publicOrigin}/report-abuse\n\n${brand.name} abuse desk`,
    });
    return { filed: false, reason: 'no domain' };
  }
  const words = `${subject}\n${body}`;
  const category = categoryWords.find(([, pattern]) => pattern.test(words))?.[0] ?? 'other';
  const links = [...new Set(body.match(/https?:\/\/[^\s<>"]+/g) ?? [])].slice(0, evidenceLinksMax);
  let file = null;
  for (const attachment of mail.attachments) {
    try {
      file = checkEvidenceFile({ name: attachment.filename ?? 'attachment', type: attachment.contentType, bytes: attachment.content });
      break;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  const description = `${subject ? `Subject: ${subject}\n\n` : ''}${body}`.trim().slice(0, abuseDescriptionMax) || '(empty message)';
  const filed = await fileAbuseReport(deps, {
    source: 'email',
    domain,
    category,
    description,
    evidenceLinks: links,
    reporterEmail: reporter,
    file,
    messageId: mail.messageId ?? null,
  });
  return { filed: true, caseNumber: filed.caseNumber };
}
