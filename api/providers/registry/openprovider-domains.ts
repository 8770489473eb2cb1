/**
 * Openprovider's domain objects as the registry interface's records: finding a name's numeric id, reading it, the
 * customer handles that stand for contacts, and availability with prices.
 */
import { createHash } from 'node:crypto';
import type { Contact } from '../../contract/contact.ts';
import type { Availability } from './index.ts';
import { type OpenproviderClient, parseUpstreamDate, splitDomain, toCents } from './openprovider-client.ts';
import type { RegistryRecord } from './index.ts';
import type { QuotedFee } from './paid-fee.ts';

type Price = { currency?: string; price?: number };
export type UpstreamDomain = {
  id?: number;
  domain?: { name?: string; extension?: string };
  status?: string;
  creation_date?: string;
  active_date?: string;
  expiration_date?: string;
  renewal_date?: string;
  is_locked?: boolean;
  is_client_hold_enabled?: string;
  is_private_whois_enabled?: boolean;
  name_servers?: { name?: string }[];
  auth_code?: string;
  owner_handle?: string;
};
type CheckResult = {
  domain?: string;
  status?: string;
  reason?: string;
  is_premium?: boolean;
  premium?: { currency?: string; price?: { create?: number } };
  price?: { product?: Price; reseller?: Price };
};

/** Openprovider's domain status codes: ACT active, REQ requested, SCH scheduled, PEN pending, FAI failed, DEL deleted. */
const pendingStatuses = new Set(['REQ', 'SCH', 'PEN']);

export function fullName(domain: UpstreamDomain): string {
  return `${domain.domain?.name ?? ''}.${domain.domain?.extension ?? ''}`.toLowerCase();
}

export type DomainDirectory = {
  /** The upstream's record of one of our names (null: not in our account). */
  find(domain: string, options?: { deleted?: boolean }): Promise<UpstreamDomain | null>;
  /** The numeric id the upstream's domain calls need; throws a clear error when the name is not ours there. */
  idOf(domain: string, options?: { deleted?: boolean }): Promise<number>;
  remember(domain: string, id: number | undefined): void;
  forget(domain: string): void;
};

export function createDomainDirectory(client: OpenproviderClient): DomainDirectory {
  const ids = new Map<string, number>();
  const directory: DomainDirectory = {
    async find(domain, options) {
      const name = domain.toLowerCase();
      const list = await client.get<{ results?: UpstreamDomain[] }>('/domains', {
        full_name: name,
        limit: 10,
        ...(options?.deleted ? { is_deleted: true } : {}),
      });
      const found = (list.results ?? []).find((candidate) => fullName(candidate) === name) ?? null;
      if (found?.id) ids.set(name, found.id);
      return found;
    },
    async idOf(domain, options) {
      const known = ids.get(domain.toLowerCase());
      if (known) return known;
      const found = await directory.find(domain, options);
      if (!found?.id) throw new Error(`${domain} is not in our Openprovider account`);
      return found.id;
    },
    remember(domain, id) {
      if (id) ids.set(domain.toLowerCase(), id);
    },
    forget(domain) {
      ids.delete(domain.toLowerCase());
    },
  };
  return directory;
}

export function toRecord(domain: string, upstream: UpstreamDomain, registrarName: string): RegistryRecord {
  const status = (upstream.status ?? 'ACT').toUpperCase();
  const statuses: string[] = [];
  if (pendingStatuses.has(status)) statuses.push('pendingCreate');
  if (upstream.is_locked) statuses.push('clientTransferProhibited');
  if (upstream.is_client_hold_enabled === 'true' || upstream.is_client_hold_enabled === '1') statuses.push('clientHold');
  if (!statuses.length) statuses.push('ok');
  return {
    domain: domain.toLowerCase(),
    registrarName,
    ours: true,
    locked: Boolean(upstream.is_locked),
    createDate: parseUpstreamDate(upstream.creation_date ?? upstream.active_date),
    expireDate: parseUpstreamDate(upstream.expiration_date),
    nameservers: (upstream.name_servers ?? []).map((ns) => (ns.name ?? '').toUpperCase()).filter(Boolean),
    statuses,
  };
}

/** A WHOIS-style summary of one of our names, from what the upstream holds (Openprovider keeps the public WHOIS). */
export function whoisOf(record: RegistryRecord): string {
  const iso = (date: Date) => (Number.isNaN(date.getTime()) ? '' : date.toISOString());
  return [
    `Domain Name: ${record.domain.toUpperCase()}`,
    `Registrar: ${record.registrarName}`,
    `Creation Date: ${iso(record.createDate)}`,
    `Registry Expiry Date: ${iso(record.expireDate)}`,
    ...record.statuses.map((status) => `Domain Status: ${status}`),
    ...record.nameservers.map((ns) => `Name Server: ${ns}`),
    '',
  ].join('\n');
}

/** Customer handles stand for contacts: one per distinct contact, made once and remembered for this process. */
export function createHandles(client: OpenproviderClient) {
  const handles = new Map<string, Promise<string>>();
  const create = async (contact: Contact): Promise<string> => {
    const digits = contact.phone.replace(/^\+/, '');
    // E.164 does not say where the country code ends; Openprovider accepts the whole number after a "+".
    const answer = await client.change<{ handle?: string }>('POST', '/customers', {
      name: { first_name: contact.firstName, last_name: contact.lastName, full_name: `${contact.firstName} ${contact.lastName}` },
      company_name: contact.company || undefined,
      address: { street: contact.address, city: contact.city, state: contact.state, zipcode: contact.zip, country: contact.country },
      email: contact.email,
      phone: { country_code: `+${digits.slice(0, 1)}`, area_code: digits.slice(1, 4), subscriber_number: digits.slice(4) },
      locale: 'en_GB',
    });
    if (!answer.handle) throw new Error('Openprovider created a customer without a handle');
    return answer.handle;
  };
  return {
    handleOf(contact: Contact): Promise<string> {
      const key = createHash('sha256').update(JSON.stringify(contact)).digest('hex');
      let handle = handles.get(key);
      if (!handle) {
        handle = create(contact).catch((error: unknown) => {
          handles.delete(key);
          throw error;
        });
        handles.set(key, handle);
      }
      return handle;
    },
  };
}

/** One extension's names in one check call, with prices: `free` is available, anything else (`active`, …) is not. */
export async function checkNames(client: OpenproviderClient, domains: string[]): Promise<Availability[]> {
  const answer = await client.query<{ results?: CheckResult[] }>('/domains/check', { domains: domains.map(splitDomain), with_price: true });
  const byName = new Map((answer.results ?? []).map((result) => [(result.domain ?? '').toLowerCase(), result]));
  return domains.flatMap((domain): Availability[] => {
    const result = byName.get(domain.toLowerCase());
    if (!result) return [];
    if (result.status !== 'free') {
      return [{ domain, available: false, reason: /reserv/i.test(result.reason ?? '') ? 'reserved' : 'taken' }];
    }
    const fee = createFeeOf(result);
    return [{ domain, available: true, ...(fee?.premium && fee.cents ? { premiumPrice: fee.cents } : {}) }];
  });
}

/** A one-year registration's price as a check states it: a premium name's premium price, else the reseller's price. */
function createFeeOf(result: CheckResult): QuotedFee | null {
  const premium = Boolean(result.is_premium);
  const cents = toCents(premium ? (result.premium?.price?.create ?? result.price?.reseller?.price) : result.price?.reseller?.price);
  if (cents === undefined) return null;
  return { cents, premium, currency: (premium ? result.premium?.currency : undefined) ?? result.price?.reseller?.currency ?? 'USD' };
}

/**
 * The upstream's price to register a free name for a year, from the same check that priced it for the customer (a
 * premium name's `premium.price.create`, the figure a premium create accepts); null when the name is not free or the
 * upstream names no price.
 */
export async function quoteCreate(client: OpenproviderClient, domain: string): Promise<QuotedFee | null> {
  const answer = await client.query<{ results?: CheckResult[] }>('/domains/check', { domains: [splitDomain(domain)], with_price: true });
  const result = (answer.results ?? []).find((item) => (item.domain ?? '').toLowerCase() === domain.toLowerCase());
  return result?.status === 'free' ? createFeeOf(result) : null;
}

/**
 * The upstream's price for one operation on one name (`GET /domains/prices`): what it charges us, in cents, and whether
 * it prices the name as premium; null when it names no price.
 */
export async function quotePrice(client: OpenproviderClient, domain: string, operation: 'renew' | 'transfer', period: number): Promise<QuotedFee | null> {
  const { name, extension } = splitDomain(domain);
  const answer = await client.get<{ is_premium?: boolean; price?: { reseller?: Price } }>('/domains/prices', {
    'domain.name': name,
    'domain.extension': extension,
    operation,
    period,
  });
  const cents = toCents(answer.price?.reseller?.price);
  return cents === undefined ? null : { cents, premium: Boolean(answer.is_premium), currency: answer.price?.reseller?.currency ?? 'USD' };
}

/** Wholesale cost in cents per extension and action, from the reseller's price list (`GET /tlds?with_price`). */
export type WholesaleCost = { tld: string; currency: string; register?: number; renew?: number; transfer?: number; restore?: number };

type UpstreamTld = {
  name?: string;
  prices?: Partial<Record<'create_price' | 'renew_price' | 'transfer_price' | 'restore_price', { reseller?: Price; product?: Price }>>;
};

export async function listWholesaleCosts(client: OpenproviderClient, pageSize = 500): Promise<WholesaleCost[]> {
  const costs: WholesaleCost[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const page = await client.get<{ results?: UpstreamTld[]; total?: number }>('/tlds', { with_price: true, limit: pageSize, offset, is_active: true });
    const results = page.results ?? [];
    for (const tld of results) {
      if (!tld.name) continue;
      const price = (key: keyof NonNullable<UpstreamTld['prices']>) => toCents(tld.prices?.[key]?.reseller?.price);
      costs.push({
        tld: tld.name.toLowerCase(),
        currency: tld.prices?.create_price?.reseller?.currency ?? 'USD',
        register: price('create_price'),
        renew: price('renew_price'),
        transfer: price('transfer_price'),
        restore: price('restore_price'),
      });
    }
    if (results.length < pageSize || offset + results.length >= (page.total ?? 0)) return costs;
  }
}
