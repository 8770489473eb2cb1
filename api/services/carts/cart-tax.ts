/** The tax a cart will be charged, as its buyer's checkout will decide it: a signed-in account's billing contact and VAT number, a visitor's typed address. */
import { eq } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { describeTax, type TaxDecision, taxOn } from '../../contract/billing/tax.ts';
import type { CartTax } from '../../contract/carts/cart.ts';
import type { Db } from '../../db/client.ts';
import { accounts, type CartRow } from '../../db/schema/index.ts';
import { taxOperator } from '../billing/seller-identity.ts';
import { accountTaxCustomer, visitorTaxCustomer } from '../billing/tax-customer.ts';
import { decideTax, isKnownCountry } from '../billing/tax-rates.ts';

/** Null while a visitor has not said which country they are in. */
export async function cartTaxDecision(db: Db, cart: CartRow | null, isLoggedIn: boolean): Promise<TaxDecision | null> {
  if (!cart) return null;
  if (isLoggedIn && cart.accountId != null) {
    const [account] = await db.select().from(accounts).where(eq(accounts.accountId, cart.accountId));
    const customer = accountTaxCustomer(account, null);
    return account?.whoisBillingContact || account?.registrantContact ? decideTax(customer, taxOperator(), now()) : null;
  }
  const customer = visitorTaxCustomer(cart.contact);
  return isKnownCountry(customer.country) ? decideTax(customer, taxOperator(), now()) : null;
}

/** Each line's tax (on its price less its discount) and the cart's, with the sentence the cart shows. */
export function cartTax(
  decision: TaxDecision | null,
  lines: { totalPrice: number; discount: number }[],
): { lines: number[]; total: number; view: CartTax | null } {
  const taxes = lines.map((line) => taxOn(line.totalPrice - line.discount, decision?.rate ?? 0));
  const total = taxes.reduce((sum, tax) => sum + tax, 0);
  const view = decision
    ? {
        display: decision.display,
        rate: decision.rate,
        label: decision.label,
        place: decision.place,
        reverseCharge: decision.reverseCharge,
        viesUnavailable: decision.viesUnavailable,
        description: describeTax(decision, total),
      }
    : null;
  return { lines: taxes, total, view };
}
