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
