/**
 * RFC 8748 fees at the sandbox registries: premium names at the sandbox world's premium price (sandbox-world.ts),
 * every other name at a standard price fixed per extension; fee checks answered, and a create, renew or transfer
 * refused (2004) when the fee the client acknowledges is not the price.
 */
import { childOf, childrenOf, el, escapeXml, ns, textOf, type XmlElement } from '../epp-xml.ts';
import { formatDecimal, parseCents } from '../epp-domain-xml.ts';
import { premiumPrice, stableHash } from '../sandbox-world.ts';
import { type CommandContext, extensionElement, yearsOf } from './context.ts';
import { refuse, type Reply } from './frames.ts';
import { extensionOf } from './registries.ts';

export const currency = 'USD';
export type FeeCommand = 'create' | 'renew' | 'transfer' | 'restore';
const feeNs = `xmlns:fee="${ns.fee}"`;
/** RFC 3915 restore fee, on top of the renewal a restore includes at real registries. */
const restoreCents = 4000;

/** The registry's standard yearly price of an extension: between $8 and $30, fixed per extension. */
export function standardCents(extension: string): number {
  return 800 + (stableHash(`wholesale:${extension}`) % 23) * 100;
}

/** What a command on this name costs for `years`, and whether the name is premium. */
export function priceOf(domain: string, command: FeeCommand, years: number): { cents: number; premium: boolean } {
  const premium = premiumPrice(domain);
  const yearly = premium ?? standardCents(extensionOf(domain));
  // The restore fee is the same for every name, premium or not.
  if (command === 'restore') return { cents: restoreCents, premium: false };
  // A transfer adds one year, at the renewal price.
  return { cents: yearly * (command === 'transfer' ? 1 : years), premium: premium !== null };
}

/** `<fee:chkData>` for the names of a `<domain:check>`, or a refusal when the fee check asks for what we do not give. */
export function feeCheckData(ctx: CommandContext, names: { name: string }[]): { extension?: string } | Reply {
  const check = extensionElement(ctx, ns.fee, 'check');
  if (!check || !ctx.extURIs.has(ns.fee)) return {};
  const asked = textOf(check, ns.fee, 'currency');
  if (asked && asked !== currency) return refuse(2306, `Fees are quoted in ${currency} only`);
  const commands: { name: FeeCommand; years: number; period: string }[] = [];
  for (const command of childrenOf(check, ns.fee, 'command')) {
    const name = command.attrs.name as FeeCommand;
    if (!['create', 'renew', 'transfer', 'restore'].includes(name)) return refuse(2306, `No fee is quoted for the ${command.attrs.name} command`);
    const period = childOf(command, ns.fee, 'period');
    const years = name === 'restore' ? 1 : yearsOf(period);
    if (years === null) return refuse(2004, 'The fee period must be 1 to 10 years');
    commands.push({ name, years, period: name === 'restore' ? '' : `<fee:period unit="y">${years}</fee:period>` });
  }
  const cds = names.map(({ name }) => {
    const premium = premiumPrice(name) !== null;
    const rows = commands
      .map((command) => {
        const { cents } = priceOf(name, command.name, command.years);
        const description = { create: 'Registration fee', renew: 'Renewal fee', transfer: 'Transfer fee', restore: 'Restore fee' }[command.name];
        return `<fee:command name="${command.name}"${premium ? '' : ' standard="1"'}>${command.period}<fee:fee description="${description}" refundable="${command.name === 'restore' ? 0 : 1}">${formatDecimal(cents)}</fee:fee></fee:command>`;
      })
      .join('');
    return `<fee:cd avail="1">${el('fee:objID', name)}${el('fee:class', premium ? 'premium' : 'standard')}${rows}</fee:cd>`;
  });
  return { extension: `<fee:chkData ${feeNs}>${el('fee:currency', currency)}${cds.join('')}</fee:chkData>` };
}

/**
 * The fee a create, renew or transfer acknowledges: none is fine for a standard name; a premium name needs it; a fee
 * that is not the price is refused (2004), so the registrar is never charged what it did not agree to.
 */
export function checkFeeAck(ctx: CommandContext, domain: string, command: FeeCommand, years: number): Reply | null {
  const price = priceOf(domain, command, years);
  const ack = extensionElement(ctx, ns.fee, command === 'restore' ? 'update' : command);
  if (!ack) {
    if (price.premium) return refuse(2004, `${domain} is a premium name: acknowledge its ${command} fee of ${formatDecimal(price.cents)} ${currency}`);
    return null;
  }
  const given = textOf(ack, ns.fee, 'currency');
  if (given && given !== currency) return refuse(2004, `Fees are charged in ${currency}`);
  const fees = childrenOf(ack, ns.fee, 'fee').map((fee: XmlElement) => parseCents(fee.text));
  if (fees.some((cents) => cents === null)) return refuse(2005, 'A fee is not a decimal amount');
  const total = fees.reduce<number>((sum, cents) => sum + (cents ?? 0), 0);
  if (total !== price.cents) {
    return refuse(2004, `The ${command} fee for ${domain} is ${formatDecimal(price.cents)} ${currency}, not ${formatDecimal(total)}`);
  }
  return null;
}

/** `<fee:creData>`-style answer to a transform command, when the client logged in with fees. */
export function feeResult(ctx: CommandContext, element: 'creData' | 'renData' | 'trnData' | 'updData', cents: number, years?: number): string | undefined {
  if (!ctx.extURIs.has(ns.fee)) return undefined;
  const period = years ? `<fee:period unit="y">${escapeXml(years)}</fee:period>` : '';
  return `<fee:${element} ${feeNs}>${el('fee:currency', currency)}${period}${el('fee:fee', formatDecimal(cents))}</fee:${element}>`;
}
