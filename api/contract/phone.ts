/** Phone numbers, read and checked with libphonenumber-js the same way in the browser and on the server. */
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';

export const phoneFormatMessage = 'Phone must be in international format, like +14155550100';

/** What a person typed (national or international), as E.164 (`+14155550100`), or null when it is no real number. */
export function toE164(raw: string, country: string | undefined = 'US'): string | null {
  const parsed = parsePhoneNumberFromString(raw, (country || 'US') as CountryCode);
  return parsed?.isValid() ? parsed.number : null;
}

/** Is this already a valid number written in E.164, as the API stores and sends to? */
export function isE164Phone(value: string): boolean {
  return value.startsWith('+') && toE164(value) === value;
}

/**
 * A stored E.164 number as people read it (issue #25: "+14155550123" was shown raw): national format when it is in
 * the account's country ("(415) 555-0123" for a US account), international otherwise ("+44 20 7946 0958"). Anything
 * that does not parse is shown as stored.
 */
export function formatPhone(e164: string, accountCountry: string | null | undefined): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed?.isValid()) return e164;
  return accountCountry && parsed.country === accountCountry.toUpperCase() ? parsed.formatNational() : parsed.formatInternational();
}
