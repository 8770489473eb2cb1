/** Whose tax rules an account buys under: its billing contact's country and state (else the registrant's) and its VAT number. */
import type { CartContact, Contact } from '../../contract/contact.ts';
import type { AccountRow } from '../../db/schema/index.ts';
import type { TaxCustomer } from './tax-rates.ts';

export function accountTaxCustomer(account: AccountRow | undefined, fallback: Pick<Contact, 'country' | 'state'> | null): TaxCustomer {
  const billing = account?.whoisBillingContact ?? account?.registrantContact ?? fallback;
  return {
    country: billing?.country ?? 'US',
    state: billing?.state ?? null,
    vatNumber: account?.vatNumber ?? null,
    vatStatus: account?.vatStatus ?? null,
  };
}

/** Whose tax rules a visitor buys under: the country and state typed in the cart, and a VAT number VIES confirmed there. */
export function visitorTaxCustomer(contact: CartContact | null): TaxCustomer {
  return {
    country: contact?.country?.trim().toUpperCase() ?? '',
    state: contact?.state?.trim() ?? null,
    vatNumber: contact?.vatNumber ?? null,
    vatStatus: contact?.vatStatus ?? null,
  };
}
