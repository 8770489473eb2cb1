/**
 * The production registry over EPP: RFC 5731 domains, 5732 hosts, 5733 contacts, and RFC 8748 fees for premium
 * prices, on a small pool of EppConnection sessions to one registry (or registry gateway).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { nowMs } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { ContactRole } from '../../contract/accounts/account-info.ts';
import type { Contact } from '../../contract/contact.ts';
import type { DsRecord } from '../../contract/domains/rdap.ts';
import { tldOf } from '../../contract/domain-name.ts';
import { newAuthCode } from './auth-code.ts';
import { EppConnection, type EppConnectionOptions, EppError, EppNoAnswerError } from './epp-connection.ts';
import { childOf, childrenOf, el, escapeXml, ns, pathOf, textOf, type XmlElement } from './epp-xml.ts';
import {
  type Availability,
  collectAnswers,
  isPlaceholderHost,
  RegistryHostInUseError,
  type RegistryMessage,
  type RegistryProvider,
  RegistryOutcomeUnknownError,
  type RegistryRecord,
  type TransferEligibility,
  type TransferRequestAnswer,
} from './index.ts';

export type EppRegistryOptions = EppConnectionOptions & {
  /** Our own name, shown for domains whose sponsoring clID is our login. */
  registrarName: string;
  /** Display names of other registrars by their registry clID (the registry only tells us the clID). */
  registrarNames?: Record<string, string>;
  /** Parallel sessions (each carries one command at a time). */
  connections?: number;
  /** Fee-extension currency; fees are returned as integer cents of it. */
  currency?: string;
  /** Nameservers new registrations get (DEFAULT_NAMESERVERS); placeholder `.example` names are refused. */
  defaultNameservers?: readonly string[];
};

export type EppRegistry = RegistryProvider & {
  /** Logs every session out. */
  close(): Promise<void>;
};

/** A domain as <domain:info> describes it. */
export type EppDomainInfo = {
  name: string;
  roid: string;
  statuses: string[];
  clientId: string;
  createDate: Date | null;
  updateDate: Date | null;
  expireDate: Date | null;
  transferDate: Date | null;
  nameservers: string[];
  authCode: string | null;
  /** Contact object ids: the registrant's and each other role's. */
  registrant: string | null;
  contacts: { type: string; id: string }[];
  /** RFC 5910 secDNS infData, when the registry sent it. */
  dsRecords?: DsRecord[];
};

const checkBatchSize = 20;
const dayMs = 24 * 3600 * 1000;
const transferLockDays = 60;
const maxYearsAfterTransfer = 9;
const lockStatuses = ['clientTransferProhibited', 'serverTransferProhibited'];
const domainNs = `xmlns:domain="${ns.domain}"`;

/** The EPP registry from config (EPP_HOST set), reading the optional CA bundle file once. */
export function eppOptionsFromConfig(config: Config): EppRegistryOptions {
  return {
    host: config.EPP_HOST ?? '',
    port: config.EPP_PORT,
    username: config.EPP_USERNAME ?? '',
    password: config.EPP_PASSWORD ?? '',
    registrarName: config.EPP_REGISTRAR_NAME,
    ca: config.EPP_TLS_CA_FILE ? readFileSync(config.EPP_TLS_CA_FILE) : undefined,
    defaultNameservers: config.DEFAULT_NAMESERVERS,
  };
}

/** A real registry must never be given the sandbox's placeholder nameservers: the names would not resolve. */
function refusePlaceholderHosts(hosts: readonly string[], what: string): void {
  const placeholders = hosts.filter(isPlaceholderHost);
  if (placeholders.length) {
    throw new Error(`${what}: ${placeholders.join(', ')} ${placeholders.length === 1 ? 'is a placeholder' : 'are placeholders'} (.example); set DEFAULT_NAMESERVERS to your real nameservers`);
  }
}

export function createEppRegistry(options: EppRegistryOptions): EppRegistry {
  const defaultNameservers = options.defaultNameservers ?? [];
  refusePlaceholderHosts(defaultNameservers, 'The EPP registry cannot start with these default nameservers');
  const pool = Array.from({ length: Math.max(1, options.connections ?? 2) }, () => new EppConnection(options));
  const wantsFees = (options.extURIs ?? [ns.fee]).includes(ns.fee);
  const currency = options.currency ?? 'USD';

  const pick = () => pool.reduce((best, conn) => (conn.load < best.load ? conn : best));

  async function command(what: string, body: string, opts: { extension?: string; query?: boolean; accept?: number[] } = {}) {
    const response = await pick().send(body, { extension: opts.extension, retryOnDrop: opts.query ?? false });
    if (response.code >= 2000 && !opts.accept?.includes(response.code)) throw EppError.fromResponse(what, response);
    return response;
  }

  async function hasFees(): Promise<boolean> {
    return wantsFees && (await pick().greeting()).extURIs.includes(ns.fee);
  }

  /** Names as the registry spells them: trimmed, lower-case, no trailing dot. */
  const registryName = (domain: string) => domain.trim().toLowerCase().replace(/\.$/, '');

  /** Answers and failures name domains as registryName spells them. */
  const checkStreaming: RegistryProvider['checkStreaming'] = (domains, listener) => {
    // One <domain:check> per extension and 20 names, all in flight at once: each reports as its registry answers.
    const byTld = new Map<string, string[]>();
    for (const name of new Set(domains.map(registryName))) {
      const group = byTld.get(tldOf(name));
      if (group) group.push(name);
      else byTld.set(tldOf(name), [name]);
    }
    const batches: string[][] = [];
    for (const group of byTld.values()) {
      for (let i = 0; i < group.length; i += checkBatchSize) batches.push(group.slice(i, i + checkBatchSize));
    }
    void hasFees().then(
      (withFees) => {
        for (const batch of batches) {
          checkBatch(batch, withFees)
            .catch(() => checkBatch(batch, withFees))
            .then(
              (answers) => {
                if (!listener.signal?.aborted) listener.onAnswers(answers);
              },
              (error) => {
                if (!listener.signal?.aborted) listener.onFailure(batch, error);
              },
            );
        }
      },
      (error) => listener.onFailure(batches.flat(), error),
    );
  };

  const registrarNameOf = (clientId: string) =>
    clientId === options.username ? options.registrarName : (options.registrarNames?.[clientId] ?? clientId);

  async function infoDomain(domain: string): Promise<EppDomainInfo | null> {
    const response = await command(
      `Could not look up ${domain}`,
      `<info><domain:info ${domainNs}><domain:name hosts="all">${escapeXml(domain)}</domain:name></domain:info></info>`,
      { query: true, accept: [2303] },
    );
    if (response.code === 2303) return null;
    const info = readDomainInfo(domain, response.resData);
    const secDns = childOf(response.extension, ns.secDNS, 'infData');
    return secDns ? { ...info, dsRecords: readDsData(secDns) } : info;
  }

  /** RFC 5731 transfer query: whether the registry holds a transfer of this name that we requested. */
  async function isTransferPendingToUs(domain: string): Promise<boolean> {
    const response = await command(
      `Could not query the transfer of ${domain}`,
      `<transfer op="query"><domain:transfer ${domainNs}>${el('domain:name', domain)}</domain:transfer></transfer>`,
      // 2301: no transfer pending; 2201/2202: not ours to see.
      { query: true, accept: [2201, 2202, 2301] },
    );
    if (response.code >= 2000) return false;
    const trnData = childOf(response.resData, ns.domain, 'trnData');
    const status = textOf(trnData, ns.domain, 'trStatus');
    return textOf(trnData, ns.domain, 'reID') === options.username && (status === 'pending' || status === 'clientApproved' || status === 'serverApproved');
  }

  /** A create, renew or transfer request that went out unanswered becomes RegistryOutcomeUnknownError. */
  async function mutate(what: string, body: string, opts: { extension?: string; accept?: number[] } = {}) {
    try {
      return await command(what, body, opts);
    } catch (error) {
      if (error instanceof EppNoAnswerError) throw new RegistryOutcomeUnknownError(`${what}: ${error.message}`, { cause: error });
      throw error;
    }
  }

  async function requireDomain(domain: string): Promise<EppDomainInfo> {
    const info = await infoDomain(domain);
    if (!info) throw new Error(`${domain} is not registered`);
    return info;
  }

  function toRecord(info: EppDomainInfo): RegistryRecord {
    return {
      domain: info.name,
      registrarName: registrarNameOf(info.clientId),
      ours: info.clientId === options.username,
      locked: info.statuses.some((status) => lockStatuses.includes(status)),
      createDate: info.createDate ?? new Date(Number.NaN),
      expireDate: info.expireDate ?? new Date(Number.NaN),
      nameservers: info.nameservers,
      statuses: info.statuses,
      ...(info.dsRecords ? { dsRecords: info.dsRecords } : {}),
    };
  }

  /** One <domain:check> (with fee check when offered) for up to 20 names. */
  async function checkBatch(names: string[], withFees: boolean): Promise<Availability[]> {
    const extension = withFees ? feeCheckXml(currency, 'create', 1) : undefined;
    const response = await command(
      `Could not check ${names.join(', ')}`,
      `<check><domain:check ${domainNs}>${names.map((name) => el('domain:name', name)).join('')}</domain:check></check>`,
      { extension, query: true },
    );
    const answers = new Map<string, { available: boolean; reason?: string }>();
    for (const cd of childrenOf(childOf(response.resData, ns.domain, 'chkData'), ns.domain, 'cd')) {
      const name = childOf(cd, ns.domain, 'name');
      if (!name) continue;
      answers.set(name.text.toLowerCase(), { available: isTrue(name.attrs.avail), reason: textOf(cd, ns.domain, 'reason') });
    }
    const fees = readFees(response.extension, 'create');
    return names.map((domain) => {
      const answer = answers.get(domain);
      if (!answer) throw new EppError(`The registry did not say whether ${domain} is available`);
      if (!answer.available) return { domain, available: false, reason: /reserv|block|restrict|prohibit|polic/i.test(answer.reason ?? '') ? 'reserved' : 'taken' };
      const fee = fees.get(domain);
      return fee?.premium ? { domain, available: true, premiumPrice: fee.cents } : { domain, available: true };
    });
  }

  /** The registry's price for one command on one name, as the fee extension states it (null without it). */
  async function quoteFee(domain: string, action: 'create' | 'renew', years: number): Promise<number | null> {
    if (!(await hasFees())) return null;
    const response = await command(
      `Could not price ${domain}`,
      `<check><domain:check ${domainNs}>${el('domain:name', domain)}</domain:check></check>`,
      { extension: feeCheckXml(currency, action, years), query: true },
    );
    return readFees(response.extension, action).get(domain)?.cents ?? null;
  }

  function feeAckXml(action: 'create' | 'renew', cents: number | null): string | undefined {
    if (cents === null) return undefined;
    return `<fee:${action} xmlns:fee="${ns.fee}">${el('fee:currency', currency)}${el('fee:fee', formatDecimal(cents))}</fee:${action}>`;
  }

  /** Creates host objects for nameservers the registry does not know yet (external hosts need no addresses). */
  async function ensureHosts(domain: string, nameservers: string[]): Promise<void> {
    const external = nameservers.filter((host) => host !== domain && !host.endsWith(`.${domain}`));
    if (external.length === 0) return;
    const hostNs = `xmlns:host="${ns.host}"`;
    const response = await command(
      `Could not check nameservers ${external.join(', ')}`,
      `<check><host:check ${hostNs}>${external.map((host) => el('host:name', host)).join('')}</host:check></check>`,
      { query: true },
    );
    const missing = childrenOf(childOf(response.resData, ns.host, 'chkData'), ns.host, 'cd')
      .map((cd) => childOf(cd, ns.host, 'name'))
      .filter((name): name is XmlElement => !!name && isTrue(name.attrs.avail))
      .map((name) => name.text.toLowerCase());
    for (const host of missing) {
      await command(`Could not create nameserver ${host}`, `<create><host:create ${hostNs}>${el('host:name', host)}</host:create></create>`, {
        accept: [2302],
      });
    }
  }

  async function createContact(contact: Contact): Promise<string> {
    for (let attempt = 0; ; attempt += 1) {
      const id = `DS${randomBytes(7).toString('hex').toUpperCase()}`;
      const response = await command('Could not create the registrant contact', contactCreateXml(id, contact), { accept: attempt === 0 ? [2302] : [] });
      if (response.code < 2000) return id;
    }
  }

  async function updateDomain(what: string, domain: string, parts: { add?: string; rem?: string; chg?: string }) {
    const section = (tag: string, inner?: string) => (inner ? `<domain:${tag}>${inner}</domain:${tag}>` : '');
    await command(
      what,
      `<update><domain:update ${domainNs}>${el('domain:name', domain)}${section('add', parts.add)}${section('rem', parts.rem)}${section('chg', parts.chg)}</domain:update></update>`,
    );
  }

  return {
    name: 'epp',
    defaultNameservers,

    check: (domains) => collectAnswers(checkStreaming, domains, registryName),
    checkStreaming,

    async info(domain) {
      const info = await infoDomain(domain);
      if (!info) return null;
      const record = toRecord(info);
      if (!record.ours && info.statuses.includes('pendingTransfer')) record.transferPending = await isTransferPendingToUs(domain);
      return record;
    },

    async whois(domain) {
      const info = await infoDomain(domain);
      return info ? whoisText(info, registrarNameOf(info.clientId)) : null;
    },

    async register({ domain, years, contact, nameservers }) {
      const hosts = nameservers.map(normaliseHost);
      refusePlaceholderHosts(hosts, `Refusing to register ${domain}`);
      const registrant = await createContact(contact);
      await ensureHosts(domain, hosts);
      const fee = await quoteFee(domain, 'create', years);
      const contacts = ['admin', 'tech', 'billing'].map((type) => `<domain:contact type="${type}">${escapeXml(registrant)}</domain:contact>`).join('');
      const nsXml = hosts.length ? `<domain:ns>${hosts.map((host) => el('domain:hostObj', host)).join('')}</domain:ns>` : '';
      const response = await mutate(
        `Could not register ${domain}`,
        `<create><domain:create ${domainNs}>${el('domain:name', domain)}<domain:period unit="y">${escapeXml(years)}</domain:period>${nsXml}${el('domain:registrant', registrant)}${contacts}<domain:authInfo>${el('domain:pw', newAuthCode())}</domain:authInfo></domain:create></create>`,
        { extension: feeAckXml('create', fee) },
      );
      // The name is ours now: a failed look-up afterwards must not turn the registration into a failure.
      const info = await infoDomain(domain).catch(() => null);
      if (info) return toRecord(info);
      const creData = childOf(response.resData, ns.domain, 'creData');
      return {
        domain,
        registrarName: options.registrarName,
        ours: true,
        locked: false,
        createDate: parseDate(textOf(creData, ns.domain, 'crDate')) ?? new Date(nowMs()),
        expireDate: parseDate(textOf(creData, ns.domain, 'exDate')) ?? new Date(nowMs() + years * 365 * dayMs),
        nameservers: hosts,
        statuses: [],
      };
    },

    async renew({ domain, years }) {
      const current = await requireDomain(domain);
      if (!current.expireDate) throw new Error(`The registry gave no expiry date for ${domain}, so it cannot be renewed`);
      const fee = await quoteFee(domain, 'renew', years);
      await mutate(
        `Could not renew ${domain}`,
        `<renew><domain:renew ${domainNs}>${el('domain:name', domain)}${el('domain:curExpDate', current.expireDate.toISOString().slice(0, 10))}<domain:period unit="y">${escapeXml(years)}</domain:period></domain:renew></renew>`,
        { extension: feeAckXml('renew', fee) },
      );
      return toRecord(await requireDomain(domain));
    },

    async premiumRenewPrice(domain, years) {
      if (!(await hasFees())) return null;
      const response = await command(
        `Could not price ${domain}`,
        `<check><domain:check ${domainNs}>${el('domain:name', domain)}</domain:check></check>`,
        { extension: feeCheckXml(currency, 'renew', years), query: true },
      );
      const fee = readFees(response.extension, 'renew').get(domain);
      return fee?.premium ? fee.cents : null;
    },

    async delete(domain) {
      await mutate(`Could not delete ${domain}`, `<delete><domain:delete ${domainNs}>${el('domain:name', domain)}</domain:delete></delete>`);
    },

    async transferCheck(domain, supportedTlds) {
      const tld = tldOf(domain);
      if (!supportedTlds.has(tld) && !supportedTlds.has(`.${tld}`)) return { domain, ok: false, reason: 'unsupported-tld' };
      let info: EppDomainInfo | null;
      try {
        info = await infoDomain(domain);
      } catch (error) {
        // Some registries hide other registrars' domains from <info>: it exists, so the transfer request decides.
        if (error instanceof EppError && error.code === 2201) return { domain, ok: true };
        throw error;
      }
      if (!info) return { domain, ok: false, reason: 'not-registered' };
      const result: TransferEligibility = {
        domain,
        ok: false,
        registrarName: registrarNameOf(info.clientId),
        createDate: info.createDate?.toISOString(),
        expireDate: info.expireDate?.toISOString(),
      };
      const now = nowMs();
      const lastChange = Math.max(info.createDate?.getTime() ?? 0, info.transferDate?.getTime() ?? 0);
      if (info.clientId === options.username) return { ...result, reason: 'ours' };
      if (info.statuses.some((status) => lockStatuses.includes(status))) return { ...result, reason: 'locked' };
      if (info.statuses.includes('pendingTransfer')) return { ...result, reason: 'pending-transfer' };
      if (info.statuses.some((status) => status === 'pendingDelete' || status === 'redemptionPeriod')) return { ...result, reason: 'pending-delete' };
      if (now - lastChange < transferLockDays * dayMs) return { ...result, reason: 'too-new' };
      if (info.expireDate && info.expireDate.getTime() > addYears(new Date(now), maxYearsAfterTransfer).getTime()) {
        return { ...result, reason: 'too-far-in-the-future' };
      }
      return { ...result, ok: true };
    },

    async requestTransfer({ domain, authCode }): Promise<TransferRequestAnswer> {
      // RFC 5731 §3.2.4: a transfer request carries the name's authInfo; without one there is nothing to send.
      if (!authCode?.trim()) return { status: 'auth-code-needed' };
      try {
        const response = await mutate(
          `Could not request the transfer of ${domain}`,
          `<transfer op="request"><domain:transfer ${domainNs}>${el('domain:name', domain)}<domain:authInfo>${el('domain:pw', authCode.trim())}</domain:authInfo></domain:transfer></transfer>`,
          { accept: [2202] },
        );
        // RFC 5730 §3: 2202 "Invalid authorization information".
        return response.code === 2202 ? { status: 'auth-code-rejected' } : { status: 'pending' };
      } catch (error) {
        if (error instanceof RegistryOutcomeUnknownError) return { status: 'unknown', reason: error.message };
        // Refused by the registry, or never sent (no session): either way nothing is pending.
        return { status: 'failed', reason: (error as Error).message };
      }
    },

    async setLock(domain, locked) {
      const info = await requireDomain(domain);
      const has = info.statuses.includes('clientTransferProhibited');
      if (has === locked) return;
      const status = '<domain:status s="clientTransferProhibited"/>';
      await updateDomain(`Could not ${locked ? 'lock' : 'unlock'} ${domain}`, domain, locked ? { add: status } : { rem: status });
    },

    async authCode(domain, regenerate) {
      if (regenerate) {
        const code = newAuthCode();
        await updateDomain(`Could not change the auth code of ${domain}`, domain, { chg: `<domain:authInfo>${el('domain:pw', code)}</domain:authInfo>` });
        return code;
      }
      const info = await requireDomain(domain);
      if (!info.authCode) throw new Error(`The registry did not return an auth code for ${domain}`);
      return info.authCode;
    },

    async approveTransfer(domain) {
      await mutate(`Could not approve the transfer of ${domain}`, `<transfer op="approve"><domain:transfer ${domainNs}>${el('domain:name', domain)}</domain:transfer></transfer>`);
    },

    async rejectTransfer(domain) {
      await mutate(`Could not reject the transfer of ${domain}`, `<transfer op="reject"><domain:transfer ${domainNs}>${el('domain:name', domain)}</domain:transfer></transfer>`);
    },

    async setWhoisPrivacy(domain, enabled) {
      // RFC 5733 §2.9: the registrant contact's disclose flags decide what the registry's WHOIS/RDDS shows.
      const info = await requireDomain(domain);
      if (!info.registrant) throw new Error(`The registry gave no registrant contact for ${domain}`);
      const fields = '<contact:name type="int"/><contact:org type="int"/><contact:addr type="int"/><contact:voice/><contact:fax/><contact:email/>';
      await command(
        `Could not change the WHOIS privacy of ${domain}`,
        `<update><contact:update xmlns:contact="${ns.contact}">${el('contact:id', info.registrant)}<contact:chg><contact:disclose flag="${enabled ? 0 : 1}">${fields}</contact:disclose></contact:chg></contact:update></update>`,
      );
    },

    async setNameservers(domain, nameservers) {
      const info = await requireDomain(domain);
      const wanted = [...new Set(nameservers.map(normaliseHost))];
      const add = wanted.filter((host) => !info.nameservers.includes(host));
      const rem = info.nameservers.filter((host) => !wanted.includes(host));
      if (add.length === 0 && rem.length === 0) return;
      await ensureHosts(domain, add);
      const hostList = (hosts: string[]) => (hosts.length ? `<domain:ns>${hosts.map((host) => el('domain:hostObj', host)).join('')}</domain:ns>` : undefined);
      await updateDomain(`Could not change the nameservers of ${domain}`, domain, { add: hostList(add), rem: hostList(rem) });
    },

    async updateDsRecords({ domain, dsRecords }) {
      const offered = (await pick().greeting()).extURIs.includes(ns.secDNS) && (options.extURIs ?? [ns.secDNS]).includes(ns.secDNS);
      if (!offered) throw new Error(`The registry does not take DNSSEC records for ${domain} (no secDNS-1.1 extension)`);
      await mutate(
        `Could not change the DNSSEC records of ${domain}`,
        `<update><domain:update ${domainNs}>${el('domain:name', domain)}</domain:update></update>`,
        { extension: dsUpdateXml(dsRecords) },
      );
    },

    async updateContacts(domain, contacts) {
      const info = await requireDomain(domain);
      const current: Record<ContactRole, string | null> = {
        registrant: info.registrant,
        admin: info.contacts.find((c) => c.type === 'admin')?.id ?? null,
        tech: info.contacts.find((c) => c.type === 'tech')?.id ?? null,
        billing: info.contacts.find((c) => c.type === 'billing')?.id ?? null,
      };
      const given = (Object.keys(contacts) as ContactRole[]).filter((role) => contacts[role]);
      const replaced = new Map<ContactRole, string>();
      for (const id of new Set(given.map((role) => current[role]))) {
        const roles = given.filter((role) => current[role] === id);
        const users = (Object.keys(current) as ContactRole[]).filter((role) => id !== null && current[role] === id);
        const wanted = contacts[roles[0]]!;
        // One object for roles that all change to the same details: update it in place (the object keeps its id).
        // An object another role still uses, or roles going separate ways, get new objects instead.
        const inPlace = id !== null && users.every((role) => roles.includes(role)) && roles.every((role) => sameContact(contacts[role]!, wanted));
        if (inPlace) {
          await command(`Could not update the contact of ${domain}`, contactUpdateXml(id, wanted));
          continue;
        }
        for (const role of roles) replaced.set(role, await createContact(contacts[role]!));
      }
      if (replaced.size === 0) return;
      const others = [...replaced].filter(([role]) => role !== 'registrant');
      const contactXml = (list: [ContactRole, string | null][]) =>
        list.filter(([, id]) => id).map(([role, id]) => `<domain:contact type="${role}">${escapeXml(id!)}</domain:contact>`).join('') || undefined;
      const registrant = replaced.get('registrant');
      await updateDomain(`Could not change the contacts of ${domain}`, domain, {
        add: contactXml(others),
        rem: contactXml(others.map(([role]) => [role, current[role]])),
        chg: registrant ? el('domain:registrant', registrant) : undefined,
      });
    },

    async setHost(host, addresses) {
      const name = normaliseHost(host);
      const hostNs = `xmlns:host="${ns.host}"`;
      const addrXml = (list: string[]) => list.map((ip) => `<host:addr ip="${ip.includes(':') ? 'v6' : 'v4'}">${escapeXml(ip)}</host:addr>`).join('');
      const info = await command(`Could not read nameserver ${name}`, `<info><host:info ${hostNs}>${el('host:name', name)}</host:info></info>`, {
        query: true,
        accept: [2303],
      });
      if (info.code === 2303) {
        await command(`Could not create nameserver ${name}`, `<create><host:create ${hostNs}>${el('host:name', name)}${addrXml(addresses)}</host:create></create>`);
        return;
      }
      const held = childrenOf(childOf(info.resData, ns.host, 'infData'), ns.host, 'addr').map((addr) => addr.text.toLowerCase());
      const add = addresses.filter((ip) => !held.includes(ip.toLowerCase()));
      const rem = held.filter((ip) => !addresses.some((wanted) => wanted.toLowerCase() === ip));
      if (add.length === 0 && rem.length === 0) return;
      const section = (tag: string, list: string[]) => (list.length ? `<host:${tag}>${addrXml(list)}</host:${tag}>` : '');
      await command(
        `Could not change nameserver ${name}`,
        `<update><host:update ${hostNs}>${el('host:name', name)}${section('add', add)}${section('rem', rem)}</host:update></update>`,
      );
    },

    async deleteHost(host) {
      const name = normaliseHost(host);
      // 2303: already gone, which is what we wanted; 2305: a domain still names it.
      const response = await command(`Could not delete nameserver ${name}`, `<delete><host:delete xmlns:host="${ns.host}">${el('host:name', name)}</host:delete></delete>`, {
        accept: [2303, 2305],
      });
      if (response.code === 2305) throw new RegistryHostInUseError(name);
    },

    async pollMessage() {
      // A request only reads the head of the queue, so it is safe to resend after a dropped connection.
      const response = await command('Could not read the registry message queue', '<poll op="req"/>', { query: true });
      // 1300: the queue is empty; 1301: here is the oldest message, "ack to dequeue".
      if (response.code !== 1301 || !response.msgQ) return null;
      return readMessage(response.msgQ, response.resData, options.username);
    },

    async ackMessage(id) {
      // 2303: already acknowledged (a resent ack, or another session's), which is what we wanted.
      await command(`Could not acknowledge registry message ${id}`, `<poll op="ack" msgID="${escapeXml(id)}"/>`, { query: true, accept: [2303] });
    },

    async close() {
      await Promise.all(pool.map((conn) => conn.close()));
    },
  };
}

/** RFC 5731 §3.2.4 transfer statuses as outcomes for the gaining registrar. */
const transferOutcomes: Record<string, 'pending' | 'completed' | 'rejected'> = {
  pending: 'pending',
  clientApproved: 'completed',
  serverApproved: 'completed',
  clientRejected: 'rejected',
  clientCancelled: 'rejected',
  serverCancelled: 'rejected',
};

/** A polled message; a transfer notice (<domain:trnData>) says which name, how it ended and whether we gain it. */
function readMessage(msgQ: XmlElement, resData: XmlElement | undefined, clientId: string): RegistryMessage {
  const message: RegistryMessage = {
    id: msgQ.attrs.id ?? '',
    date: parseDate(textOf(msgQ, ns.epp, 'qDate')) ?? new Date(nowMs()),
    text: childOf(msgQ, ns.epp, 'msg')?.text ?? '',
  };
  const trnData = childOf(resData, ns.domain, 'trnData');
  const domain = textOf(trnData, ns.domain, 'name');
  const status = transferOutcomes[textOf(trnData, ns.domain, 'trStatus') ?? ''];
  if (trnData && domain && status) {
    message.transfer = {
      domain: domain.toLowerCase(),
      status,
      inbound: textOf(trnData, ns.domain, 'reID') === clientId,
      otherRegistrar: (textOf(trnData, ns.domain, 'reID') === clientId ? textOf(trnData, ns.domain, 'acID') : textOf(trnData, ns.domain, 'reID')) ?? undefined,
      expireDate: parseDate(textOf(trnData, ns.domain, 'exDate')) ?? undefined,
    };
  }
  return message;
}

function readDomainInfo(domain: string, resData: XmlElement | undefined): EppDomainInfo {
  const data = childOf(resData, ns.domain, 'infData');
  if (!data) throw new EppError(`The registry answered the lookup of ${domain} without domain data`);
  const nsList = childOf(data, ns.domain, 'ns');
  const nameservers = [
    ...childrenOf(nsList, ns.domain, 'hostObj').map((host) => host.text),
    ...childrenOf(nsList, ns.domain, 'hostAttr').map((host) => textOf(host, ns.domain, 'hostName') ?? ''),
  ]
    .filter(Boolean)
    .map(normaliseHost);
  return {
    name: (textOf(data, ns.domain, 'name') ?? domain).toLowerCase(),
    roid: textOf(data, ns.domain, 'roid') ?? '',
    statuses: childrenOf(data, ns.domain, 'status').map((status) => status.attrs.s ?? '').filter(Boolean),
    clientId: textOf(data, ns.domain, 'clID') ?? '',
    createDate: parseDate(textOf(data, ns.domain, 'crDate')),
    updateDate: parseDate(textOf(data, ns.domain, 'upDate')),
    expireDate: parseDate(textOf(data, ns.domain, 'exDate')),
    transferDate: parseDate(textOf(data, ns.domain, 'trDate')),
    nameservers,
    authCode: pathOf(data, [ns.domain, 'authInfo'], [ns.domain, 'pw'])?.text || null,
    registrant: textOf(data, ns.domain, 'registrant') || null,
    contacts: childrenOf(data, ns.domain, 'contact').map((contact) => ({ type: contact.attrs.type ?? '', id: contact.text })),
  };
}

/** WHOIS-style text from what <domain:info> tells us (EPP has no WHOIS command). */
export function whoisText(info: EppDomainInfo, registrarName: string): string {
  const date = (value: Date | null) => (value ? value.toISOString().replace(/\.\d{3}Z$/, 'Z') : '');
  const lines = [
    `Domain Name: ${info.name.toUpperCase()}`,
    info.roid && `Registry Domain ID: ${info.roid}`,
    `Registrar: ${registrarName}`,
    info.updateDate && `Updated Date: ${date(info.updateDate)}`,
    info.createDate && `Creation Date: ${date(info.createDate)}`,
    info.expireDate && `Registry Expiry Date: ${date(info.expireDate)}`,
    ...info.statuses.map((status) => `Domain Status: ${status} https://icann.org/epp#${status}`),
    ...info.nameservers.map((host) => `Name Server: ${host.toUpperCase()}`),
    info.dsRecords && `DNSSEC: ${info.dsRecords.length ? 'signedDelegation' : 'unsigned'}`,
  ];
  return `${lines.filter(Boolean).join('\n')}\n`;
}

/**
 * RFC 5910 §5.2.5: replace the whole DS set in one update (remove all, then add these), so a retry or a set the
 * registry already holds leaves the same result. With none to add the delegation becomes unsigned.
 */
export function dsUpdateXml(dsRecords: readonly DsRecord[]): string {
  const add = dsRecords
    .map(
      (ds) =>
        `<secDNS:dsData>${el('secDNS:keyTag', ds.keyTag)}${el('secDNS:alg', ds.algorithm)}${el('secDNS:digestType', ds.digestType)}${el('secDNS:digest', ds.digest)}</secDNS:dsData>`,
    )
    .join('');
  return `<secDNS:update xmlns:secDNS="${ns.secDNS}"><secDNS:rem><secDNS:all>true</secDNS:all></secDNS:rem>${add ? `<secDNS:add>${add}</secDNS:add>` : ''}</secDNS:update>`;
}

function readDsData(secDns: XmlElement): DsRecord[] {
  return childrenOf(secDns, ns.secDNS, 'dsData').map((ds) => ({
    keyTag: Number(textOf(ds, ns.secDNS, 'keyTag')),
    algorithm: Number(textOf(ds, ns.secDNS, 'alg')),
    digestType: Number(textOf(ds, ns.secDNS, 'digestType')),
    digest: (textOf(ds, ns.secDNS, 'digest') ?? '').toUpperCase(),
  }));
}

function feeCheckXml(currency: string, action: 'create' | 'renew', years: number): string {
  return `<fee:check xmlns:fee="${ns.fee}">${el('fee:currency', currency)}<fee:command name="${action}"><fee:period unit="y">${escapeXml(years)}</fee:period></fee:command></fee:check>`;
}

/** Fee-extension answers by name: the summed fees of one command in cents, and whether the class is premium. */
function readFees(extension: XmlElement | undefined, action: string): Map<string, { cents: number; premium: boolean }> {
  const fees = new Map<string, { cents: number; premium: boolean }>();
  for (const cd of childrenOf(childOf(extension, ns.fee, 'chkData'), ns.fee, 'cd')) {
    const name = textOf(cd, ns.fee, 'objID')?.toLowerCase();
    const commandEl = childrenOf(cd, ns.fee, 'command').find((c) => c.attrs.name === action);
    if (!name || !commandEl) continue;
    const amounts = childrenOf(commandEl, ns.fee, 'fee').map((fee) => parseCents(fee.text));
    if (amounts.length === 0 || amounts.some((cents) => cents === null)) continue;
    const feeClass = `${textOf(cd, ns.fee, 'class') ?? ''} ${textOf(commandEl, ns.fee, 'class') ?? ''}`;
    fees.set(name, { cents: amounts.reduce<number>((sum, cents) => sum + (cents ?? 0), 0), premium: /premium/i.test(feeClass) });
  }
  return fees;
}

/** "10", "10.5", "1234.567" -> integer cents (half up), exactly, without floating point; null if not a number. */
export function parseCents(text: string): number | null {
  const match = /^\s*(\d+)(?:\.(\d*))?\s*$/.exec(text);
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(3, '0');
  const cents = Number(match[1]) * 100 + Number(fraction.slice(0, 2));
  return Number(fraction[2]) >= 5 ? cents + 1 : cents;
}

function formatDecimal(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

function contactCreateXml(id: string, contact: Contact): string {
  return `<create><contact:create xmlns:contact="${ns.contact}">${el('contact:id', id)}${contactDetailsXml(contact)}<contact:authInfo>${el('contact:pw', newAuthCode())}</contact:authInfo></contact:create></create>`;
}

function contactUpdateXml(id: string, contact: Contact): string {
  return `<update><contact:update xmlns:contact="${ns.contact}">${el('contact:id', id)}<contact:chg>${contactDetailsXml(contact)}</contact:chg></contact:update></update>`;
}

/** RFC 5733 postal info, voice and email, in the order both create and update's chg want them. */
function contactDetailsXml(contact: Contact): string {
  const phone = parsePhoneNumberFromString(contact.phone);
  const voice = phone ? `+${phone.countryCallingCode}.${phone.nationalNumber}` : contact.phone.replace(/^\+(\d{1,3})(\d+)$/, '+$1.$2');
  const postalInfo = (type: 'int' | 'loc', text: (value: string) => string) =>
    `<contact:postalInfo type="${type}">${el('contact:name', text(`${contact.firstName} ${contact.lastName}`))}${contact.company ? el('contact:org', text(contact.company)) : ''}<contact:addr>${el('contact:street', text(contact.address))}${el('contact:city', text(contact.city))}${el('contact:sp', text(contact.state))}${el('contact:pc', text(contact.zip))}${el('contact:cc', contact.country)}</contact:addr></contact:postalInfo>`;
  const fields = [contact.firstName, contact.lastName, contact.company, contact.address, contact.city, contact.state, contact.zip];
  // RFC 5733: "int" must be 7-bit ASCII; a name with other letters goes as "loc" too, with an ASCII "int" copy.
  const isAscii = fields.every((field) => /^[\x20-\x7e]*$/.test(field ?? ''));
  const postal = isAscii ? postalInfo('int', (v) => v) : `${postalInfo('loc', (v) => v)}${postalInfo('int', toAscii)}`;
  return `${postal}${el('contact:voice', voice)}${el('contact:email', contact.email)}`;
}

/** Latin letters without their accents; anything else that is not ASCII becomes "?". */
function toAscii(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[^\x20-\x7e]/g, '?');
}

export { newAuthCode };

function normaliseHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '');
}

function isTrue(value: string | undefined): boolean {
  return value === '1' || value === 'true';
}

function parseDate(value: string | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function addYears(date: Date, years: number): Date {
  const next = new Date(date);
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
}


function sameContact(a: Contact, b: Contact): boolean {
  return (Object.keys(a) as (keyof Contact)[]).every((key) => (a[key] ?? '') === (b[key] ?? ''));
}
