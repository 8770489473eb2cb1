/**
 * Mail hosting: the server that holds customers' mailboxes and forwards. The API creates, changes and deletes them
 * here; passwords arrive already hashed (argon2id), so the plain password never leaves the API process.
 */

/** The mail server refused or could not be reached: the change did not happen (or is unknown), say so to the customer. */
export class MailHostError extends Error {}

/**
 * The mail server hosts the domain for another owner: a name that left one account (its mail not removed yet) and
 * was registered again by another. Hosting it as well would hand the new owner the old owner's mailboxes.
 */
export class MailDomainTakenError extends MailHostError {}

/**
 * Who a hosted domain belongs to at the mail server: our `domains` row (a name registered again is a new row, so a
 * new owner), recorded with the domain so neither owner can take or remove the other's mail.
 */
export const mailDomainOwner = (domainId: number) => `dotspot-domain-${domainId}`;

export type MailboxInput = { address: string; passwordHash: string; quotaBytes: number };

export interface MailHostProvider {
  readonly name: 'sandbox' | 'stalwart';
  /**
   * Starts hosting mail for a domain on behalf of `owner` (mailDomainOwner): idempotent for the same owner, and
   * MailDomainTakenError while another owner holds it. A domain hosted before owners were recorded is adopted.
   */
  addDomain(domain: string, owner: string): Promise<void>;
  /**
   * Stops hosting the domain: deletes every mailbox (with its messages and folders) and forward on it (idempotent).
   * Only when the domain is hosted for `owner` (or for nobody recorded); otherwise nothing: a cleanup that runs late
   * never removes the mail of the name's next owner.
   */
  removeDomain(domain: string, owner: string): Promise<void>;
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
