/** The one rule every registry kind applies before an inbound transfer goes out: the registry's fee is the one the customer paid. */
import { formatDecimal } from './epp-domain-xml.ts';
import type { TransferRequestAnswer } from './index.ts';

/** A registry's (or upstream's) fee for one command on one name, as it quotes it now. */
export type QuotedFee = { cents: number; premium: boolean; currency: string };

/**
 * The refusal of a transfer the registry would charge differently from what the customer paid, or null when it may go
 * out. `shownPrice`: the premium fee the customer paid (cents); null: the customer paid the standard price, so a name
 * the registry now prices as premium is refused; undefined: whatever the registry asks now. `fee` null: the registry
 * did not quote one (no fee extension), so its own acknowledgement rules decide.
 */
export function refuseChangedTransferFee(domain: string, fee: QuotedFee | null, shownPrice: number | null | undefined): TransferRequestAnswer | null {
  if (fee === null || shownPrice === undefined) return null;
  const quoted = `${formatDecimal(fee.cents)} ${fee.currency}`;
  if (shownPrice === null) {
    return fee.premium ? { status: 'failed', reason: `The registry now prices the transfer of ${domain} as premium (${quoted})` } : null;
  }
  if (fee.cents === shownPrice) return null;
  return { status: 'failed', reason: `The registry's transfer fee for ${domain} is now ${quoted}, not the ${formatDecimal(shownPrice)} ${fee.currency} paid` };
}
