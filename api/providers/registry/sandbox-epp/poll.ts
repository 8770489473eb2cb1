/**
 * <poll> at a sandbox registry: the registrar's message queue (registry_messages), each registry showing only the
 * messages about names it serves. A transfer notice carries <domain:trnData> as RFC 5731 §3.3 describes.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { registryMessages } from '../../../db/schema/index.ts';
import { el, escapeXml } from '../epp-xml.ts';
import { settleDueTransfers } from '../sandbox-transfers.ts';
import { type CommandContext, domainNsAttr } from './context.ts';
import { clientIdOf, eppDate, refuse, type Reply } from './frames.ts';

/** Messages about names this registry serves: its own extensions, or (the '*' registry) every extension no other names. */
function servedByRegistry(ctx: CommandContext) {
  const extension = sql`substring(${registryMessages.domain} from position('.' in ${registryMessages.domain}) + 1)`;
  if (ctx.registry.extensions === '*') {
    const named = [...ctx.router.named];
    return named.length ? sql`not (${extension} = any(string_to_array(${named.join(',')}::text, ',')))` : sql`true`;
  }
  return sql`${extension} = any(string_to_array(${ctx.registry.extensions.join(',')}::text, ','))`;
}

export async function poll(ctx: CommandContext, op: string, msgID: string | undefined): Promise<Reply> {
  if (op === 'ack') {
    const id = Number(msgID);
    if (!msgID || !Number.isInteger(id)) return refuse(2005, 'Give the msgID to acknowledge');
    const gone = await ctx.db
      .delete(registryMessages)
      .where(and(eq(registryMessages.messageId, id), servedByRegistry(ctx)))
      .returning({ id: registryMessages.messageId });
    if (gone.length === 0) return refuse(2303, `No message ${msgID} in the queue`);
    const [{ count }] = await ctx.db.select({ count: sql<number>`count(*)::int` }).from(registryMessages).where(servedByRegistry(ctx));
    return { code: 1000, msgQ: `<msgQ count="${count}" id="${escapeXml(msgID)}"/>` };
  }
  if (op !== 'req') return refuse(2005, 'poll op is req or ack');
  await settleDueTransfers(ctx.db, ctx.registrarName);
  const [row] = await ctx.db.select().from(registryMessages).where(servedByRegistry(ctx)).orderBy(asc(registryMessages.messageId)).limit(1);
  if (!row) return { code: 1300 };
  const [{ count }] = await ctx.db.select({ count: sql<number>`count(*)::int` }).from(registryMessages).where(servedByRegistry(ctx));
  // Inbound: we gained (or asked for) the name; outbound: another registrar asked for ours.
  const other = clientIdOf(row.otherRegistrar ?? 'another registrar');
  const reID = row.inbound ? ctx.clientId : other;
  const acID = row.inbound ? other : ctx.clientId;
  const exDate = row.expireDate ? el('domain:exDate', eppDate(row.expireDate)) : '';
  const trnData = `<domain:trnData ${domainNsAttr}>${el('domain:name', row.domain)}${el('domain:trStatus', row.transferStatus)}${el('domain:reID', reID)}${el('domain:reDate', eppDate(row.createDate))}${el('domain:acID', acID)}${el('domain:acDate', eppDate(row.createDate))}${exDate}</domain:trnData>`;
  return {
    code: 1301,
    msgQ: `<msgQ count="${count}" id="${row.messageId}">${el('qDate', eppDate(row.createDate))}${el('msg', row.text)}</msgQ>`,
    resData: trnData,
  };
}
