/**
 * Which country a visitor's prices are shown for, and so whether with tax in them: every island and the static pages'
 * prices follow `$pricesFor`. A signed-in customer's own tax (the cart's `$tax`, from their billing address) wins; else
 * the country the visitor chose (in the "Prices for" line, or as their billing country in the cart); else the region of
 * the browser's first language (nl-NL: the Netherlands); else none, and prices are net with tax worked out at
 * checkout. How a country shows prices comes from GET /api/taxDisplay (the rates stay on the server); the answer is
 * kept in local storage with the country, so the next page shows its prices at once.
 */
import { atom, computed, onMount } from 'nanostores';
import { formatRate, includesTax, type PriceTax } from '../../api/contract/billing/tax.ts';
import type { TaxDisplayAnswer } from '../../api/contract/billing/tax-display.ts';
import { isFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';
import { $cart } from './cart.ts';

export type PricesFor = PriceTax &
  Pick<TaxDisplayAnswer, 'label' | 'place' | 'regional'> & {
    /** The prices country's code; null for a signed-in customer's own (their address decides). */
    country: string | null;
    /** `account`: the signed-in customer's billing address; `chosen`: picked by the visitor; `browser`: guessed. */
    source: 'account' | 'chosen' | 'browser';
  };

type Saved = { country: string; chosen: boolean; answer: TaxDisplayAnswer };

const storageKey = 'ds_prices_for';
const $saved = atom<Saved | null>(null);

export const $pricesFor = computed([$saved, $cart], (saved, cart): PricesFor | null => {
  const own = cart?.$isLoggedIn ? cart.$tax : null;
  if (own) return { source: 'account', ...own, country: null, regional: false };
  if (!saved) return null;
  return { source: saved.chosen ? 'chosen' : 'browser', ...saved.answer, reverseCharge: false };
});

const browserLanguages = (): readonly string[] => (typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));

/** The country the visitor's prices are for (not a signed-in customer's): the cart's billing country starts on it. */
export const pricesCountry = (): string | null => $saved.get()?.country ?? guessCountry(browserLanguages());

/** The region of the browser's first language, when it names one (`nl-NL`: NL; `nl` alone: none). */
export function guessCountry(languages: readonly string[]): string | null {
  try {
    const region = languages[0] ? new Intl.Locale(languages[0]).region : undefined;
    return region && /^[A-Z]{2}$/.test(region) ? region : null;
  } catch {
    return null;
  }
}

function readSaved(): Saved | null {
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey) ?? 'null') as Saved | null;
    return saved?.answer?.country === saved?.country ? saved : null;
  } catch {
    return null;
  }
}

function save(saved: Saved | null): void {
  $saved.set(saved);
  try {
    if (saved) localStorage.setItem(storageKey, JSON.stringify(saved));
    else localStorage.removeItem(storageKey);
  } catch {
    // Storage can be unavailable (private mode): the choice then lasts as long as the page.
  }
}

const fetchDisplay = async (country: string): Promise<TaxDisplayAnswer | null> => {
  const answer = await apiClient.GET('/taxDisplay', { params: { query: { country } }, toast: false });
  return isFailure(answer) ? null : answer;
};

/** Shows prices for this country from now on, everywhere (here, other tabs, later visits). False when it is not known. */
export async function choosePricesCountry(country: string): Promise<boolean> {
  const saved = $saved.get();
  if (saved?.chosen && saved.country === country) return true;
  const answer = await fetchDisplay(country);
  if (answer) save({ country: answer.country, chosen: true, answer });
  return answer != null;
}

/** The stored country, or the browser's guess; its answer asked again (the browser's HTTP cache keeps it for an hour). */
async function start(): Promise<void> {
  const stored = readSaved();
  const guess = guessCountry(browserLanguages());
  const country = stored?.chosen ? stored.country : guess;
  if (stored && stored.country === country) $saved.set(stored);
  if (!country) return save(null);
  const answer = await fetchDisplay(country);
  if (!answer) return;
  // A choice made meanwhile (in this tab, or another) stands.
  const current = $saved.get();
  if (!current?.chosen || current.country === country) save({ country, chosen: current?.chosen ?? false, answer });
}

onMount($saved, () => {
  // Server rendering reads the store too: it shows net prices, and asks nothing.
  if (typeof window === 'undefined') return;
  void start();
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === storageKey) $saved.set(readSaved());
  };
  addEventListener('storage', fromOtherTab);
  return () => removeEventListener('storage', fromOtherTab);
});

/** A tax's name inside a sentence: `VAT`, `GST + PST` as they are, `Sales tax` as `sales tax`. */
export const inSentence = (label: string): string => (/^[A-Z]{2,}/.test(label) ? label : label.toLowerCase());

/** "Prices for Netherlands, incl. 21% VAT": the place (none until a country is known) and what the prices hold. */
export function describePricesFor(pricesFor: PricesFor | null): { place: string | null; tax: string } {
  if (!pricesFor) return { place: null, tax: 'Prices exclude tax; any tax is added at checkout.' };
  const { country, display, rate, place, regional, reverseCharge } = pricesFor;
  const label = inSentence(pricesFor.label);
  if (reverseCharge) return { place, tax: 'excl. VAT, which your business accounts for (reverse charge)' };
  if (includesTax(pricesFor)) return { place, tax: `incl. ${formatRate(rate)} ${label}` };
  if (display === 'added' && regional && rate > 0) return { place, tax: `excl. ${formatRate(rate)} ${label} and any provincial tax, added at checkout` };
  if (display === 'added' && regional)
    return { place, tax: `excl. ${label}, added at checkout where your ${country === 'CA' ? 'province' : 'state'} charges it` };
  if (display === 'added') return { place, tax: `excl. ${formatRate(rate)} ${label}, added at checkout` };
  return { place, tax: 'no sales tax or VAT is added at checkout' };
}

/** The line under a static list of prices: said only where prices hold a tax ("Prices include 21% VAT (Netherlands)."). */
export function includedTaxNote(pricesFor: PricesFor | null): string {
  if (!pricesFor || !includesTax(pricesFor)) return '';
  return `Prices include ${formatRate(pricesFor.rate)} ${pricesFor.label} (${pricesFor.place}).`;
}
