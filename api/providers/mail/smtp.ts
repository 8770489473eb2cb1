/** Email through an SMTP server (SMTP_URL such as smtps://user:pass@smtp.example.com:465). */
import nodemailer from 'nodemailer';
import type { MailProvider } from './index.ts';

export function createSmtpMail(url: string, from: string): MailProvider {
  const transport = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send({ to, subject, text }) {
      await transport.sendMail({ from, to, subject, text });
    },
    async relay({ from: sender, to, raw }) {
      await transport.sendMail({ envelope: { from: sender, to }, raw });
    },
  };
}
