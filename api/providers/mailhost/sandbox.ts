/**
 * The offline mail host: domains, mailboxes and forwards in PostgreSQL, shaped like the real server's (a domain must
 * be hosted before addresses on it; an address exists once; a domain belongs to one owner). The built-in SMTP
 * receiver reads it to relay forwards and store mailbox mail. Addresses and domains starting `refused-` are refused,
 * as a real server refuses a change it dislikes.
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { sandboxMailAddresses, sandboxMailDomains, sandboxMailMessages } from '../../db/schema/index.ts';
import { MailDomainTakenError, MailHostError, type MailHostProvider } from './index.ts';

export type SandboxRecipient = {
  kind: 'mailbox' | 'forward';
  address: string;
  destination: string | null;
  quotaBytes: number;
  usedBytes: number;
  /** Whom the address's domain is hosted for (mailDomainOwner), null when hosted before owners were recorded. */
  owner: string | null;
};

export type SandboxMailHost = MailHostProvider & {
  /** What the receiver needs: the address as hosted here, or null. */
  findRecipient(address: string): Promise<SandboxRecipient | null>;
  /**
   * Stores a message in a mailbox and counts it toward the mailbox's usage, unless that would take the mailbox past
   * its quota: then nothing is stored and the answer is false. `content` is kept byte for byte.
   */
  storeMessage(input: { address: string; sender: string; subject: string | null; content: Buffer }): Promise<boolean>;
};

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);

export function createSandboxMailHost(db: Db): SandboxMailHost {
  async function create(values: typeof sandboxMailAddresses.$inferInsert) {
    if (values.address.startsWith('refused-')) throw new MailHostError(`The mail server refused ${values.address}`);
    const [domain] = await db
      .select()
      .from(sandboxMailDomains)
      .where(eq(sandboxMailDomains.domain, domainOf(values.address)));
    if (!domain) throw new MailHostError(`The mail server does not host ${domainOf(values.address)}`);
    const inserted = await db.insert(sandboxMailAddresses).values(values).onConflictDoNothing().returning();
    if (!inserted.length) throw new MailHostError(`${values.address} already exists on the mail server`);
  }

  async function change(address: string, set: Partial<typeof sandboxMailAddresses.$inferInsert>, kind: 'mailbox' | 'forward') {
    const updated = await db
      .update(sandboxMailAddresses)
      .set(set)
      .where(and(eq(sandboxMailAddresses.address, address), eq(sandboxMailAddresses.kind, kind)))
      .returning();
    if (!updated.length) throw new MailHostError(`No ${kind} ${address} on the mail server`);
  }

  return {
    name: 'sandbox',
    async addDomain(domain, owner) {
      if (domain.startsWith('refused-')) throw new MailHostError(`The mail server refused to host ${domain}`);
      await db.insert(sandboxMailDomains).values({ domain, owner, createDate: now() }).onConflictDoNothing();
      // Adopt a domain hosted before owners were recorded; refuse one hosted for someone else.
      const [held] = await db
        .update(sandboxMailDomains)
        .set({ owner })
        .where(and(eq(sandboxMailDomains.domain, domain), or(isNull(sandboxMailDomains.owner), eq(sandboxMailDomains.owner, owner))))
        .returning();
      if (!held) throw new MailDomainTakenError(`The mail server hosts ${domain} for another owner`);
    },
    async removeDomain(domain, owner) {
      // Addresses and their messages go with the domain (foreign keys cascade).
      await db
        .delete(sandboxMailDomains)
        .where(and(eq(sandboxMailDomains.domain, domain), or(isNull(sandboxMailDomains.owner), eq(sandboxMailDomains.owner, owner))));
    },
    async createMailbox({ address, passwordHash, quotaBytes }) {
      await create({ address, domain: domainOf(address), kind: 'mailbox', secret: passwordHash, quotaBytes, createDate: now() });
    },
    async createForward({ address, destination }) {
      await create({ address, domain: domainOf(address), kind: 'forward', destination, createDate: now() });
    },
    setPassword: (address, passwordHash) => change(address, { secret: passwordHash }, 'mailbox'),
    setDestination: (address, destination) => change(address, { destination }, 'forward'),
    async deleteAddress(address) {
      await db.delete(sandboxMailAddresses).where(eq(sandboxMailAddresses.address, address));
    },
    async usage(address) {
      const [row] = await db.select({ usedBytes: sandboxMailAddresses.usedBytes }).from(sandboxMailAddresses).where(eq(sandboxMailAddresses.address, address));
      if (!row) throw new MailHostError(`No mailbox ${address} on the mail server`);
      return row.usedBytes;
    },
    async findRecipient(address) {
      const [row] = await db
        .select({ address: sandboxMailAddresses, owner: sandboxMailDomains.owner })
        .from(sandboxMailAddresses)
        .innerJoin(sandboxMailDomains, eq(sandboxMailDomains.domain, sandboxMailAddresses.domain))
        .where(eq(sandboxMailAddresses.address, address.toLowerCase()));
      if (!row) return null;
      const { kind, destination, quotaBytes, usedBytes } = row.address;
      return { kind, address: row.address.address, destination, quotaBytes, usedBytes, owner: row.owner };
    },
    async storeMessage({ address, sender, subject, content }) {
      const sizeBytes = content.byteLength;
      return db.transaction(async (tx) => {
        // The quota is checked and the usage counted in one statement, so two messages arriving together cannot both
        // squeeze into the last free bytes.
        const counted = await tx
          .update(sandboxMailAddresses)
          .set({ usedBytes: sql`${sandboxMailAddresses.usedBytes} + ${sizeBytes}` })
          .where(and(eq(sandboxMailAddresses.address, address), sql`${sandboxMailAddresses.usedBytes} + ${sizeBytes} <= ${sandboxMailAddresses.quotaBytes}`))
          .returning({ address: sandboxMailAddresses.address });
        if (!counted.length) return false;
        await tx.insert(sandboxMailMessages).values({ address, sender, subject, content, sizeBytes, receivedAt: now() });
        return true;
      });
    },
  };
}

export function isSandboxMailHost(provider: MailHostProvider): provider is SandboxMailHost {
  return provider.name === 'sandbox' && 'findRecipient' in provider;
}
