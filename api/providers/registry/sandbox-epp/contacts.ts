/** Contact objects (RFC 5733) at the sandbox registries: check, create, info, update, delete; none at a thin registry. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { registryContacts, registryDomainContacts } from '../../../db/schema/index.ts';
import type { SandboxContactData } from '../../../db/schema/sandbox-registry.ts';
import { childOf, childrenOf, el, escapeXml, ns, pathOf, textOf, type XmlElement } from '../epp-xml.ts';
import { type CommandContext, contactNsAttr } from './context.ts';
import { eppDate, refuse, type Reply, roidOf } from './frames.ts';

const idShape = /^[A-Za-z0-9_.:-]{3,16}$/;
const contactValue = (id: string) => `<contact:id ${contactNsAttr}>${escapeXml(id)}</contact:id>`;

function readPostalInfo(parent: XmlElement | undefined): SandboxContactData['postalInfo'] {
  return childrenOf(parent, ns.contact, 'postalInfo').map((info) => {
    const addr = childOf(info, ns.contact, 'addr');
    return {
      type: info.attrs.type === 'loc' ? 'loc' : 'int',
      name: textOf(info, ns.contact, 'name') ?? '',
      org: textOf(info, ns.contact, 'org'),
      street: childrenOf(addr, ns.contact, 'street').map((s) => s.text),
      city: textOf(addr, ns.contact, 'city') ?? '',
      sp: textOf(addr, ns.contact, 'sp'),
      pc: textOf(addr, ns.contact, 'pc'),
      cc: textOf(addr, ns.contact, 'cc') ?? '',
    };
  });
}

function postalInfoXml(data: SandboxContactData): string {
  return data.postalInfo
    .map(
      (p) =>
        `<contact:postalInfo type="${p.type}">${el('contact:name', p.name)}${p.org ? el('contact:org', p.org) : ''}<contact:addr>${p.street.map((s) => el('contact:street', s)).join('')}${el('contact:city', p.city)}${p.sp ? el('contact:sp', p.sp) : ''}${p.pc ? el('contact:pc', p.pc) : ''}${el('contact:cc', p.cc)}</contact:addr></contact:postalInfo>`,
    )
    .join('');
}

export async function contactCommand(ctx: CommandContext, verb: string, element: XmlElement): Promise<Reply> {
  if (ctx.registry.contacts === 'none') return refuse(2307, `${ctx.registry.name} is a thin registry: it keeps no contact objects`);
  const registry = ctx.registry.name;
  if (verb === 'check') {
    const ids = childrenOf(element, ns.contact, 'id').map((id) => id.text);
    const rows = ids.length
      ? await ctx.db
          .select({ id: registryContacts.id })
          .from(registryContacts)
          .where(and(eq(registryContacts.registry, registry), inArray(registryContacts.id, ids)))
      : [];
    const held = new Set(rows.map((row) => row.id));
    const cds = ids
      .map(
        (id) =>
          `<contact:cd><contact:id avail="${held.has(id) ? 0 : 1}">${escapeXml(id)}</contact:id>${held.has(id) ? el('contact:reason', 'In use') : ''}</contact:cd>`,
      )
      .join('');
    return { code: 1000, resData: `<contact:chkData ${contactNsAttr}>${cds}</contact:chkData>` };
  }
  const id = textOf(element, ns.contact, 'id') ?? '';
  if (!idShape.test(id)) return refuse(2005, `${id || '(none)'} is not a contact id (3-16 characters)`, contactValue(id));
  const [row] = await ctx.db
    .select()
    .from(registryContacts)
    .where(and(eq(registryContacts.registry, registry), eq(registryContacts.id, id)))
    .limit(1);
  const today = ctx.clock.now();
  if (verb === 'create') {
    if (row) return refuse(2302, `Contact ${id} exists`, contactValue(id));
    const postalInfo = readPostalInfo(element);
    const email = textOf(element, ns.contact, 'email');
    if (postalInfo.length === 0 || !email) return refuse(2003, 'A contact needs postalInfo and email', contactValue(id));
    const authCode = pathOf(element, [ns.contact, 'authInfo'], [ns.contact, 'pw'])?.text ?? '';
    const disclose = childOf(element, ns.contact, 'disclose');
    const data: SandboxContactData = {
      postalInfo,
      voice: textOf(element, ns.contact, 'voice'),
      fax: textOf(element, ns.contact, 'fax'),
      email,
      ...(disclose ? { disclose: disclose.attrs.flag === '1' || disclose.attrs.flag === 'true' } : {}),
    };
    await ctx.db
      .insert(registryContacts)
      .values({ registry, id, clientId: ctx.clientId, roid: roidOf('C', `${registry}:${id}`), authCode, data, createDate: today, modifyDate: today });
    return { code: 1000, resData: `<contact:creData ${contactNsAttr}>${el('contact:id', id)}${el('contact:crDate', eppDate(today))}</contact:creData>` };
  }
  if (!row) return refuse(2303, `No contact ${id}`, contactValue(id));
  const ours = row.clientId === ctx.clientId;
  if (verb === 'info') {
    const data = row.data;
    const disclose = data.disclose === undefined ? '' : `<contact:disclose flag="${data.disclose ? 1 : 0}"><contact:voice/><contact:email/></contact:disclose>`;
    return {
      code: 1000,
      resData: `<contact:infData ${contactNsAttr}>${el('contact:id', id)}${el('contact:roid', row.roid)}<contact:status s="ok"/>${postalInfoXml(data)}${data.voice ? el('contact:voice', data.voice) : ''}${data.fax ? el('contact:fax', data.fax) : ''}${el('contact:email', data.email)}${el('contact:clID', row.clientId)}${el('contact:crID', row.clientId)}${el('contact:crDate', eppDate(row.createDate))}${el('contact:upDate', eppDate(row.modifyDate))}${ours && row.authCode ? `<contact:authInfo>${el('contact:pw', row.authCode)}</contact:authInfo>` : ''}${ours ? disclose : ''}</contact:infData>`,
    };
  }
  if (!ours) return refuse(2201, `Contact ${id} belongs to another registrar`, contactValue(id));
  if (verb === 'update') {
    const chg = childOf(element, ns.contact, 'chg');
    const postalInfo = readPostalInfo(chg);
    const disclose = childOf(chg, ns.contact, 'disclose');
    const data: SandboxContactData = {
      ...row.data,
      ...(postalInfo.length ? { postalInfo } : {}),
      ...(textOf(chg, ns.contact, 'voice') !== undefined ? { voice: textOf(chg, ns.contact, 'voice') } : {}),
      ...(textOf(chg, ns.contact, 'fax') !== undefined ? { fax: textOf(chg, ns.contact, 'fax') } : {}),
      ...(textOf(chg, ns.contact, 'email') ? { email: textOf(chg, ns.contact, 'email') as string } : {}),
      ...(disclose ? { disclose: disclose.attrs.flag === '1' || disclose.attrs.flag === 'true' } : {}),
    };
    const authCode = pathOf(chg, [ns.contact, 'authInfo'], [ns.contact, 'pw'])?.text ?? row.authCode;
    await ctx.db
      .update(registryContacts)
      .set({ data, authCode, modifyDate: today })
      .where(and(eq(registryContacts.registry, registry), eq(registryContacts.id, id)));
    return { code: 1000 };
  }
  if (verb === 'delete') {
    const [user] = await ctx.db
      .select({ domain: registryDomainContacts.domain })
      .from(registryDomainContacts)
      .where(sql`${registryDomainContacts.registrant} = ${id} or exists (select 1 from jsonb_each_text(${registryDomainContacts.roles}) where value = ${id})`)
      .limit(1);
    if (user) return refuse(2305, `Contact ${id} is used by ${user.domain}`, contactValue(id));
    await ctx.db.delete(registryContacts).where(and(eq(registryContacts.registry, registry), eq(registryContacts.id, id)));
    return { code: 1000 };
  }
  return refuse(2101, `contact:${verb} is not offered`);
}
