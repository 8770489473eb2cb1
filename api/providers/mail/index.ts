/** Outgoing email. */
export type MailMessage = { to: string; subject: string; text: string };

export interface MailProvider {
  readonly name: 'sandbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  /** Passes on a received message unchanged (a forward): `raw` is the whole RFC 5322 message, `from` the envelope sender. */
  relay(message: RelayedMessage): Promise<void>;
}

export type RelayedMessage = { from: string; to: string; raw: string; subject: string | null };
