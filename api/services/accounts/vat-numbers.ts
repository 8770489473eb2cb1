/**
 * A business customer's EU VAT number: its format checked offline (jsvat, with each country's check digits), then
 * confirmed by VIES before the account is reverse-charged. VIES unreachable: the number is kept as `unavailable` and
 * VAT is charged until a later save confirms it.
 */
import { eq } from 'drizzle-orm';
import { checkVAT, countries } from 'jsvat';
import regionCountries from 'sales-tax/res/region_countries.json' with { type: 'json' };
import { now } from '../../clock.ts';
import { accounts } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { ViesProvider } from '../../providers/vies/index.ts';

// The member states, from the same table billing's tax rates come from.
const euMembers = new Set<string>(regionCountries.EU);
const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (country: string) => countryNames.of(country) ?? country;

/** jsvat names Greece GR; its VAT numbers (and VIES) say EL. */
const vatPrefix = (country: string) => (country === 'GR' ? 'EL' : country);

/**
 * The number as VIES spells it (`NL800000006B01`), or a 400 that says what is wrong. `country`: the billing
 * country, which the number must belong to.
 */
export function normalizeVatNumber(typed: string, country: string | null): { number: string; country: string } {
  const compact = typed.replace(/[\s.-]/g, '').toUpperCase();
  const result = checkVAT(compact, countries);
  const numberCountry = result.country?.isoCode.short ?? null;
  if (!result.isValid || !numberCountry) {
    throw new AppError(400, `${typed.trim() || 'That'} is not a valid EU VAT number: it starts with the country's two letters, such as NL800000006B01`, {
      field: 'vatNumber',
    });
  }
  if (!euMembers.has(numberCountry)) throw new AppError(400, 'Only VAT numbers of EU member states can be confirmed with VIES', { field: 'vatNumber' });
  if (country && numberCountry !== country) {
    throw new AppError(400, `This VAT number is from ${countryName(numberCountry)}, but your billing country is ${countryName(country)}`, {
      field: 'vatNumber',
    });
  }
  const national = compact.replace(/^[A-Z]{2}/, '');
  return { number: `${vatPrefix(numberCountry)}${national}`, country: numberCountry };
}

export type VatNumberSaved = { vatNumber: string | null; vatStatus: 'confirmed' | 'unavailable' | null; message: string | null };

/**
 * Saves (or with null, removes) the account's VAT number. VIES is asked before the row is written and outside any
 * transaction; a number VIES says is not registered is refused (400) and nothing changes.
 */
export async function saveVatNumber(
  db: DbOrTx,
  vies: ViesProvider,
  input: { accountId: number; vatNumber: string | null; billingCountry: string | null },
): Promise<VatNumberSaved> {
  if (input.vatNumber == null || input.vatNumber.trim() === '') {
    await db.update(accounts).set({ vatNumber: null, vatStatus: null, vatName: null, vatCheckDate: null }).where(eq(accounts.accountId, input.accountId));
    return { vatNumber: null, vatStatus: null, message: null };
  }
  const { number, answer } = await confirmVatNumber(vies, input.vatNumber, input.billingCountry);
  await db
    .update(accounts)
    .set({ vatNumber: number, vatStatus: answer.status, vatName: answer.name, vatCheckDate: now() })
    .where(eq(accounts.accountId, input.accountId));
  const message =
    answer.status === 'unavailable'
      ? `VIES could not confirm ${number} just now, so VAT is charged on your orders until it does. Save it again later to retry.`
      : null;
  return { vatNumber: number, vatStatus: answer.status, message };
}

/** The number as VIES spells it and VIES's answer; a malformed number, or one VIES says is not registered, is a 400. */
export async function confirmVatNumber(vies: ViesProvider, typed: string, billingCountry: string | null) {
  const { number } = normalizeVatNumber(typed, billingCountry);
  const answer = await vies.check(number.slice(0, 2), number.slice(2));
  if (answer.status === 'invalid') {
    throw new AppError(400, `VIES says ${number} is not a registered VAT number. Check it, or leave it empty to buy as a consumer.`, { field: 'vatNumber' });
  }
  return { number, answer: { status: answer.status, name: answer.name } };
}
