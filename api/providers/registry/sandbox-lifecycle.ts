/** Sandbox registrations kept in registry_domains: register, renew, locks, auth codes, nameservers, transfers. */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { registryDomains } from '../../db/schema/index.ts';
import type { RegistryProvider, RegistryRecord, TransferEligibility } from './index.ts';
import { externalRegistration, isReserved } from './sandbox-world.ts';

const yearMs = 365 * 24 * 3600 * 1000;
const dayMs = 24 * 3600 * 1000;
/** A transfer adds a year, and no name may be registered more than 10 years ahead (storefront spec §9). */
const maxRenewalMs = 10 * yearMs;
const minTransferAgeMs = 60 * dayMs;

/**
 * Transfer eligibility in the sandbox, from the registry table (names registered through us) and the
 * deterministic outside world (sandbox-world.ts). Example names for every answer are listed in README
 * "Sandbox transfers".
 */
export function transferEligibility(
  domain: string,
  ours: RegistryRecord | null,
  supportedTlds: ReadonlySet<string>,
  now = Date.now(),
): TransferEligibility {
  const tld = domain.slice(domain.indexOf('.') + 1);
  if (!supportedTlds.has(tld)) return { domain, ok: false, reason: 'unsupported-tld' };
  if (ours?.ours) {
    return { domain, ok: false, reason: 'ours', registrarName: ours.registrarName, createDate: ours.createDate.toISOString(), expireDate: ours.expireDate.toISOString() };
  }
  const outside = isReserved(domain) ? null : externalRegistration(domain, now);
  if (!outside) return { domain, ok: false, reason: 'not-registered' };
  const facts = { registrarName: outside.registrarName, createDate: outside.createDate.toISOString(), expireDate: outside.expireDate.toISOString() };
  if (outside.locked) return { domain, ok: false, reason: 'locked', ...facts };
  if (now - outside.createDate.getTime() < minTransferAgeMs) return { domain, ok: false, reason: 'too-new', ...facts };
  if (outside.expireDate.getTime() + yearMs - now > maxRenewalMs) return { domain, ok: false, reason: 'too-far-in-the-future', ...facts };
  return { domain, ok: true, ...facts };
}

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
): Omit<RegistryProvider, 'name' | 'check' | 'checkStreaming' | 'whois'> {
  const require = async (domain: string) => {
    const record = await findRegistryRecord(db, domain);
    if (!record) throw new Error(`${domain} is not registered`);
    return record;
  };
  return {
    info: (domain) => findRegistryRecord(db, domain),
    async register({ domain, years, nameservers }) {
      if (isReserved(domain)) throw new Error(`${domain} is reserved by the registry`);
      if (externalRegistration(domain)) throw new Error(`${domain} is already registered`);
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
    async transferCheck(domain, supportedTlds) {
      return transferEligibility(domain, await findRegistryRecord(db, domain), supportedTlds);
    },
    /** Starts an inbound transfer; the auth code may follow later, so an eligible name is always pending. */
    async requestTransfer({ domain }) {
      const outside = externalRegistration(domain);
      if (!outside || outside.locked) throw new Error(`${domain} cannot be transferred`);
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
