/**
 * Domain <transfer> at the sandbox registry (RFC 5731 §3.2.4). We are the gaining registrar of names other registrars
 * hold in the sandbox world (request, cancel), and the losing one of our names another registrar asked for (approve,
 * reject; requested through the sandbox dev route). Completion after 5 days is sandbox-transfers.ts's, on the clock.
 */
import { and, eq } from 'drizzle-orm';
import { registryDomains, registryMessages } from '../../../db/schema/index.ts';
import { childOf, ns, pathOf, textOf, type XmlElement } from '../epp-xml.ts';
import { approveOutboundTransfer, rejectOutboundTransfer, settleDueTransfers } from '../sandbox-transfers.ts';
import { createSandboxLifecycle, transferEligibility } from '../sandbox-lifecycle.ts';
import { type CommandContext, canonical, domainValue, notServed, wait, yearsOf } from './context.ts';
import { queryTransfer, transferData } from './domain-query.ts';
import { domainRow } from './domain-view.ts';
import { checkFeeAck, feeResult, priceOf } from './fees.ts';
import { refuse, type Reply } from './frames.ts';
import { extensionOf } from './registries.ts';

export async function transferDomain(ctx: CommandContext, op: string, transfer: XmlElement): Promise<Reply> {
  const name = canonical(textOf(transfer, ns.domain, 'name') ?? '');
  const refusal = notServed(ctx, name);
  if (refusal) return refusal;
  await settleDueTransfers(ctx.db, ctx.registrarName);
  switch (op) {
    case 'query':
      return queryTransfer(ctx, name);
    case 'request':
      return requestTransfer(ctx, name, transfer);
    case 'cancel':
      return cancelTransfer(ctx, name);
    case 'approve':
    case 'reject':
      return answerTransfer(ctx, name, op);
    default:
      return refuse(2005, 'transfer op is request, query, approve, reject or cancel');
  }
}

async function requestTransfer(ctx: CommandContext, name: string, transfer: XmlElement): Promise<Reply> {
  const years = yearsOf(childOf(transfer, ns.domain, 'period'));
  if (years !== 1) return refuse(2004, 'A transfer adds one year', domainValue(name));
  const row = await domainRow(ctx, name);
  if (row?.ours) return refuse(2106, `${name} is already sponsored by you`, domainValue(name));
  if (row?.statuses.includes('pendingTransfer')) return refuse(2300, `A transfer of ${name} is already pending`, domainValue(name));
  const eligibility = transferEligibility(name, null, new Set([extensionOf(name)]), ctx.clock.now().getTime());
  if (!eligibility.ok) {
    if (eligibility.reason === 'not-registered') return refuse(2303, `${name} is not registered`, domainValue(name));
    if (eligibility.reason === 'locked') return refuse(2304, `${name} has status clientTransferProhibited`, domainValue(name));
    return refuse(2106, `${name} is not eligible for transfer (${eligibility.reason})`, domainValue(name));
  }
  const feeRefusal = checkFeeAck(ctx, name, 'transfer', 1);
  if (feeRefusal) return feeRefusal;
  const authCode = pathOf(transfer, [ns.domain, 'authInfo'], [ns.domain, 'pw'])?.text ?? null;
  if (!authCode) return refuse(2202, `The transfer of ${name} needs its authInfo`, domainValue(name));
  await wait(ctx.latencyOf(name));
  // The sandbox's own rules decide: which codes the losing registrar accepts, and the pending row with its day.
  const lifecycle = createSandboxLifecycle(ctx.db, { registrarName: ctx.registrarName });
  const answer = await lifecycle.requestTransfer({ domain: name, authCode });
  if (answer.status === 'auth-code-needed' || answer.status === 'auth-code-rejected') {
    return refuse(2202, `Invalid authorization information for ${name}`, domainValue(name));
  }
  if (answer.status === 'failed') return refuse(2304, answer.reason, domainValue(name));
  const pending = await transferData(ctx, name);
  return {
    code: 1001,
    resData: pending?.trnData,
    extension: feeResult(ctx, 'trnData', priceOf(name, 'transfer', 1).cents, 1),
    close: answer.status === 'unknown' ? 'after' : undefined,
  };
}

/** The gaining registrar (us) withdraws its request: the name stays where it was. */
async function cancelTransfer(ctx: CommandContext, name: string): Promise<Reply> {
  const row = await domainRow(ctx, name);
  if (!row || row.ours || !row.statuses.includes('pendingTransfer')) return refuse(2301, `No transfer of ${name} is pending`, domainValue(name));
  await ctx.db.transaction(async (tx) => {
    await tx.delete(registryDomains).where(and(eq(registryDomains.domain, name), eq(registryDomains.ours, false)));
    await tx.insert(registryMessages).values({
      domain: name,
      transferStatus: 'clientCancelled',
      text: `Transfer of ${name} cancelled by the gaining registrar`,
      createDate: ctx.clock.now(),
    });
  });
  return { code: 1000 };
}

/** Our answer, as the losing registrar, to another registrar's request for one of our names. */
async function answerTransfer(ctx: CommandContext, name: string, op: 'approve' | 'reject'): Promise<Reply> {
  const row = await domainRow(ctx, name);
  if (!row) return refuse(2303, `${name} is not registered`, domainValue(name));
  if (!row.ours) {
    if (row.statuses.includes('pendingTransfer')) return refuse(2201, `Only the losing registrar may ${op} the transfer of ${name}`, domainValue(name));
    return refuse(2301, `No transfer of ${name} is pending`, domainValue(name));
  }
  if (!row.gainingRegistrar) return refuse(2301, `No transfer of ${name} is pending`, domainValue(name));
  const before = await transferData(ctx, name);
  if (op === 'approve') await approveOutboundTransfer(ctx.db, name);
  else await rejectOutboundTransfer(ctx.db, name);
  const status = op === 'approve' ? 'clientApproved' : 'clientRejected';
  return { code: 1000, resData: before?.trnData.replace('<domain:trStatus>pending</domain:trStatus>', `<domain:trStatus>${status}</domain:trStatus>`) };
}
