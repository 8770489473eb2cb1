/**
 * The offline mail host: domains, mailboxes and forwards in PostgreSQL, shaped like the real server's (a domain must
 * be hosted before addresses on it; an address exists once). The built-in SMTP receiver reads it to relay forwards
 * and store mailbox mail. Addresses and domains starting `refused-` are refused, as a real server refuses a change it dislikes.
 */
import { and, eq, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { sandboxMailAddresses, sandboxMailDomains, sandboxMailMessages } from '../../db/schema/index.ts';
import { MailHostError, type MailHostProvider } from './index.ts';

export type SandboxRecipient = { kind: 'mailbox' | 'forward'; address: string; destination: string | null; quotaBytes: number; usedBytes: number };

export type SandboxMailHost = MailHostProvider & {
  /** What the receiver needs: the address as hosted here, or null. */
  findRecipient(address: string): Promise<SandboxRecipient | null>;
  /** Stores a message in a mailbox and counts it toward the mailbox's usage. */
  storeMessage(input: { address: string; sender: string; subject: string | null; raw: string }): Promise<void>;
};

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);

export function createSandboxMailHost(db: Db): SandboxMailHost {
  async function create(values: typeof sandboxMailAddresses.$inferInsert) {
    if (values.address.startsWith('refused-')) throw new MailHostError(`The mail server refused ${values.address}`);
    const [domain] = await db.select().from(sandboxMailDomains).where(eq(sandboxMailDomains.domain, domainOf(values.address)));
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
    async addDomain(domain) {
      if (domain.startsWith('refused-')) throw new MailHostError(`The mail server refused to host ${domain}`);
      await db.insert(sandboxMailDomains).values({ domain, createDate: now() }).onConflictDoNothing();
    },
    async removeDomain(domain) {
      // Addresses and their messages go with the domain (foreign keys cascade).
      await db.delete(sandboxMailDomains).where(eq(sandboxMailDomains.domain, domain));
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
      const [row] = await db.select().from(sandboxMailAddresses).where(eq(sandboxMailAddresses.address, address.toLowerCase()));
      return row ? { kind: row.kind, address: row.address, destination: row.destination, quotaBytes: row.quotaBytes, usedBytes: row.usedBytes } : null;
    },
    async storeMessage({ address, sender, subject, raw }) {
      const sizeBytes = Buffer.byteLength(raw);
      await db.transaction(async (tx) => {
        await tx.insert(sandboxMailMessages).values({ address, sender, subject, raw, sizeBytes, receivedAt: now() });
        await tx
          .update(sandboxMailAddresses)
          .set({ usedBytes: sql`${sandboxMailAddresses.usedBytes} + ${sizeBytes}` })
          .where(eq(sandboxMailAddresses.address, address));
      });
    },
  };
}

export function isSandboxMailHost(provider: MailHostProvider): provider is SandboxMailHost {
  return provider.name === 'sandbox' && 'findRecipient' in provider;
}
