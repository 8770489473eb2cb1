/**
 * The one rule every registry kind applies before a registration or an inbound transfer goes out: the registry's fee
 * is the one the customer paid.
 */
import { formatDecimal } from './epp-domain-xml.ts';
import type { TransferRequestAnswer } from './index.ts';

/** A registry's (or upstream's) fee for one command on one name, as it quotes it now. */
export type QuotedFee = { cents: number; premium: boolean; currency: string };

/**
 * Why a create or transfer must not go out at `fee`, or null when it may. `shownPrice`: the premium fee the customer
 * paid (cents, the first year's); null: the customer paid the standard price, so a name the registry now prices as
 * premium is refused; undefined: whatever the registry asks now. `fee` null: the registry did not quote one (no fee
 * extension), so its own acknowledgement rules decide.
 */
function changedFeeReason(domain: string, command: 'create' | 'transfer', fee: QuotedFee | null, shownPrice: number | null | undefined): string | null {
  if (fee === null || shownPrice === undefined) return null;
  const what = command === 'create' ? 'registration' : 'transfer';
  const quoted = `${formatDecimal(fee.cents)} ${fee.currency}`;
  if (shownPrice === null) return fee.premium ? `The registry now prices the ${what} of ${domain} as premium (${quoted})` : null;
  if (fee.cents === shownPrice) return null;
  return `The registry's ${what} fee for ${domain} is now ${quoted}, not the ${formatDecimal(shownPrice)} ${fee.currency} paid`;
}

/** The refusal of a transfer the registry would charge differently from what the customer paid, or null when it may go out. */
export function refuseChangedTransferFee(domain: string, fee: QuotedFee | null, shownPrice: number | null | undefined): TransferRequestAnswer | null {
  const reason = changedFeeReason(domain, 'transfer', fee, shownPrice);
  return reason === null ? null : { status: 'failed', reason };
}

/**
 * Throws, before the create goes out, when the registry would charge differently from what the customer paid: a
 * definite failure of the registration (checkout charges nothing for it).
 */
export function refuseChangedCreateFee(domain: string, fee: QuotedFee | null, shownPrice: number | null | undefined): void {
  const reason = changedFeeReason(domain, 'create', fee, shownPrice);
  if (reason !== null) throw new Error(reason);
}
