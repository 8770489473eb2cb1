/**
 * The My Domains view a customer chooses (search, filter, sort, page), read from and written to the URL so reload and
 * Back keep it, and the pure rules that apply it to the list. Defaults are left out of the URL.
 */
import { addDays } from 'date-fns/addDays';
import { isPendingTransfer } from '../../../../api/contract/domains/domain-status.ts';
import type { Domain } from './api.ts';

export const domainFilters = ['expiring', 'auto-renew-off', 'for-sale', 'transfer-pending', 'custom-ns'] as const;
export type DomainFilter = (typeof domainFilters)[number];

export const filterLabels: Record<DomainFilter, string> = {
  expiring: 'Expiring in 30 days',
  'auto-renew-off': 'Auto-renew off',
  'for-sale': 'For sale',
  'transfer-pending': 'Transfer pending',
  'custom-ns': 'Custom nameservers',
};

export const domainSorts = ['name', '-name', 'expiry', '-expiry'] as const;
export type DomainSort = (typeof domainSorts)[number];

export const sortLabels: Record<DomainSort, string> = {
  name: 'Name, A to Z',
  '-name': 'Name, Z to A',
  expiry: 'Expiry, soonest first',
  '-expiry': 'Expiry, latest first',
};

/** "Expiring in 30 days" looks this far ahead. */
export const expiringFilterDays = 30;
/** Rows drawn at once: a page of 500 rows would cost a phone seconds of layout and script. */
export const pageSize = 50;

export type DomainView = { q: string; filter: DomainFilter | null; sort: DomainSort; page: number };

export const defaultView: DomainView = { q: '', filter: null, sort: 'name', page: 1 };

export function readView(params: URLSearchParams): DomainView {
  const filter = params.get('filter');
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').slice(0, 253),
    filter: (domainFilters as readonly string[]).includes(filter ?? '') ? (filter as DomainFilter) : null,
    sort: (domainSorts as readonly string[]).includes(sort ?? '') ? (sort as DomainSort) : 'name',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function viewParams(view: DomainView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.q) params.set('q', view.q);
  if (view.filter) params.set('filter', view.filter);
  if (view.sort !== defaultView.sort) params.set('sort', view.sort);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

export function matchesFilter(domain: Domain, filter: DomainFilter, now: Date): boolean {
  switch (filter) {
    case 'expiring': {
      const expiry = new Date(domain.expireDate);
      return domain.status !== 'transfer' && expiry > now && expiry <= addDays(now, expiringFilterDays);
    }
    case 'auto-renew-off':
      return !domain.autoRenewEnabled;
    case 'for-sale':
      return domain.forSale;
    case 'transfer-pending':
      return isPendingTransfer(domain);
    case 'custom-ns':
      return domain.$customNameservers === true;
  }
}

/** Typed names are matched as the list shows them: lower-case, with or without a leading "www." or trailing dot. */
export function matchesSearch(domain: Domain, q: string): boolean {
  const needle = q
    .trim()
    .toLowerCase()
    .replace(/^www\./, '')
    .replace(/\.$/, '');
  return needle === '' || domain.domain.includes(needle);
}

export function sortDomains(domains: Domain[], sort: DomainSort): Domain[] {
  const direction = sort.startsWith('-') ? -1 : 1;
  const byName = (a: Domain, b: Domain) => a.domain.localeCompare(b.domain);
  const compare =
    sort === 'name' || sort === '-name'
      ? (a: Domain, b: Domain) => direction * byName(a, b)
      : (a: Domain, b: Domain) => direction * (Date.parse(a.expireDate) - Date.parse(b.expireDate)) || byName(a, b);
  return [...domains].sort(compare);
}

/** What the list shows for a view: the domains the search matches, those the filter keeps, and the counts per filter. */
export function applyView(domains: Domain[], view: DomainView, now: Date) {
  const searched = domains.filter((d) => matchesSearch(d, view.q));
  const counts = Object.fromEntries(domainFilters.map((f) => [f, searched.filter((d) => matchesFilter(d, f, now)).length])) as Record<DomainFilter, number>;
  const filter = view.filter;
  const matching = sortDomains(filter ? searched.filter((d) => matchesFilter(d, filter, now)) : searched, view.sort);
  const pages = Math.max(1, Math.ceil(matching.length / pageSize));
  const page = Math.min(view.page, pages);
  return { searchedCount: searched.length, counts, matching, page, pages, rows: matching.slice((page - 1) * pageSize, page * pageSize) };
}
