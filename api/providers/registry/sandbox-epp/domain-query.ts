/** Domain queries at the sandbox registry: <check> (with RFC 8748 fees), <info> and <transfer op="query">. */
import { sql } from 'drizzle-orm';
import { registryDomains } from '../../../db/schema/index.ts';
import { childOf, childrenOf, el, ns, pathOf, type XmlElement } from '../epp-xml.ts';
import { settleDueTransfers } from '../sandbox-transfers.ts';
import { worldAvailability } from '../sandbox-availability.ts';
import { type CommandContext, canonical, domainNsAttr, domainValue, notServed, wait } from './context.ts';
import { domainInfoReply, viewDomain } from './domain-view.ts';
import { feeCheckData } from './fees.ts';
import { clientIdOf, eppDate, refuse, type Reply } from './frames.ts';

const maxCheckNames = 50;

export async function checkDomains(ctx: CommandContext, check: XmlElement): Promise<Reply> {
  const names = childrenOf(check, ns.domain, 'name').map((name) => canonical(name.text));
  if (names.length === 0) return refuse(2003, 'Name at least one domain');
  if (names.length > maxCheckNames) return refuse(2306, `At most ${maxCheckNames} names per check`);
  for (const name of names) {
    if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/.test(name)) return refuse(2005, `${name} is not a domain name`, domainValue(name));
    const refusal = notServed(ctx, name);
    if (refusal) return refusal;
  }
  await wait(Math.max(...names.map((name) => ctx.latencyOf(name))));
  const rows = await ctx.db
    .select({ domain: registryDomains.domain })
    .from(registryDomains)
    .where(sql`${registryDomains.domain} = any(string_to_array(${names.join(',')}::text, ','))`);
  const held = new Set(rows.map((row) => row.domain));
  const answers = names.map((name) => {
    if (held.has(name)) return { name, available: false, reason: 'In use' };
    const world = worldAvailability(name);
    return { name, available: world.available, reason: world.reason === 'reserved' ? 'Reserved by registry policy' : world.available ? undefined : 'In use' };
  });
  const fees = feeCheckData(ctx, answers);
  if ('code' in fees) return fees;
  const cds = answers
    .map(
      (answer) =>
        `<domain:cd><domain:name avail="${answer.available ? 1 : 0}">${answer.name}</domain:name>${answer.reason ? el('domain:reason', answer.reason) : ''}</domain:cd>`,
    )
    .join('');
  return { code: 1000, resData: `<domain:chkData ${domainNsAttr}>${cds}</domain:chkData>`, extension: fees.extension };
}

export async function infoDomain(ctx: CommandContext, info: XmlElement): Promise<Reply> {
  const nameEl = childOf(info, ns.domain, 'name');
  if (!nameEl?.text) return refuse(2003, 'Name the domain');
  const name = canonical(nameEl.text);
  const refusal = notServed(ctx, name);
  if (refusal) return refusal;
  await settleDueTransfers(ctx.db, ctx.registrarName);
  const view = await viewDomain(ctx, name);
  if (!view) return refuse(2303, `${name} is not registered`, domainValue(name));
  // RFC 5731 §3.1.2: another registrar's name shows in full to whoever gives its authInfo.
  const pw = pathOf(info, [ns.domain, 'authInfo'], [ns.domain, 'pw'])?.text;
  if (!view.ours && pw && view.row && pw !== view.row.authCode) return refuse(2202, 'Invalid authorization information', domainValue(name));
  return { code: 1000, ...(await domainInfoReply(ctx, view, nameEl.attrs.hosts ?? 'all')) };
}

/** Where a transfer stands, as <domain:trnData> says it; null when none is pending. */
export async function transferData(ctx: CommandContext, name: string): Promise<{ trnData: string; status: string } | null> {
  await settleDueTransfers(ctx.db, ctx.registrarName);
  const view = await viewDomain(ctx, name);
  const row = view?.row;
  if (!row?.transferCompleteDate) return null;
  // Ours and another registrar asked for it (outbound), or theirs and we asked (inbound).
  const outbound = row.ours && !!row.gainingRegistrar;
  const inbound = !row.ours && row.statuses.includes('pendingTransfer');
  if (!outbound && !inbound) return null;
  const reID = outbound ? clientIdOf(row.gainingRegistrar ?? 'another registrar') : ctx.clientId;
  const acID = outbound ? ctx.clientId : clientIdOf(row.registrarName);
  const exDate = new Date(row.expireDate);
  exDate.setUTCFullYear(exDate.getUTCFullYear() + 1);
  return {
    status: 'pending',
    trnData: `<domain:trnData ${domainNsAttr}>${el('domain:name', name)}${el('domain:trStatus', 'pending')}${el('domain:reID', reID)}${el('domain:reDate', eppDate(row.modifyDate))}${el('domain:acID', acID)}${el('domain:acDate', eppDate(row.transferCompleteDate))}${el('domain:exDate', eppDate(exDate))}</domain:trnData>`,
  };
}

export async function queryTransfer(ctx: CommandContext, name: string): Promise<Reply> {
  const view = await viewDomain(ctx, name);
  if (!view) return refuse(2303, `${name} is not registered`, domainValue(name));
  const pending = await transferData(ctx, name);
  if (!pending) return refuse(2301, `No transfer of ${name} is pending`, domainValue(name));
  return { code: 1000, resData: pending.trnData };
}
