/** Sandbox registrations kept in registry_domains: register, renew, locks, auth codes, nameservers, transfers (and their messages). */
import { addDays } from 'date-fns/addDays';
import { addYears } from 'date-fns/addYears';
import { subYears } from 'date-fns/subYears';
import { formatDateUtc } from '../../contract/dates.ts';
import { formatMoney } from '../../contract/money.ts';
import { and, eq, sql } from 'drizzle-orm';
import { now, nowMs } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { registryDomains, registryHosts } from '../../db/schema/index.ts';
import { type RegistryProvider, RegistryOutcomeUnknownError, type RegistryRecord, type TransferEligibility } from './index.ts';
import { isStrongAuthCode, newAuthCode } from './auth-code.ts';
import {
  acknowledgeRegistryMessage,
  approveOutboundTransfer,
  rejectOutboundTransfer,
  nextRegistryMessage,
  settleDueTransfers,
  transferSettleDate,
} from './sandbox-transfers.ts';
import { externalRegistration, isReserved, premiumPrice, registryMishap } from './sandbox-world.ts';

/**
 * A status change refused as the sandbox EPP server refuses it (sandbox-epp/domain-update.ts): the registry's own
 * serverUpdateProhibited (a registry lock, a court order) stops every update until the registry lifts it.
 */
async function refuseWhileUpdateProhibited(db: Db, domain: string): Promise<void> {
  const [row] = await db.select({ statuses: registryDomains.statuses }).from(registryDomains).where(eq(registryDomains.domain, domain));
  if (row?.statuses.includes('serverUpdateProhibited')) throw new Error(`${domain} has status serverUpdateProhibited`);
}

const yearMs = 365 * 24 * 3600 * 1000;
const dayMs = 24 * 3600 * 1000;
/** A transfer adds a year, and no name may be registered more than 10 years ahead (storefront spec §9). */
const maxRenewalYears = 10;
const maxRenewalMs = maxRenewalYears * yearMs;
const minTransferAgeMs = 60 * dayMs;

/**
 * Transfer eligibility in the sandbox, from the registry table (names registered through us) and the
 * deterministic outside world (sandbox-world.ts). Example names for every answer are listed in README
 * "Sandbox transfers".
 */
export function transferEligibility(domain: string, ours: RegistryRecord | null, supportedTlds: ReadonlySet<string>, now = nowMs()): TransferEligibility {
  const tld = domain.slice(domain.indexOf('.') + 1);
  if (!supportedTlds.has(tld)) return { domain, ok: false, reason: 'unsupported-tld' };
  if (ours?.ours) {
    return {
      domain,
      ok: false,
      reason: 'ours',
      registrarName: ours.registrarName,
      createDate: ours.createDate.toISOString(),
      expireDate: ours.expireDate.toISOString(),
    };
  }
  const outside = isReserved(domain) ? null : externalRegistration(domain, now);
  if (!outside) return { domain, ok: false, reason: 'not-registered' };
  const facts = { registrarName: outside.registrarName, createDate: outside.createDate.toISOString(), expireDate: outside.expireDate.toISOString() };
  if (outside.locked) return { domain, ok: false, reason: 'locked', ...facts };
  if (now - outside.createDate.getTime() < minTransferAgeMs) return { domain, ok: false, reason: 'too-new', ...facts };
  if (outside.expireDate.getTime() + yearMs - now > maxRenewalMs) return { domain, ok: false, reason: 'too-far-in-the-future', ...facts };
  const premium = premiumPrice(domain);
  return { domain, ok: true, ...facts, ...(premium === null ? {} : { premiumPrice: premium }) };
}

export { newAuthCode };

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
    dsRecords: row.dsRecords,
    // Only this product asks the sandbox registry for transfers, so a pending one is ours.
    transferPending: !row.ours && row.statuses.includes('pendingTransfer'),
  };
}

/** A simulated registry answer that never came (README "Sandbox registry"). */
const lostAnswer = (what: string) => new RegistryOutcomeUnknownError(`The registry did not answer ${what} within 30000 ms`);

export function createSandboxLifecycle(
  db: Db,
  options: { registrarName: string },
): Omit<RegistryProvider, 'name' | 'defaultNameservers' | 'check' | 'checkStreaming' | 'whois' | 'setHost' | 'deleteHost'> {
  const require = async (domain: string) => {
    const record = await findRegistryRecord(db, domain);
    if (!record) throw new Error(`${domain} is not registered`);
    return record;
  };
  return {
    async info(domain) {
      await settleDueTransfers(db, options.registrarName);
      return findRegistryRecord(db, domain);
    },
    async register({ domain, years, nameservers, contact }) {
      if (isReserved(domain)) throw new Error(`${domain} is reserved by the registry`);
      if (externalRegistration(domain)) throw new Error(`${domain} is already registered`);
      const mishap = registryMishap(domain);
      if (mishap === 'dropped') throw lostAnswer(`the registration of ${domain}`);
      const today = now();
      const inserted = await db
        .insert(registryDomains)
        .values({
          domain,
          registrarName: options.registrarName,
          ours: true,
          locked: true,
          authCode: newAuthCode(),
          nameservers: [...nameservers],
          statuses: ['clientTransferProhibited'],
          registrantContact: contact,
          createDate: today,
          modifyDate: today,
          expireDate: addYears(today, years),
        })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0) throw new Error(`${domain} is already registered`);
      if (mishap === 'timeout') throw lostAnswer(`the registration of ${domain}`);
      return require(domain);
    },
    async renew({ domain, years }) {
      const mishap = registryMishap(domain);
      if (mishap === 'dropped') throw lostAnswer(`the renewal of ${domain}`);
      const limit = addYears(now(), maxRenewalYears);
      const renewed = sql`${registryDomains.expireDate} + make_interval(years => ${years})`;
      const renewal = JSON.stringify([{ at: now().toISOString(), years }]);
      // One conditional statement, as the registry checks curExpDate and the 10-year cap before it extends the term.
      const [row] = await db
        .update(registryDomains)
        .set({ expireDate: renewed, renewals: sql`${registryDomains.renewals} || ${renewal}::jsonb`, modifyDate: now() })
        .where(and(eq(registryDomains.domain, domain), eq(registryDomains.ours, true), sql`${renewed} <= ${limit.toISOString()}::timestamptz`))
        .returning();
      if (!row) {
        const current = await require(domain);
        if (!current.ours) throw new Error(`${domain} is not sponsored by ${options.registrarName}`);
        throw new Error(`Renewing ${domain} for ${years} years would pass the ${maxRenewalYears}-year maximum`);
      }
      if (mishap === 'timeout') throw lostAnswer(`the renewal of ${domain}`);
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
    },
    unrenew: (input) => unrenewDomain(db, input),
    async premiumRenewPrice(domain, years) {
      const perYear = premiumPrice(domain);
      return perYear === null ? null : perYear * years;
    },
    async delete(domain) {
      // RFC 5731 §3.2.2: a name with subordinate host objects (its glue) cannot be deleted until they are gone.
      const [subordinate] = await db
        .select({ host: registryHosts.host })
        .from(registryHosts)
        .where(sql`${registryHosts.host} like ${`%.${domain.toLowerCase()}`}`)
        .limit(1);
      if (subordinate) throw new Error(`2305 Object association prohibits operation: ${subordinate.host} is subordinate to ${domain}`);
      await db.delete(registryDomains).where(and(eq(registryDomains.domain, domain), eq(registryDomains.ours, true)));
    },
    async transferCheck(domain, supportedTlds) {
      await settleDueTransfers(db, options.registrarName);
      return transferEligibility(domain, await findRegistryRecord(db, domain), supportedTlds);
    },
    /**
     * Starts an inbound transfer and records it as pending at the registry (so `info` can tell). The auth code may
     * follow later, so an eligible name is pending even without one, except the fixtures of `registryMishap`.
     */
    async requestTransfer({ domain, authCode, shownPrice }) {
      const today = now();
      const outside = externalRegistration(domain, today.getTime());
      if (!outside) return { status: 'failed', reason: `${domain} is not registered` };
      if (outside.locked) return { status: 'failed', reason: `${domain} is locked at its current registrar` };
      // As a registry with the fee extension: a premium transfer goes ahead only at the fee it quoted.
      const premium = premiumPrice(domain);
      if (premium !== null && shownPrice !== undefined && shownPrice !== premium) {
        return { status: 'failed', reason: `${domain} is a premium name: its transfer fee is ${formatMoney(premium)}` };
      }
      const mishap = registryMishap(domain);
      // The losing registrars of these names issue strong codes only (auth-code.ts): a weak code is a wrong one.
      const rightCode = !!authCode && isStrongAuthCode(authCode.trim());
      if (mishap === 'auth-code-needed' && !authCode?.trim()) return { status: 'auth-code-needed' };
      if ((mishap === 'auth-code-needed' || mishap === 'auth-code-rejected') && !rightCode) return { status: 'auth-code-rejected' };
      await db
        .insert(registryDomains)
        .values({
          domain,
          registrarName: outside.registrarName,
          ours: false,
          locked: false,
          authCode: newAuthCode(),
          nameservers: outside.nameservers,
          statuses: ['pendingTransfer'],
          createDate: outside.createDate,
          modifyDate: today,
          expireDate: outside.expireDate,
          transferCompleteDate: transferSettleDate(domain, today),
        })
        .onConflictDoNothing();
      if (mishap === 'transfer-timeout') return { status: 'unknown', reason: lostAnswer(`the transfer request of ${domain}`).message };
      return { status: 'pending' };
    },
    async setLock(domain, locked) {
      await refuseWhileUpdateProhibited(db, domain);
      // The lock is the clientTransferProhibited status, as EPP shows it.
      await db
        .update(registryDomains)
        .set({
          locked,
          statuses: locked
            ? sql`array_append(array_remove(${registryDomains.statuses}, 'clientTransferProhibited'), 'clientTransferProhibited')`
            : sql`array_remove(${registryDomains.statuses}, 'clientTransferProhibited')`,
          modifyDate: now(),
        })
        .where(eq(registryDomains.domain, domain));
    },
    async setClientHold(domain, onHold) {
      await refuseWhileUpdateProhibited(db, domain);
      await db
        .update(registryDomains)
        .set({
          statuses: onHold
            ? sql`array_append(array_remove(${registryDomains.statuses}, 'clientHold'), 'clientHold')`
            : sql`array_remove(${registryDomains.statuses}, 'clientHold')`,
          modifyDate: now(),
        })
        .where(eq(registryDomains.domain, domain));
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
    /**
     * The sandbox keeps no deletion calendar of its own (our domain calendar moves names into redemption), so a restore
     * of one of our names succeeds and clears any RGP status; `dropped-` names never answer (README "Sandbox registry").
     */
    async restore({ domain }) {
      const record = await require(domain);
      if (!record.ours) throw new Error(`${domain} is not sponsored by ${options.registrarName}`);
      if (registryMishap(domain) === 'dropped') throw lostAnswer(`the restore of ${domain}`);
      await db
        .update(registryDomains)
        .set({
          statuses: sql`array_remove(array_remove(array_remove(${registryDomains.statuses}, 'redemptionPeriod'), 'pendingDelete'), 'pendingRestore')`,
          modifyDate: now(),
        })
        .where(eq(registryDomains.domain, domain));
    },
    approveTransfer: (domain) => approveOutboundTransfer(db, domain),
    rejectTransfer: (domain) => rejectOutboundTransfer(db, domain),
    async setWhoisPrivacy(domain, enabled, registrant) {
      await db
        .update(registryDomains)
        .set({ privacy: enabled, ...(registrant ? { registrantContact: registrant } : {}), modifyDate: now() })
        .where(eq(registryDomains.domain, domain));
    },
    async updateContacts(domain, contacts, options) {
      const [row] = await db.select({ contacts: registryDomains.contacts }).from(registryDomains).where(eq(registryDomains.domain, domain));
      if (!row) throw new Error(`${domain} is not registered`);
      await db
        .update(registryDomains)
        .set({ contacts: { ...row.contacts, ...contacts }, contactsDisclosed: options?.disclose ?? false, modifyDate: now() })
        .where(eq(registryDomains.domain, domain));
    },
    async setNameservers(domain, nameservers) {
      await db.update(registryDomains).set({ nameservers, modifyDate: now() }).where(eq(registryDomains.domain, domain));
    },
    async updateDsRecords({ domain, dsRecords }) {
      const record = await require(domain);
      if (!record.ours) throw new Error(`${domain} is not sponsored by ${options.registrarName}`);
      await db
        .update(registryDomains)
        .set({ dsRecords: dsRecords.map(({ keyTag, algorithm, digestType, digest }) => ({ keyTag, algorithm, digestType, digest })), modifyDate: now() })
        .where(eq(registryDomains.domain, domain));
      // Like a registration, a `timeout-` name's update takes effect but its answer never comes.
      if (registryMishap(domain) === 'timeout') throw lostAnswer(`the DNSSEC update of ${domain}`);
    },
    pollMessage: () => nextRegistryMessage(db, options.registrarName),
    ackMessage: (id) => acknowledgeRegistryMessage(db, id),
  };
}

/** Days after a renewal in which the sandbox registry takes it back (the renew grace period of most gTLDs). */
export const renewGraceDays = 5;

/**
 * Takes `years` of renewals made in the last five days back off the term, newest first; refused once their renew grace
 * period is over, or when the registry's expiry is not the one the registrar holds (so a repeat takes nothing more).
 */
async function unrenewDomain(db: Db, { domain, years, curExpireDate }: { domain: string; years: number; curExpireDate: Date }): Promise<RegistryRecord> {
  const mishap = registryMishap(domain);
  if (mishap === 'dropped') throw lostAnswer(`taking back the renewal of ${domain}`);
  const [row] = await db.select().from(registryDomains).where(eq(registryDomains.domain, domain));
  if (!row?.ours) throw new Error(`${domain} is not sponsored by us`);
  if (row.expireDate.getTime() !== curExpireDate.getTime()) {
    throw new Error(`2306 ${domain} expires on ${formatDateUtc(row.expireDate)} at the registry, not ${formatDateUtc(curExpireDate)}`);
  }
  const today = now();
  const inGrace = row.renewals.filter((renewal) => addDays(new Date(renewal.at), renewGraceDays) > today);
  if (inGrace.reduce((sum, renewal) => sum + renewal.years, 0) < years) {
    const last = row.renewals.at(-1);
    const ended = last ? ` ended on ${formatDateUtc(addDays(new Date(last.at), renewGraceDays))}` : ' is over';
    throw new Error(`2304 The renew grace period of ${domain}${ended}: the registry no longer takes the renewal back`);
  }
  // The newest renewals give their years back first.
  let left = years;
  const kept = [...row.renewals];
  while (left > 0) {
    const last = kept.pop() as { at: string; years: number };
    if (last.years > left) kept.push({ ...last, years: last.years - left });
    left -= Math.min(left, last.years);
  }
  const [updated] = await db
    .update(registryDomains)
    .set({ expireDate: subYears(row.expireDate, years), renewals: kept, modifyDate: today })
    .where(and(eq(registryDomains.domain, domain), eq(registryDomains.expireDate, row.expireDate)))
    .returning();
  if (!updated) throw new Error(`2306 ${domain}'s expiry changed at the registry while it was being taken back`);
  if (mishap === 'timeout') throw lostAnswer(`taking back the renewal of ${domain}`);
  return (await findRegistryRecord(db, domain)) as RegistryRecord;
}
