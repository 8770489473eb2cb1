/**
 * One name as the sandbox registry holds it, from registry_domains (names registered or requested through this
 * product) or, for names other registrars hold, from the deterministic sandbox world, and its <domain:infData>.
 */
import { eq, sql } from 'drizzle-orm';
import { type RegistryDomainRow as Row, registryDomainContacts, registryDomains, registryHosts } from '../../../db/schema/index.ts';
import { el, escapeXml, ns } from '../epp-xml.ts';
import { externalRegistration, isReserved } from '../sandbox-world.ts';
import { type CommandContext, domainNsAttr } from './context.ts';
import { clientIdOf, eppDate, roidOf } from './frames.ts';

export type DomainView = {
  name: string;
  /** The registry row, for names this product registered or asked to transfer in. */
  row: Row | null;
  ours: boolean;
  clID: string;
  statuses: string[];
  crDate: Date;
  upDate: Date | null;
  exDate: Date;
  nameservers: string[];
  authCode: string | null;
  registrant: string | null;
  roles: Partial<Record<'admin' | 'tech' | 'billing', string>>;
};

/** RFC 5731 status values; RFC 3915 grace statuses (redemptionPeriod, pendingRestore) go in <rgp:infData> instead. */
const domainStatuses = new Set([
  'clientDeleteProhibited',
  'clientHold',
  'clientRenewProhibited',
  'clientTransferProhibited',
  'clientUpdateProhibited',
  'inactive',
  'ok',
  'pendingCreate',
  'pendingDelete',
  'pendingRenew',
  'pendingTransfer',
  'pendingUpdate',
  'serverDeleteProhibited',
  'serverHold',
  'serverRenewProhibited',
  'serverTransferProhibited',
  'serverUpdateProhibited',
]);
export const rgpStatuses = new Set(['addPeriod', 'autoRenewPeriod', 'renewPeriod', 'transferPeriod', 'redemptionPeriod', 'pendingRestore', 'pendingDelete']);

export async function domainRow(ctx: CommandContext, name: string): Promise<Row | null> {
  const [row] = await ctx.db.select().from(registryDomains).where(eq(registryDomains.domain, name)).limit(1);
  return row ?? null;
}

/** The name as the registry holds it, or null when nobody holds it. */
export async function viewDomain(ctx: CommandContext, name: string): Promise<DomainView | null> {
  const row = await domainRow(ctx, name);
  if (row) {
    const [links] = await ctx.db.select().from(registryDomainContacts).where(eq(registryDomainContacts.domain, name)).limit(1);
    return {
      name,
      row,
      ours: row.ours,
      clID: row.ours ? ctx.clientId : clientIdOf(row.registrarName),
      statuses: row.statuses,
      crDate: row.createDate,
      upDate: row.modifyDate,
      exDate: row.expireDate,
      nameservers: row.nameservers.map((host) => host.toLowerCase()),
      authCode: row.ours ? row.authCode : null,
      registrant: links?.registrant ?? null,
      roles: links?.roles ?? {},
    };
  }
  if (isReserved(name)) return null;
  const outside = externalRegistration(name, ctx.clock.now().getTime());
  if (!outside) return null;
  return {
    name,
    row: null,
    ours: false,
    clID: clientIdOf(outside.registrarName),
    statuses: outside.statuses,
    crDate: outside.createDate,
    upDate: null,
    exDate: outside.expireDate,
    nameservers: outside.nameservers,
    authCode: null,
    registrant: null,
    roles: {},
  };
}

/** Host objects under the name (its glue), as <domain:host> lists them. */
async function subordinateHosts(ctx: CommandContext, name: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ host: registryHosts.host })
    .from(registryHosts)
    .where(sql`${registryHosts.host} like ${`%.${name}`}`);
  return rows.map((r) => r.host);
}

/** <domain:infData> (and secDNS/rgp infData when the client logged in with them) for a name. */
export async function domainInfoReply(ctx: CommandContext, view: DomainView, hosts: string): Promise<{ resData: string; extension?: string }> {
  const shown = view.statuses.filter((status) => domainStatuses.has(status));
  const statuses = (shown.length ? shown : ['ok']).map((status) => `<domain:status s="${status}"/>`).join('');
  const roles = (['admin', 'tech', 'billing'] as const)
    .filter((role) => view.roles[role])
    .map((role) => `<domain:contact type="${role}">${escapeXml(view.roles[role]!)}</domain:contact>`)
    .join('');
  const full = view.ours;
  const nsXml =
    (hosts === 'all' || hosts === 'del') && view.nameservers.length
      ? `<domain:ns>${view.nameservers.map((host) => el('domain:hostObj', host)).join('')}</domain:ns>`
      : '';
  const subordinate =
    full && (hosts === 'all' || hosts === 'sub') ? (await subordinateHosts(ctx, view.name)).map((host) => el('domain:host', host)).join('') : '';
  const resData = [
    `<domain:infData ${domainNsAttr}>`,
    el('domain:name', view.name),
    el('domain:roid', roidOf('D', view.name)),
    statuses,
    full && view.registrant ? el('domain:registrant', view.registrant) : '',
    full ? roles : '',
    nsXml,
    subordinate,
    el('domain:clID', view.clID),
    el('domain:crID', view.clID),
    el('domain:crDate', eppDate(view.crDate)),
    view.upDate ? el('domain:upDate', eppDate(view.upDate)) : '',
    el('domain:exDate', eppDate(view.exDate)),
    full && view.authCode ? `<domain:authInfo>${el('domain:pw', view.authCode)}</domain:authInfo>` : '',
    '</domain:infData>',
  ].join('');
  const extensions: string[] = [];
  const ds = view.row?.dsRecords ?? [];
  if (full && ds.length && ctx.extURIs.has(ns.secDNS)) {
    const records = ds
      .map(
        (d) =>
          `<secDNS:dsData>${el('secDNS:keyTag', d.keyTag)}${el('secDNS:alg', d.algorithm)}${el('secDNS:digestType', d.digestType)}${el('secDNS:digest', d.digest)}</secDNS:dsData>`,
      )
      .join('');
    extensions.push(`<secDNS:infData xmlns:secDNS="${ns.secDNS}">${records}</secDNS:infData>`);
  }
  const rgp = view.statuses.filter((status) => rgpStatuses.has(status) && status !== 'pendingDelete');
  if (full && rgp.length && ctx.extURIs.has(ns.rgp)) {
    extensions.push(`<rgp:infData xmlns:rgp="${ns.rgp}">${rgp.map((status) => `<rgp:rgpStatus s="${status}"/>`).join('')}</rgp:infData>`);
  }
  return { resData, extension: extensions.join('') || undefined };
}
