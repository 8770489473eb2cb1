/** Email through an SMTP server (SMTP_URL such as smtps://user:pass@smtp.example.com:465). */
import nodemailer from 'nodemailer';
import { hasEightBitBytes, type MailProvider } from './index.ts';

export function createSmtpMail(url: string, from: string): MailProvider {
  const transport = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send({ to, subject, text, autoSubmitted }) {
      await transport.sendMail({ from, to, subject, text, ...(autoSubmitted ? { headers: { 'Auto-Submitted': autoSubmitted } } : {}) });
    },
    async relay({ from: sender, to, raw }) {
      // An empty envelope sender goes out as MAIL FROM:<>; SIZE lets the next server refuse an oversized message early.
      await transport.sendMail({ envelope: { from: sender, to, use8BitMime: hasEightBitBytes(raw), size: raw.byteLength } as never, raw });
    },
  };
}
