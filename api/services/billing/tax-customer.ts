/** Whose tax rules an account buys under: its billing contact's country and state (else the registrant's) and its VAT number. */
import type { Contact } from '../../contract/contact.ts';
import type { accounts } from '../../db/schema/index.ts';
import type { TaxCustomer } from './tax-rates.ts';

type AccountRow = typeof accounts.$inferSelect;

export function accountTaxCustomer(account: AccountRow | undefined, fallback: Pick<Contact, 'country' | 'state'> | null): TaxCustomer {
  const billing = account?.whoisBillingContact ?? account?.registrantContact ?? fallback;
  return {
    country: billing?.country ?? 'US',
    state: billing?.state ?? null,
    vatNumber: account?.vatNumber ?? null,
    vatStatus: account?.vatStatus ?? null,
  };
}
