/** Country choices for contact forms: ISO 3166-1 alpha-2 codes with English names, United States first. */
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';

countries.registerLocale(en);

const shortNames: Record<string, string> = { US: 'United States', GB: 'United Kingdom', KR: 'South Korea', KP: 'North Korea', RU: 'Russia' };

export const countryOptions: { code: string; name: string }[] = (() => {
  const names = countries.getNames('en', { select: 'official' });
  const all = Object.entries(names).map(([code, name]) => ({ code, name: shortNames[code] ?? name }));
  const rest = all.filter((c) => c.code !== 'US').sort((a, b) => a.name.localeCompare(b.name));
  return [{ code: 'US', name: 'United States' }, ...rest];
})();

const known = new Set(countryOptions.map((c) => c.code));

export function isCountryCode(code: string): boolean {
  return known.has(code);
}
