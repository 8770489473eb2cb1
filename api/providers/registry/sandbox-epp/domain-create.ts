/** Domain <create> and <renew> at the sandbox registry, with fee acknowledgement and the sandbox world's mishaps. */
import { addYears } from 'date-fns/addYears';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Contact } from '../../../contract/contact.ts';
import type { DsRecord } from '../../../contract/domains/rdap.ts';
import { registryContacts, registryDomainContacts, registryDomains, registryHosts } from '../../../db/schema/index.ts';
import type { SandboxContactData } from '../../../db/schema/sandbox-registry.ts';
import { childOf, childrenOf, el, ns, pathOf, textOf, type XmlElement } from '../epp-xml.ts';
import { externalRegistration, isReserved, registryMishap } from '../sandbox-world.ts';
import { type CommandContext, canonical, domainNsAttr, domainValue, extensionElement, notServed, wait, yearsOf } from './context.ts';
import { domainRow } from './domain-view.ts';
import { checkFeeAck, feeResult, priceOf } from './fees.ts';
import { eppDate, refuse, type Reply } from './frames.ts';

const maxYears = 10;
const nameShape = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** Host names a command lists under <domain:ns> (hostObj, or hostAttr's hostName). */
export function nameserversOf(nsEl: XmlElement | undefined): string[] {
  return [
    ...childrenOf(nsEl, ns.domain, 'hostObj').map((host) => canonical(host.text)),
    ...childrenOf(nsEl, ns.domain, 'hostAttr').map((host) => canonical(textOf(host, ns.domain, 'hostName') ?? '')),
  ].filter(Boolean);
}

/** The nameservers among these that are not host objects at the registry (RFC 5731: a hostObj must exist). */
export async function unknownHosts(ctx: CommandContext, hosts: string[]): Promise<string[]> {
  if (hosts.length === 0) return [];
  const rows = await ctx.db.select({ host: registryHosts.host }).from(registryHosts).where(inArray(registryHosts.host, hosts));
  const known = new Set(rows.map((row) => row.host));
  return hosts.filter((host) => !known.has(host));
}

/** Contact ids among these that this registry does not hold. */
export async function unknownContacts(ctx: CommandContext, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select({ id: registryContacts.id })
    .from(registryContacts)
    .where(and(eq(registryContacts.registry, ctx.registry.name), inArray(registryContacts.id, ids)));
  const known = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

/** The registrant as the sandbox's WHOIS shows it (registry_domains.registrantContact), from its contact object. */
async function registrantContact(ctx: CommandContext, id: string): Promise<Contact | null> {
  const [row] = await ctx.db
    .select({ data: registryContacts.data })
    .from(registryContacts)
    .where(and(eq(registryContacts.registry, ctx.registry.name), eq(registryContacts.id, id)));
  return row ? contactOf(row.data) : null;
}

export function contactOf(data: SandboxContactData): Contact {
  const postal = data.postalInfo.find((p) => p.type === 'loc') ?? data.postalInfo[0];
  const [firstName, ...rest] = (postal?.name ?? '').split(' ');
  return {
    firstName: firstName ?? '',
    lastName: rest.join(' '),
    company: postal?.org ?? '',
    address: postal?.street.join(', ') ?? '',
    city: postal?.city ?? '',
    state: postal?.sp ?? '',
    zip: postal?.pc ?? '',
    country: postal?.cc ?? '',
    email: data.email,
    phone: (data.voice ?? '').replace('.', ''),
  };
}

export async function createDomain(ctx: CommandContext, create: XmlElement): Promise<Reply> {
  const name = canonical(textOf(create, ns.domain, 'name') ?? '');
  if (!nameShape.test(name)) return refuse(2005, `${name || '(none)'} is not a domain name`, domainValue(name));
  const refusal = notServed(ctx, name);
  if (refusal) return refusal;
  const years = yearsOf(childOf(create, ns.domain, 'period'));
  if (years === null) return refuse(2004, `A registration is 1 to ${maxYears} years`, domainValue(name));
  if (isReserved(name)) return refuse(2306, `${name} is reserved by registry policy`, domainValue(name));
  if (externalRegistration(name, ctx.clock.now().getTime()) || (await domainRow(ctx, name)))
    return refuse(2302, `${name} is already registered`, domainValue(name));
  const registrant = textOf(create, ns.domain, 'registrant') || null;
  const roles: Partial<Record<'admin' | 'tech' | 'billing', string>> = {};
  for (const contact of childrenOf(create, ns.domain, 'contact')) {
    const type = contact.attrs.type as 'admin' | 'tech' | 'billing';
    if (type in roles) return refuse(2306, `Only one ${type} contact`);
    roles[type] = contact.text;
  }
  const contactIds = [...(registrant ? [registrant] : []), ...Object.values(roles)];
  if (ctx.registry.contacts === 'none' && contactIds.length) {
    return refuse(2306, `${ctx.registry.name} is a thin registry: a name has no registrant or contacts here`, domainValue(name));
  }
  if (ctx.registry.contacts === 'required' && !registrant) return refuse(2003, `${ctx.registry.name} needs a registrant contact`, domainValue(name));
  const missingContacts = await unknownContacts(ctx, contactIds);
  if (missingContacts.length) return refuse(2303, `No contact ${missingContacts.join(', ')} at this registry`);
  const hosts = nameserversOf(childOf(create, ns.domain, 'ns'));
  const missingHosts = await unknownHosts(ctx, hosts);
  if (missingHosts.length) return refuse(2303, `No host object ${missingHosts.join(', ')}: create it first`);
  const authCode = pathOf(create, [ns.domain, 'authInfo'], [ns.domain, 'pw'])?.text;
  if (!authCode) return refuse(2003, 'A domain needs authInfo');
  const feeRefusal = checkFeeAck(ctx, name, 'create', years);
  if (feeRefusal) return feeRefusal;
  const secDns = extensionElement(ctx, ns.secDNS, 'create');
  if (childOf(secDns, ns.secDNS, 'keyData')) return refuse(2306, 'This registry takes DS records (dsData), not keys');
  const dsRecords = readDs(secDns);
  const mishap = registryMishap(name);
  if (mishap === 'dropped') return { code: 2400, close: 'before' };
  await wait(ctx.latencyOf(name));
  const today = ctx.clock.now();
  const expireDate = addYears(today, years);
  // Read before the transaction: a query on ctx.db inside it would wait for a second connection while holding the
  // first, and creates enough at once would hold every connection and wait for ever.
  const registrantRecord = registrant ? await registrantContact(ctx, registrant) : null;
  const inserted = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .insert(registryDomains)
      .values({
        domain: name,
        registrarName: ctx.registrarName,
        ours: true,
        locked: true,
        authCode,
        nameservers: hosts,
        statuses: ['clientTransferProhibited'],
        dsRecords,
        registrantContact: registrantRecord,
        createDate: today,
        modifyDate: today,
        expireDate,
      })
      .onConflictDoNothing()
      .returning({ domain: registryDomains.domain });
    if (rows.length === 0) return false;
    await tx
      .insert(registryDomainContacts)
      .values({ domain: name, registrant, roles })
      .onConflictDoUpdate({ target: registryDomainContacts.domain, set: { registrant, roles } });
    return true;
  });
  if (!inserted) return refuse(2302, `${name} is already registered`, domainValue(name));
  return {
    code: 1000,
    resData: `<domain:creData ${domainNsAttr}>${el('domain:name', name)}${el('domain:crDate', eppDate(today))}${el('domain:exDate', eppDate(expireDate))}</domain:creData>`,
    extension: feeResult(ctx, 'creData', priceOf(name, 'create', years).cents, years),
    close: mishap === 'timeout' ? 'after' : undefined,
  };
}

export async function renewDomain(ctx: CommandContext, renew: XmlElement): Promise<Reply> {
  const name = canonical(textOf(renew, ns.domain, 'name') ?? '');
  const refusal = notServed(ctx, name);
  if (refusal) return refusal;
  const years = yearsOf(childOf(renew, ns.domain, 'period'));
  if (years === null) return refuse(2004, `A renewal is 1 to ${maxYears} years`, domainValue(name));
  const row = await domainRow(ctx, name);
  if (!row) return refuse(2303, `${name} is not registered`, domainValue(name));
  if (!row.ours) return refuse(2201, `${name} is sponsored by another registrar`, domainValue(name));
  const blocked = row.statuses.find((status) => /RenewProhibited|pendingDelete|redemptionPeriod|pendingTransfer/.test(status));
  if (blocked) return refuse(2304, `${name} has status ${blocked}`, domainValue(name));
  const curExpDate = textOf(renew, ns.domain, 'curExpDate');
  if (curExpDate !== row.expireDate.toISOString().slice(0, 10)) {
    return refuse(2004, `curExpDate ${curExpDate ?? '(none)'} is not the current expiry ${row.expireDate.toISOString().slice(0, 10)}`, domainValue(name));
  }
  const expireDate = addYears(row.expireDate, years);
  if (expireDate > addYears(ctx.clock.now(), maxYears)) return refuse(2004, `Renewing ${name} for ${years} years would pass the ${maxYears}-year maximum`);
  const feeRefusal = checkFeeAck(ctx, name, 'renew', years);
  if (feeRefusal) return feeRefusal;
  const mishap = registryMishap(name);
  if (mishap === 'dropped') return { code: 2400, close: 'before' };
  const updated = await ctx.db
    .update(registryDomains)
    .set({ expireDate, modifyDate: ctx.clock.now() })
    .where(and(eq(registryDomains.domain, name), sql`${registryDomains.expireDate} = ${row.expireDate.toISOString()}::timestamptz`))
    .returning({ domain: registryDomains.domain });
  if (updated.length === 0) return refuse(2400, `${name} changed while it was being renewed; try again`);
  return {
    code: 1000,
    resData: `<domain:renData ${domainNsAttr}>${el('domain:name', name)}${el('domain:exDate', eppDate(expireDate))}</domain:renData>`,
    extension: feeResult(ctx, 'renData', priceOf(name, 'renew', years).cents, years),
    close: mishap === 'timeout' ? 'after' : undefined,
  };
}

/** The DS records of a secDNS create or update part (RFC 5910 dsData). */
export function readDs(parent: XmlElement | undefined): DsRecord[] {
  return childrenOf(parent, ns.secDNS, 'dsData').map((ds) => ({
    keyTag: Number(textOf(ds, ns.secDNS, 'keyTag')),
    algorithm: Number(textOf(ds, ns.secDNS, 'alg')),
    digestType: Number(textOf(ds, ns.secDNS, 'digestType')),
    digest: (textOf(ds, ns.secDNS, 'digest') ?? '').toUpperCase(),
  }));
}
