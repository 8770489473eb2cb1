/** Sandbox registrations kept in registry_domains: register, renew, locks, auth codes, nameservers, transfers. */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { registryDomains } from '../../db/schema/index.ts';
import type { RegistryProvider, RegistryRecord } from './index.ts';

const yearMs = 365 * 24 * 3600 * 1000;

export function newAuthCode(): string {
  return randomBytes(12).toString('base64url');
}

export async function findRegistryRecord(db: Db, domain: string): Promise<RegistryRecord | null> {
  const [row] = await db.select().from(registryDomains).where(eq(registryDomains.domain, domain)).limit(1);
  if (!row) return null;
  return {
    domain: row.domain,
    registrarName: row.registrarName,
    ours: row.ours,
    locked: row.locked,
    createDate: row.createDate,
    expireDate: row.expireDate,
    nameservers: row.nameservers,
    statuses: row.statuses,
  };
}

export function createSandboxLifecycle(
  db: Db,
  options: { registrarName: string },
): Omit<RegistryProvider, 'name' | 'check' | 'whois'> {
  const require = async (domain: string) => {
    const record = await findRegistryRecord(db, domain);
    if (!record) throw new Error(`${domain} is not registered`);
    return record;
  };
  return {
    info: (domain) => findRegistryRecord(db, domain),
    async register({ domain, years, nameservers }) {
      const now = new Date();
      const inserted = await db
        .insert(registryDomains)
        .values({
          domain,
          registrarName: options.registrarName,
          ours: true,
          locked: true,
          authCode: newAuthCode(),
          nameservers,
          statuses: ['clientTransferProhibited'],
          createDate: now,
          modifyDate: now,
          expireDate: new Date(now.getTime() + years * yearMs),
        })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0) throw new Error(`${domain} is already registered`);
      return require(domain);
    },
    async renew({ domain, years }) {
      await db
        .update(registryDomains)
        .set({ expireDate: sql`${registryDomains.expireDate} + make_interval(years => ${years})`, modifyDate: new Date() })
        .where(eq(registryDomains.domain, domain));
      return require(domain);
    },
    async transferCheck(domain) {
      const record = await findRegistryRecord(db, domain);
      if (!record) return { domain, ok: false, reason: 'not-registered' };
      return { domain, ok: !record.ours, reason: record.ours ? 'ours' : undefined, registrarName: record.registrarName };
    },
    async requestTransfer() {
      return { status: 'pending' };
    },
    async setLock(domain, locked) {
      await db.update(registryDomains).set({ locked, modifyDate: new Date() }).where(eq(registryDomains.domain, domain));
    },
    async authCode(domain, regenerate) {
      if (regenerate) {
        const code = newAuthCode();
        await db.update(registryDomains).set({ authCode: code }).where(eq(registryDomains.domain, domain));
        return code;
      }
      const [row] = await db.select({ authCode: registryDomains.authCode }).from(registryDomains).where(eq(registryDomains.domain, domain));
      if (!row) throw new Error(`${domain} is not registered`);
      return row.authCode;
    },
    async setNameservers(domain, nameservers) {
      await db.update(registryDomains).set({ nameservers, modifyDate: new Date() }).where(eq(registryDomains.domain, domain));
    },
  };
}
