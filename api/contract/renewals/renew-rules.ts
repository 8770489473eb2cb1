/**
 * Renewals without zod, for the account app too (control-panel spec §3 "Renewable domain", "Renew preview or result";
 * §5, §8, §9): limits, messages, the renewable domain and the preview or result. Prices in cents.
 */
import { addYears } from 'date-fns/addYears';

/** Renewal period bounds (spec §9) and the registry's cap: no name may run more than 10 years from today. */
export const minRenewalPeriod = 1;
export const maxRenewalPeriod = 10;
/** Domain Protection: $5 per domain-year (spec §9). */
export const protectionPricePerYear = 500;

export const noDomainsSelectedMessage = 'No domains selected';
export const noRenewPriceMessage = 'Contact customer support to Request Domain Renewal';
export const cappedTermMessage = "Exceeds the max registration term. We've updated the renewal to the max available";

/**
 * Why a name gets fewer years than the period chosen, said under the period before Continue (issue #25: a 10-year
 * renewal silently became 9, and only the review step's cappedTermMessage told). One sentence per capped name.
 */
export function periodCapNotes(period: number, rows: readonly Pick<RenewableDomain, 'domain' | 'maxRenewalPeriod'>[]): string[] {
  return rows
    .filter((row) => row.maxRenewalPeriod > 0 && row.maxRenewalPeriod < period)
    .map(
      (row) =>
        `${row.domain} is renewed for ${row.maxRenewalPeriod} year${row.maxRenewalPeriod === 1 ? '' : 's'}, not ${period}: a domain can be registered at most ${maxRenewalPeriod} years ahead.`,
    );
}

export type RenewableDomain = {
  domainId: number;
  domain: string;
  status: 'active' | 'expired' | 'redemption';
  expireDate: string;
  /** Cents for one year; null when we cannot renew it here (support can). Premium names carry the registry's price. */
  renewPrice: number | null;
  /** The restore fee of a domain in redemption, else null. */
  redemptionPrice: number | null;
  protectionEnabled: boolean;
  isPremium: boolean;
  /** The most years it may still be renewed for (10 years from today at most); 0 when it is at the maximum. */
  maxRenewalPeriod: number;
};

export type RenewLine = {
  domainId: number;
  domain: string;
  /** Years actually renewed: less than asked when the registry's 10-year cap stops it (then show cappedTermMessage). */
  renewalPeriod: number;
  expireDate: string;
  newExpireDate: string;
  renewPrice: number;
  redemptionPrice: number | null;
  protectionEnabled: boolean;
  protectionPrice: number;
  /** After a commit: what the registry did. */
  status?: 'renewed' | 'failed' | 'unknown';
  error?: string;
};

export type RenewAnswer = {
  renewalPeriod: number;
  domains: RenewLine[];
  /** Cents: renew + redemption + protection of every line (after a commit, of the lines renewed). */
  totalPrice: number;
  /** Cents of sales tax or VAT the card pays on top of `totalPrice` (after a commit, what it paid). */
  tax?: number;
  /** Which tax: `VAT 21% (Netherlands)`, or the reverse-charge sentence; absent when none applies. */
  taxNote?: string;
  committed: boolean;
  /** The card needs 3-D Secure: confirm `clientSecret`, then send the same request with `paymentIntentId`. */
  requiresAction?: boolean;
  clientSecret?: string;
  paymentIntentId?: string;
  /** The card it was charged to ("Visa ending in 4242", cardEnding). */
  cardDescription?: string;
};

/** The charge lines a renewed line is captured as (renewal, redemption fee, protection), each taxed on its own. */
export function renewalChargeAmounts(line: Pick<RenewLine, 'renewPrice' | 'redemptionPrice' | 'protectionPrice'>): number[] {
  return [line.renewPrice, ...(line.redemptionPrice ? [line.redemptionPrice] : []), ...(line.protectionPrice ? [line.protectionPrice] : [])];
}

export function lineTotal(line: Pick<RenewLine, 'renewPrice' | 'redemptionPrice' | 'protectionPrice'>): number {
  return line.renewPrice + (line.redemptionPrice ?? 0) + line.protectionPrice;
}

/** Whole years of Domain Protection the rest of a term needs (a part year counts as one). */
export function protectionYearsLeft(expireDate: Date, today: Date): number {
  let years = 1;
  while (addYears(today, years) < expireDate) years += 1;
  return years;
}

/** The request as the browser sends it (api/contract/renewals/renewals.ts validates it). */
export type RenewRequest = {
  renewalPeriod?: number;
  domains: { domainId: number; protectionEnabled?: boolean }[];
  commit?: boolean;
  orderKey?: string;
  paymentIntentId?: string;
};
