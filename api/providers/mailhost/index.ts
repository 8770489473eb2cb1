/**
 * Mail hosting: the server that holds customers' mailboxes and forwards. The API creates, changes and deletes them
 * here; passwords arrive already hashed (argon2id), so the plain password never leaves the API process.
 */

/** The mail server refused or could not be reached: the change did not happen (or is unknown), say so to the customer. */
export class MailHostError extends Error {}

export type MailboxInput = { address: string; passwordHash: string; quotaBytes: number };

export interface MailHostProvider {
  readonly name: 'sandbox' | 'stalwart';
  /** Starts hosting mail for a domain (idempotent). */
  addDomain(domain: string): Promise<void>;
  /** Stops hosting the domain: deletes every mailbox (with its messages and folders) and forward on it (idempotent). */
  removeDomain(domain: string): Promise<void>;
  createMailbox(input: MailboxInput): Promise<void>;
  createForward(input: { address: string; destination: string }): Promise<void>;
  setPassword(address: string, passwordHash: string): Promise<void>;
  setDestination(address: string, destination: string): Promise<void>;
  /** Deletes a mailbox (messages and folders) or a forward (idempotent). */
  deleteAddress(address: string, kind: 'mailbox' | 'forward'): Promise<void>;
  /** Bytes a mailbox holds. */
  usage(address: string): Promise<number>;
  close?(): Promise<void>;
}

/** The servers a mail client talks to (the set-up documents carry them). */
export type MailClientSettings = { imapHost: string; imapPort: number; smtpHost: string; smtpPort: number };
