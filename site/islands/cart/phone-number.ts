/**
 * The checkout's phone parsing, loaded when the visitor first touches the phone field: libphonenumber-js and its
 * metadata are the heaviest part of the checkout form, so they stay out of the cart's first load.
 */
let parser: Promise<typeof import('./phone-e164.ts')> | null = null;

export function loadPhoneNumbers() {
  parser ??= import('./phone-e164.ts');
  return parser;
}

/** The number in E.164 when it is a valid number for `country` (or carries its own +code), else null. */
export async function toE164(raw: string, country: string | undefined): Promise<string | null> {
  return (await loadPhoneNumbers()).toE164(raw, country);
}
