/** Outgoing email. */
/** `autoSubmitted`: mail no person wrote, marked so (RFC 3834) that the other side's auto-responders do not answer it. */
export type MailMessage = { to: string; subject: string; text: string; autoSubmitted?: 'auto-replied' | 'auto-generated' };

export interface MailProvider {
  readonly name: 'sandbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  /** Passes on a received message as it is (a forward, a returned bounce, a delivery status notification). */
  relay(message: RelayedMessage): Promise<void>;
}

/**
 * `raw`: the whole RFC 5322 message, sent byte for byte; `from`: the envelope sender (MAIL FROM), '' for the null
 * sender `<>` that bounces carry (RFC 5321 §4.5.5).
 */
export type RelayedMessage = { from: string; to: string; raw: Buffer; subject: string | null };

/** Whether a message has bytes outside 7-bit ASCII, so the relay must announce BODY=8BITMIME (RFC 6152). */
export const hasEightBitBytes = (raw: Buffer) => raw.some((byte) => byte > 0x7f);
