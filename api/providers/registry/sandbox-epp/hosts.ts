/** Host objects (RFC 5732) at the sandbox registry, kept in registry_hosts: check, create, info, update, delete. */
import { eq, inArray, sql } from 'drizzle-orm';
import { registryDomains, registryHosts } from '../../../db/schema/index.ts';
import { childOf, childrenOf, el, escapeXml, ns, textOf, type XmlElement } from '../epp-xml.ts';
import { type CommandContext, canonical, hostNsAttr } from './context.ts';
import { domainRow } from './domain-view.ts';
import { eppDate, refuse, type Reply, roidOf } from './frames.ts';

const hostShape = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;
const hostValue = (name: string) => `<host:name ${hostNsAttr}>${escapeXml(name)}</host:name>`;

const addressesOf = (parent: XmlElement | undefined) => childrenOf(parent, ns.host, 'addr').map((addr) => addr.text.trim().toLowerCase());
const addrXml = (addresses: string[]) => addresses.map((ip) => `<host:addr ip="${ip.includes(':') ? 'v6' : 'v4'}">${escapeXml(ip)}</host:addr>`).join('');

async function isLinked(ctx: CommandContext, host: string): Promise<boolean> {
  const [user] = await ctx.db
    .select({ domain: registryDomains.domain })
    .from(registryDomains)
    .where(sql`exists (select 1 from unnest(${registryDomains.nameservers}) as ns where lower(ns) = ${host})`)
    .limit(1);
  return !!user;
}

/** The domain a host name is subordinate to, among names this registry serves that are ours. */
async function superordinate(ctx: CommandContext, host: string): Promise<{ domain: string; ours: boolean } | null> {
  const labels = host.split('.');
  for (let i = 1; i < labels.length - 1; i++) {
    const domain = labels.slice(i).join('.');
    if (ctx.router.forDomain(domain) !== ctx.registry) continue;
    const row = await domainRow(ctx, domain);
    if (row) return { domain, ours: row.ours };
  }
  return null;
}

export async function hostCommand(ctx: CommandContext, verb: string, element: XmlElement): Promise<Reply> {
  if (verb === 'check') {
    const names = childrenOf(element, ns.host, 'name').map((n) => canonical(n.text));
    const rows = names.length ? await ctx.db.select({ host: registryHosts.host }).from(registryHosts).where(inArray(registryHosts.host, names)) : [];
    const held = new Set(rows.map((row) => row.host));
    const cds = names
      .map(
        (name) =>
          `<host:cd><host:name avail="${held.has(name) ? 0 : 1}">${escapeXml(name)}</host:name>${held.has(name) ? el('host:reason', 'In use') : ''}</host:cd>`,
      )
      .join('');
    return { code: 1000, resData: `<host:chkData ${hostNsAttr}>${cds}</host:chkData>` };
  }
  const name = canonical(textOf(element, ns.host, 'name') ?? '');
  if (!hostShape.test(name)) return refuse(2005, `${name || '(none)'} is not a host name`, hostValue(name));
  const [row] = await ctx.db.select().from(registryHosts).where(eq(registryHosts.host, name)).limit(1);
  const today = ctx.clock.now();
  if (verb === 'create') {
    if (row) return refuse(2302, `Host ${name} exists`, hostValue(name));
    const addresses = addressesOf(element);
    const parent = await superordinate(ctx, name);
    if (parent && !parent.ours) return refuse(2201, `${parent.domain} is sponsored by another registrar`, hostValue(name));
    if (parent && addresses.length === 0) return refuse(2003, `${name} is under ${parent.domain}: give its addresses (glue)`, hostValue(name));
    await ctx.db.insert(registryHosts).values({ host: name, addresses, createDate: today, modifyDate: today }).onConflictDoNothing();
    return { code: 1000, resData: `<host:creData ${hostNsAttr}>${el('host:name', name)}${el('host:crDate', eppDate(today))}</host:creData>` };
  }
  if (!row) return refuse(2303, `No host ${name}`, hostValue(name));
  if (verb === 'info') {
    const status = (await isLinked(ctx, name)) ? '<host:status s="linked"/>' : '<host:status s="ok"/>';
    return {
      code: 1000,
      resData: `<host:infData ${hostNsAttr}>${el('host:name', name)}${el('host:roid', roidOf('H', name))}${status}${addrXml(row.addresses)}${el('host:clID', ctx.clientId)}${el('host:crID', ctx.clientId)}${el('host:crDate', eppDate(row.createDate))}${el('host:upDate', eppDate(row.modifyDate))}</host:infData>`,
    };
  }
  if (verb === 'update') {
    if (childOf(element, ns.host, 'chg')) return refuse(2306, 'This registry does not rename host objects: create the new one instead');
    const remove = addressesOf(childOf(element, ns.host, 'rem'));
    const add = addressesOf(childOf(element, ns.host, 'add'));
    const addresses = [...row.addresses.filter((ip) => !remove.includes(ip.toLowerCase())), ...add.filter((ip) => !row.addresses.includes(ip))];
    await ctx.db.update(registryHosts).set({ addresses, modifyDate: today }).where(eq(registryHosts.host, name));
    return { code: 1000 };
  }
  if (verb === 'delete') {
    if (await isLinked(ctx, name)) return refuse(2305, `${name} is a nameserver of a domain`, hostValue(name));
    await ctx.db.delete(registryHosts).where(eq(registryHosts.host, name));
    return { code: 1000 };
  }
  return refuse(2101, `host:${verb} is not offered`);
}
