/** Phone numbers to E.164 through libphonenumber-js; loaded on demand by phone-number.ts (a chunk of its own). */
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';

/** The number in E.164 when it is a valid number for `country` (or carries its own +code), else null. */
export function toE164(raw: string, country: string | undefined): string | null {
  const parsed = parsePhoneNumberFromString(raw, (country || 'US') as CountryCode);
  return parsed?.isValid() ? parsed.number : null;
}
