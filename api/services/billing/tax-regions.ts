/** US states and Canadian provinces by code and name: a billing contact's free-text "State" read as the region its tax follows. */
const usStates: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  PR: 'Puerto Rico',
};
const caProvinces: Record<string, string> = {
  AB: 'Alberta',
  BC: 'British Columbia',
  MB: 'Manitoba',
  NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia',
  NT: 'Northwest Territories',
  NU: 'Nunavut',
  ON: 'Ontario',
  PE: 'Prince Edward Island',
  QC: 'Quebec',
  SK: 'Saskatchewan',
  YT: 'Yukon',
};
const regionsOf: Record<string, Record<string, string>> = { US: usStates, CA: caProvinces };

/** Whether the country's tax depends on the region (US state, Canadian province). */
export const hasRegionalTax = (country: string): boolean => country in regionsOf;

/** The codes of the country's states or provinces (none for a country whose tax does not depend on them). */
export const regionCodes = (country: string): string[] => Object.keys(regionsOf[country] ?? {});

/** The region's code and name from what the customer typed ("ny", "New York"), or null when it names none of them. */
export function findRegion(country: string, typed: string | null | undefined): { code: string; name: string } | null {
  const regions = regionsOf[country];
  const text = (typed ?? '').trim();
  if (!regions || !text) return null;
  const upper = text.toUpperCase();
  if (regions[upper]) return { code: upper, name: regions[upper] };
  const found = Object.entries(regions).find(([, name]) => name.toUpperCase() === upper);
  return found ? { code: found[0], name: found[1] } : null;
}
