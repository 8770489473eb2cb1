/**
 * Delivery status notifications (RFC 3464, RFC 3462's multipart/report): when a message was accepted for several
 * recipients and some of them failed afterwards, the sender is told which, and why, in the form every mail client
 * and mailing-list manager reads. Sent from the null sender `<>` (RFC 5321 §4.5.5), so it is never bounced in turn.
 */
import { randomBytes } from 'node:crypto';
import { now } from '../../clock.ts';

export type FailedRecipient = {
  /** The address as the sender gave it at RCPT. */
  address: string;
  /** Enhanced status code (RFC 3463), e.g. 5.2.2. */
  status: string;
  /** The SMTP reply the failure amounts to, e.g. "552 5.2.2 Mailbox full". */
  diagnostic: string;
};

/** RFC 5322 date-time in UTC, e.g. "Tue, 24 Nov 2026 10:00:00 +0000". */
export function mailDate(date = now()): string {
  return date.toUTCString().replace(/GMT$/, '+0000');
}

/** The header block of a message (without the blank line), as text for quoting. */
export function headerBlock(raw: Buffer): Buffer {
  const crlf = raw.indexOf('\r\n\r\n');
  const lf = raw.indexOf('\n\n');
  const end = crlf !== -1 && (lf === -1 || crlf < lf) ? crlf + 2 : lf !== -1 ? lf + 1 : raw.length;
  return raw.subarray(0, end);
}

const crlf = (text: string) => text.replace(/\r?\n/g, '\r\n');

export function buildDeliveryStatusNotification(input: {
  reportingMta: string;
  originalSender: string;
  arrivalDate: Date;
  failures: readonly FailedRecipient[];
  original: Buffer;
}): Buffer {
  const boundary = `=_dsn_${randomBytes(12).toString('hex')}`;
  const list = input.failures.map((f) => `  <${f.address}>: ${f.diagnostic}`).join('\n');
  const explanation = [
    `This is the mail system at ${input.reportingMta}.`,
    '',
    `Your message could not be delivered to ${input.failures.length === 1 ? 'one of its recipients' : `${input.failures.length} of its recipients`}.`,
    'It was delivered to every other recipient; do not send it to them again.',
    '',
    list,
  ].join('\n');
  const perMessage = [`Reporting-MTA: dns; ${input.reportingMta}`, `Arrival-Date: ${mailDate(input.arrivalDate)}`].join('\n');
  const perRecipient = input.failures
    .map((f) => [`Final-Recipient: rfc822; ${f.address}`, 'Action: failed', `Status: ${f.status}`, `Diagnostic-Code: smtp; ${f.diagnostic}`].join('\n'))
    .join('\n\n');
  const head = crlf(
    [
      `From: Mail Delivery System <MAILER-DAEMON@${input.reportingMta}>`,
      `To: <${input.originalSender}>`,
      `Subject: Undelivered Mail Returned to Sender`,
      `Date: ${mailDate()}`,
      `Message-ID: <${randomBytes(12).toString('hex')}@${input.reportingMta}>`,
      'Auto-Submitted: auto-replied',
      'MIME-Version: 1.0',
      `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      explanation,
      '',
      `--${boundary}`,
      'Content-Type: message/delivery-status',
      '',
      perMessage,
      '',
      perRecipient,
      '',
      `--${boundary}`,
      'Content-Type: text/rfc822-headers',
      '',
      '',
    ].join('\n'),
  );
  // The original's header is quoted as it came (any charset); its body is not returned.
  return Buffer.concat([Buffer.from(head), headerBlock(input.original), Buffer.from(`\r\n--${boundary}--\r\n`)]);
}
