/**
 * Which tax a customer pays, from their billing country and region, whether they are a business with a confirmed EU
 * VAT number, and the operator's registered country. Rates come from the `sales-tax` package's offline table (kept
 * up to date by its author, with dated changes); only its data is used: its code would reach VIES over SOAP by itself
 * and reads the wall clock, where ours confirms VAT numbers through the VIES provider and reads the one clock.
 */
import regionCountries from 'sales-tax/res/region_countries.json' with { type: 'json' };
import rateTable from 'sales-tax/res/sales_tax_rates.json' with { type: 'json' };
import type { TaxDecision, TaxDisplay } from '../../contract/billing/tax.ts';
import { isCountryCode } from '../../contract/countries.ts';
import { findRegion, hasRegionalTax } from './tax-regions.ts';

type Rate = { type: string; rate: number; currency?: string; before?: Record<string, Rate>; states?: Record<string, Rate> };
const rates = rateTable as unknown as Record<string, Rate>;
const euMembers = new Set<string>(regionCountries.EU);

/** Whether the country is an EU member state (VAT numbers confirmed by VIES, reverse charge between members). */
export const isEuCountry = (country: string): boolean => euMembers.has(country.toUpperCase());

/** A rate entry as of a date: a table entry with `before` dates uses the earliest change still ahead of it. */
function asOf(entry: Rate | undefined, today: Date): Rate | undefined {
  if (!entry?.before) return entry;
  const ahead = Object.keys(entry.before)
    .filter((date) => today < new Date(date))
    .sort();
  return ahead.length ? { ...entry, ...entry.before[ahead[0]], states: entry.states } : entry;
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
export const countryName = (country: string): string => countryNames.of(country) ?? country;

/**
 * Whether the code is an ISO 3166 country (an unknown one is refused as a billing country). The contract's list of the
 * contact forms, not Intl's names: those name ZZ ("Unknown Region"), EU and UN too.
 */
export const isKnownCountry = (country: string): boolean => isCountryCode(country);

export type TaxCustomer = {
  country: string;
  /** The contact's "State" as typed; read as a US state or Canadian province where tax depends on it. */
  state?: string | null;
  vatNumber?: string | null;
  /** What VIES said of the VAT number: only `confirmed` reverse-charges. */
  vatStatus?: 'confirmed' | 'invalid' | 'unavailable' | null;
};

const labels: Record<string, string> = { vat: 'VAT', gst: 'GST', hst: 'HST', pst: 'PST', qst: 'QST' };

export type TaxOperator = { country: string; registrations: readonly string[] };

/** Whether the operator collects tax where the customer is: registered there (EU, the country, or its region) or at home. */
function collectsIn(operator: TaxOperator, country: string, region: string | null): boolean {
  // At home a VAT country's seller always charges VAT; US sales tax and Canadian provincial tax follow registrations only.
  const home = operator.country.toUpperCase();
  const codes = new Set([...operator.registrations, ...(hasRegionalTax(home) ? [] : [home])]);
  return codes.has(country) || (region != null && codes.has(`${country}-${region}`)) || (codes.has('EU') && isEuCountry(country));
}

/** The tax a customer pays on what we sell them (domain names and services supplied electronically). */
export function decideTax(customer: TaxCustomer, operator: TaxOperator, today: Date): TaxDecision {
  const country = customer.country.toUpperCase();
  const seller = operator.country.toUpperCase();
  const region = hasRegionalTax(country) ? findRegion(country, customer.state) : null;
  const national = collectsIn(operator, country, region?.code ?? null) ? asOf(rates[country], today) : undefined;
  const regional = region && national ? asOf(national.states?.[region.code], today) : undefined;
  const rate = Number(((national?.rate ?? 0) + (regional?.rate ?? 0)).toFixed(6));
  const place = region?.name ?? countryName(country);
  const buyerTaxId = customer.vatNumber ?? null;
  const base = { country, region: region?.code ?? null, place, buyerTaxId, viesUnavailable: false };
  if (rate <= 0) return { ...base, rate: 0, display: 'none', label: 'Tax', reverseCharge: false };
  if (isEuCountry(country)) {
    const isBusiness = buyerTaxId != null && customer.vatStatus === 'confirmed';
    // Between member states a confirmed business accounts for the VAT itself; at home, the seller charges it.
    if (isBusiness && country !== seller) return { ...base, rate: 0, display: 'included', label: 'VAT', reverseCharge: true };
    return {
      ...base,
      rate,
      display: 'included',
      label: 'VAT',
      reverseCharge: false,
      viesUnavailable: buyerTaxId != null && customer.vatStatus === 'unavailable',
    };
  }
  const display: TaxDisplay = country === 'US' || country === 'CA' ? 'added' : 'included';
  const kinds = [national, regional].filter((entry) => entry && entry.rate > 0).map((entry) => labels[entry?.type ?? ''] ?? 'Sales tax');
  // The table files US state rates under "vat"; in the US it is sales tax.
  const label = country === 'US' ? 'Sales tax' : [...new Set(kinds)].join(' + ');
  return { ...base, rate, display, label, reverseCharge: false };
}
