/** What the abuse-mailbox job needs of a mailbox (index.ts chooses one; imap.ts reads one over IMAP). */
export type MailboxMessage = { uid: number; raw: Buffer };

export interface AbuseMailbox {
  readonly name: 'imap';
  /**
   * Hands every unread message to `handle`, oldest first, and marks it read (\Seen) once `handle` has taken it; a
   * message whose `handle` throws stays unread for the next pass. Answers how many were taken.
   */
  readUnread(handle: (message: MailboxMessage) => Promise<void>, options?: { max?: number }): Promise<{ taken: number; left: number }>;
}
