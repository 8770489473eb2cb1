/** Outgoing text messages. */
export type SmsMessage = { to: string; body: string };

export interface SmsProvider {
  readonly name: 'sandbox' | 'http';
  send(message: SmsMessage): Promise<void>;
}
