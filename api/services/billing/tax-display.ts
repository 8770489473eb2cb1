/**
 * How a consumer in a country is shown prices before the cart: the decision checkout makes for a buyer there with no
 * VAT number (`decideTax`, the operator's TAX_REGISTRATIONS and home country), asked once for the country and, where
 * tax depends on the state or province, once for each of them, so a US operator registered in New York only says
 * "sales tax added at checkout" to Americans, and one registered nowhere in the US says none is.
 */
import { now } from '../../clock.ts';
import type { TaxDisplayAnswer } from '../../contract/billing/tax-display.ts';
import { badRequest } from '../../errors.ts';
import { type TaxOperator, countryName, decideTax, isKnownCountry } from './tax-rates.ts';
import { taxOperator } from './seller-identity.ts';
import { regionCodes } from './tax-regions.ts';

/** Answers by country, operator and day (a rate change in the table takes effect on its date): at most one a country a day. */
const answers = new Map<string, TaxDisplayAnswer>();
let answersDay = '';

export function consumerTaxDisplay(country: string, operator: TaxOperator = taxOperator(), today: Date = now()): TaxDisplayAnswer {
  const code = country.trim().toUpperCase();
  if (!isKnownCountry(code)) throw badRequest(`${country} is not a country code we know: give its two-letter ISO 3166 code, such as NL or US`);
  const day = today.toISOString().slice(0, 10);
  if (day !== answersDay) {
    answers.clear();
    answersDay = day;
  }
  const key = `${code} ${operator.country} ${operator.registrations.join(',')}`;
  let answer = answers.get(key);
  if (!answer) {
    answer = decideDisplay(code, operator, today);
    answers.set(key, answer);
  }
  return answer;
}

function decideDisplay(country: string, operator: TaxOperator, today: Date): TaxDisplayAnswer {
  const national = decideTax({ country }, operator, today);
  const regional = regionCodes(country)
    .map((state) => decideTax({ country, state }, operator, today))
    .filter((decision) => decision.rate > national.rate);
  const base = { country, rate: national.rate, place: countryName(country), regional: regional.length > 0 };
  if (regional.length === 0) return { ...base, display: national.display, label: national.label };
  // Some states or provinces add their tax: prices are shown without it, and the address at checkout decides it.
  return { ...base, display: 'added', label: national.rate > 0 ? national.label : regional[0].label };
}
