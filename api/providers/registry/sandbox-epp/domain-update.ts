/**
 * Domain <update> (statuses, nameservers, contacts, registrant, authInfo, RFC 5910 DS records, RFC 3915 restore) and
 * <delete> at the sandbox registry. A delete after the 5-day add grace period puts the name in redemption (30 days,
 * then 5 days pendingDelete) before it is purged, as gTLD registries do.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DsRecord } from '../../../contract/domains/rdap.ts';
import { type RegistryDomainRow as Row, registryDomainContacts, registryDomains, registryHosts } from '../../../db/schema/index.ts';
import { childOf, childrenOf, ns, pathOf, textOf, type XmlElement } from '../epp-xml.ts';
import { registryMishap } from '../sandbox-world.ts';
import { type CommandContext, canonical, domainValue, extensionElement, notServed } from './context.ts';
import { nameserversOf, readDs, unknownContacts, unknownHosts } from './domain-create.ts';
import { domainRow } from './domain-view.ts';
import { checkFeeAck, feeResult, priceOf } from './fees.ts';
import { refuse, type Reply } from './frames.ts';

const dayMs = 24 * 3600 * 1000;
const addGraceDays = 5;
/** Redemption (30 days) then pendingDelete (5 days): how long a deleted name stays before it is purged. */
export const purgeAfterDays = 35;
const clientStatuses = new Set(['clientDeleteProhibited', 'clientHold', 'clientRenewProhibited', 'clientTransferProhibited', 'clientUpdateProhibited']);

type Roles = Partial<Record<'admin' | 'tech' | 'billing', string>>;

const sameDs = (a: DsRecord, b: DsRecord) => a.keyTag === b.keyTag && a.algorithm === b.algorithm && a.digestType === b.digestType && a.digest === b.digest;

export async function updateDomain(ctx: CommandContext, update: XmlElement): Promise<Reply> {
  const name = canonical(textOf(update, ns.domain, 'name') ?? '');
  const refusal = notServed(ctx, name);
  if (refusal) return refusal;
  const row = await domainRow(ctx, name);
  if (!row) return refuse(2303, `${name} is not registered`, domainValue(name));
  if (!row.ours) return refuse(2201, `${name} is sponsored by another registrar`, domainValue(name));
  const restore = pathOf(ctx.extension, [ns.rgp, 'update'], [ns.rgp, 'restore']);
  if (restore) return restoreDomain(ctx, row, restore.attrs.op ?? '');
  const add = childOf(update, ns.domain, 'add');
  const rem = childOf(update, ns.domain, 'rem');
  const chg = childOf(update, ns.domain, 'chg');
  const statusesOf = (part: XmlElement | undefined) => childrenOf(part, ns.domain, 'status').map((status) => status.attrs.s ?? '');
  const [addStatuses, remStatuses] = [statusesOf(add), statusesOf(rem)];
  const foreign = [...addStatuses, ...remStatuses].find((status) => !clientStatuses.has(status));
  if (foreign) return refuse(2306, `A registrar sets client statuses only, not ${foreign}`, domainValue(name));
  if (row.statuses.some((status) => status === 'pendingDelete' || status === 'redemptionPeriod')) {
    return refuse(2304, `${name} is in redemption: only a restore may change it`, domainValue(name));
  }
  if (row.statuses.includes('serverUpdateProhibited')) return refuse(2304, `${name} has status serverUpdateProhibited`, domainValue(name));
  if (row.statuses.includes('clientUpdateProhibited') && !remStatuses.includes('clientUpdateProhibited')) {
    return refuse(2304, `${name} has status clientUpdateProhibited`, domainValue(name));
  }
  const statuses = [
    ...row.statuses.filter((status) => !remStatuses.includes(status) && status !== 'ok'),
    ...addStatuses.filter((s) => !row.statuses.includes(s)),
  ];

  const addHosts = nameserversOf(childOf(add, ns.domain, 'ns'));
  const remHosts = nameserversOf(childOf(rem, ns.domain, 'ns'));
  const missingHosts = await unknownHosts(ctx, addHosts);
  if (missingHosts.length) return refuse(2303, `No host object ${missingHosts.join(', ')}: create it first`);
  const nameservers = [
    ...row.nameservers.map(canonical).filter((host) => !remHosts.includes(host)),
    ...addHosts.filter((host) => !row.nameservers.map(canonical).includes(host)),
  ];
  if (nameservers.length > 13) return refuse(2306, 'At most 13 nameservers');

  const [links] = await ctx.db.select().from(registryDomainContacts).where(eq(registryDomainContacts.domain, name));
  const roles: Roles = { ...(links?.roles ?? {}) };
  const contactsOf = (part: XmlElement | undefined) => childrenOf(part, ns.domain, 'contact').map((c) => ({ type: c.attrs.type as keyof Roles, id: c.text }));
  for (const { type } of contactsOf(rem)) delete roles[type];
  for (const { type, id } of contactsOf(add)) roles[type] = id;
  const registrant = textOf(chg, ns.domain, 'registrant') ?? links?.registrant ?? null;
  const named = [...contactsOf(add).map((c) => c.id), ...(textOf(chg, ns.domain, 'registrant') ? [registrant as string] : [])];
  if (ctx.registry.contacts === 'none' && named.length) return refuse(2306, `${ctx.registry.name} is a thin registry: no contacts`, domainValue(name));
  const missingContacts = await unknownContacts(ctx, named);
  if (missingContacts.length) return refuse(2303, `No contact ${missingContacts.join(', ')} at this registry`);
  const authCode = pathOf(chg, [ns.domain, 'authInfo'], [ns.domain, 'pw'])?.text ?? row.authCode;

  let dsRecords = row.dsRecords;
  const secDns = extensionElement(ctx, ns.secDNS, 'update');
  if (secDns) {
    const secRem = childOf(secDns, ns.secDNS, 'rem');
    if (childOf(secRem, ns.secDNS, 'keyData') || childOf(childOf(secDns, ns.secDNS, 'add'), ns.secDNS, 'keyData')) {
      return refuse(2306, 'This registry takes DS records (dsData), not keys');
    }
    if (textOf(secRem, ns.secDNS, 'all') === 'true' || textOf(secRem, ns.secDNS, 'all') === '1') dsRecords = [];
    const removed = readDs(secRem);
    dsRecords = dsRecords.filter((ds) => !removed.some((r) => sameDs(r, ds)));
    for (const ds of readDs(childOf(secDns, ns.secDNS, 'add'))) if (!dsRecords.some((r) => sameDs(r, ds))) dsRecords.push(ds);
  }
  const today = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(registryDomains)
      .set({ statuses, locked: statuses.includes('clientTransferProhibited'), nameservers, authCode, dsRecords, modifyDate: today })
      .where(eq(registryDomains.domain, name));
    await tx
      .insert(registryDomainContacts)
      .values({ domain: name, registrant, roles })
      .onConflictDoUpdate({ target: registryDomainContacts.domain, set: { registrant, roles } });
  });
  // Like a registration, a `timeout-` name's DNSSEC change takes effect but its answer never comes.
  return { code: 1000, close: secDns && registryMishap(name) === 'timeout' ? 'after' : undefined };
}

/**
 * RFC 3915 restore: the request takes a name out of redemption (pendingRestore until the report), the report
 * completes it. As the in-process sandbox does, a name of ours that is not in redemption restores without complaint.
 */
async function restoreDomain(ctx: CommandContext, row: Row, op: string): Promise<Reply> {
  const name = row.domain;
  if (op !== 'request' && op !== 'report') return refuse(2005, 'rgp:restore op is request or report');
  if (op === 'request') {
    const feeRefusal = checkFeeAck(ctx, name, 'restore', 1);
    if (feeRefusal) return feeRefusal;
    if (registryMishap(name) === 'dropped') return { code: 2400, close: 'before' };
  }
  const inRedemption = row.statuses.includes('redemptionPeriod');
  const statuses =
    op === 'request' && inRedemption
      ? [...row.statuses.filter((s) => s !== 'redemptionPeriod'), 'pendingRestore']
      : row.statuses.filter((s) => s !== 'redemptionPeriod' && s !== 'pendingRestore' && s !== 'pendingDelete');
  await ctx.db.update(registryDomains).set({ statuses, modifyDate: ctx.clock.now() }).where(eq(registryDomains.domain, name));
  const rgpStatus = op === 'request' && inRedemption ? 'pendingRestore' : null;
  const extension = [
    ctx.extURIs.has(ns.rgp) && rgpStatus ? `<rgp:upData xmlns:rgp="${ns.rgp}"><rgp:rgpStatus s="${rgpStatus}"/></rgp:upData>` : '',
    op === 'request' ? (feeResult(ctx, 'updData', priceOf(name, 'restore', 1).cents) ?? '') : '',
  ].join('');
  return { code: 1000, extension: extension || undefined };
}

export async function deleteDomain(ctx: CommandContext, del: XmlElement): Promise<Reply> {
  const name = canonical(textOf(del, ns.domain, 'name') ?? '');
  const refusal = notServed(ctx, name);
  if (refusal) return refusal;
  const row = await domainRow(ctx, name);
  if (!row) return refuse(2303, `${name} is not registered`, domainValue(name));
  if (!row.ours) return refuse(2201, `${name} is sponsored by another registrar`, domainValue(name));
  const blocked = row.statuses.find((status) => /DeleteProhibited|pendingTransfer|pendingDelete|redemptionPeriod|pendingRestore/.test(status));
  if (blocked) return refuse(2304, `${name} has status ${blocked}`, domainValue(name));
  // RFC 5731 §3.2.2: a name with subordinate host objects (its glue) cannot be deleted until they are gone.
  const [subordinate] = await ctx.db
    .select({ host: registryHosts.host })
    .from(registryHosts)
    .where(sql`${registryHosts.host} like ${`%.${name}`}`)
    .limit(1);
  if (subordinate) return refuse(2305, `${subordinate.host} is subordinate to ${name}: delete it first`, domainValue(name));
  const today = ctx.clock.now();
  if (today.getTime() - row.createDate.getTime() < addGraceDays * dayMs) {
    await purge(ctx, name);
    return { code: 1000 };
  }
  await ctx.db
    .update(registryDomains)
    .set({ statuses: [...row.statuses.filter((status) => status !== 'ok'), 'pendingDelete', 'redemptionPeriod'], modifyDate: today })
    .where(and(eq(registryDomains.domain, name), eq(registryDomains.ours, true)));
  return { code: 1001 };
}

async function purge(ctx: CommandContext, name: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(registryDomains).where(eq(registryDomains.domain, name));
    await tx.delete(registryDomainContacts).where(eq(registryDomainContacts.domain, name));
  });
}

/** Purges names whose redemption and pendingDelete ran out (called now and then, not on every command). */
export async function purgeExpiredDeletions(ctx: Pick<CommandContext, 'db' | 'clock'>): Promise<void> {
  const before = new Date(ctx.clock.now().getTime() - purgeAfterDays * dayMs);
  await ctx.db
    .delete(registryDomains)
    .where(and(sql`'pendingDelete' = any(${registryDomains.statuses})`, sql`${registryDomains.modifyDate} < ${before.toISOString()}::timestamptz`));
}
