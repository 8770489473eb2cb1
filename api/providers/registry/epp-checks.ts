/** Availability and prices over EPP: `<domain:check>` through the connection's shared check queue, with RFC 8748 fee checks when offered. */
import { createCheckCache, defaultCheckCache } from './epp-check-cache.ts';
import { createCheckQueue } from './epp-check-queue.ts';
import { type CommandPriority, EppError } from './epp-connection.ts';
import { domainNs, feeCheckXml, formatDecimal, readFees } from './epp-domain-xml.ts';
import { type EppSession, isTrue } from './epp-session.ts';
import { childOf, childrenOf, el, ns, textOf } from './epp-xml.ts';
import type { Availability, RegistryProvider } from './index.ts';

/** Names per `<domain:check>` when the connection does not say (registries commonly take 20 or more). */
export const defaultCheckNames = 20;

/** Names as the registry spells them: trimmed, lower-case, no trailing dot. Answers and failures name domains so. */
export const registryName = (domain: string) => domain.trim().toLowerCase().replace(/\.$/, '');

export function checkStreaming(session: EppSession): RegistryProvider['checkStreaming'] {
  // Every search's names for this registry share one queue: waiting names go out together, each asked once (epp-check-queue.ts).
  const { checkNames, checkCache, batchAcrossExtensions } = session.options;
  const cacheOptions = { ...defaultCheckCache, ...checkCache };
  const queue = createCheckQueue({
    send: async (names, priority, signal) => checkBatch(session, names, await session.hasFees(), signal, priority),
    turn: session.turn,
    concurrency: session.sessions,
    maxNames: checkNames ?? defaultCheckNames,
    // A gateway to many registries (the EPP_HOST connection) gets one extension per command instead.
    acrossExtensions: batchAcrossExtensions === true,
    cache: cacheOptions.availableMs > 0 || cacheOptions.takenMs > 0 ? createCheckCache(cacheOptions) : null,
  });
  return (domains, listener) => queue.check([...new Set(domains.map(registryName))], listener);
}

/** One <domain:check> (with fee check when offered), its turn under the rate limit already taken by the queue. */
async function checkBatch(
  session: EppSession,
  names: string[],
  withFees: boolean,
  signal: AbortSignal | undefined,
  priority: CommandPriority,
): Promise<Availability[]> {
  const extension = withFees ? feeCheckXml(session.currency, ['create', 'renew'], 1) : undefined;
  const response = await session.command(
    `Could not check ${names.join(', ')}`,
    `<check><domain:check ${domainNs}>${names.map((name) => el('domain:name', name)).join('')}</domain:check></check>`,
    { extension, query: true, signal, priority, turnTaken: true },
  );
  const answers = new Map<string, { available: boolean; reason?: string }>();
  for (const cd of childrenOf(childOf(response.resData, ns.domain, 'chkData'), ns.domain, 'cd')) {
    const name = childOf(cd, ns.domain, 'name');
    if (!name) continue;
    answers.set(name.text.toLowerCase(), { available: isTrue(name.attrs.avail), reason: textOf(cd, ns.domain, 'reason') });
  }
  const fees = readFees(response.extension, 'create');
  const renewFees = readFees(response.extension, 'renew');
  return names.map((domain) => {
    const answer = answers.get(domain);
    if (!answer) throw new EppError(`The registry did not say whether ${domain} is available`);
    if (!answer.available)
      return { domain, available: false, reason: /reserv|block|restrict|prohibit|polic/i.test(answer.reason ?? '') ? 'reserved' : 'taken' };
    const fee = fees.get(domain);
    if (!fee?.premium) return { domain, available: true };
    const renew = renewFees.get(domain);
    return { domain, available: true, premiumPrice: fee.cents, ...(renew?.premium ? { premiumRenewPrice: renew.cents } : {}) };
  });
}

/** The commands the fee extension prices (RFC 8748 §3.1); a restore is acknowledged on its <update>. */
export type FeeCommand = 'create' | 'renew' | 'transfer' | 'restore';

/** The registry's fee for one command on one name, as the fee extension states it (null without it). */
export async function feeFor(session: EppSession, domain: string, action: FeeCommand, years: number) {
  if (!(await session.hasFees())) return null;
  const response = await session.command(`Could not price ${domain}`, `<check><domain:check ${domainNs}>${el('domain:name', domain)}</domain:check></check>`, {
    extension: feeCheckXml(session.currency, action, years),
    query: true,
  });
  return readFees(response.extension, action).get(domain) ?? null;
}

/** The registry's price for one command on one name, in cents (null without the fee extension). */
export async function quoteFee(session: EppSession, domain: string, action: FeeCommand, years: number): Promise<number | null> {
  return (await feeFor(session, domain, action, years))?.cents ?? null;
}

/** A premium name's fee for one command in cents; null for a standard name or without the fee extension. */
export async function premiumFee(session: EppSession, domain: string, action: FeeCommand, years: number): Promise<number | null> {
  const fee = await feeFor(session, domain, action, years);
  return fee?.premium ? fee.cents : null;
}

/** A premium name's renewal price in cents; null for a standard name or without the fee extension. */
export function premiumRenewPrice(session: EppSession, domain: string, years: number): Promise<number | null> {
  return premiumFee(session, domain, 'renew', years);
}

/**
 * The fee we acknowledge in a create, renew, transfer or restore (RFC 8748 §5.2: a restore's is `<fee:update>`), so the
 * registry charges only what it quoted.
 */
export function feeAckXml(session: EppSession, action: FeeCommand, cents: number | null): string | undefined {
  if (cents === null) return undefined;
  const element = action === 'restore' ? 'update' : action;
  return `<fee:${element} xmlns:fee="${ns.fee}">${el('fee:currency', session.currency)}${el('fee:fee', formatDecimal(cents))}</fee:${element}>`;
}
