/** Outgoing email. */
export type MailMessage = { to: string; subject: string; text: string };

export interface MailProvider {
  readonly name: 'sandbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
}
