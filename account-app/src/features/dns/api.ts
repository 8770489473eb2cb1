/** DNS data for the Advanced tab's modals: a domain's DNS records and custom nameservers, through SWR. */
import type { ApiFailure } from '@kit/api.ts';
import useSWR from 'swr';
import type { RegisteredNameserver } from '../../../../api/contract/dns/dns.ts';
import type { ListResult } from '../../../../api/contract/list.ts';
import type { DnsRecord } from '../domains/api.ts';

export const dnsRecordsKey = (domainId: number) => `/dnsRecords?domainId=${domainId}`;
export const dnsChangesKey = (domainId: number) => `/dnsChanges?domainId=${domainId}&limit=100`;
export const dnsTemplatesKey = '/dnsTemplates';
/** The export: a same-origin GET, so the session cookie goes with it and the browser saves the file. */
export const zoneFileHref = (domainId: number) => `/api/dnsZoneFiles?domainId=${domainId}`;
export const registeredNameserversKey = (domainId: number) => `/registeredNameservers?domainId=${domainId}`;

export function useDnsRecords(domainId: number) {
  const { data, isLoading } = useSWR<ListResult<DnsRecord> | null>(dnsRecordsKey(domainId));
  return { records: data?.data ?? [], isLoading };
}

export function useRegisteredNameservers(domainId: number) {
  const { data, isLoading } = useSWR<ListResult<RegisteredNameserver> | null>(registeredNameserversKey(domainId));
  return { nameservers: data?.data ?? [], isLoading };
}

/** Field errors a 400 carries (`data.errors`), whatever their shape (ours: one string; zod's: a list). */
export function fieldErrorsOf(data: unknown): Record<string, string> {
  const errors = (data as { errors?: Record<string, unknown> } | undefined)?.errors;
  if (!errors || typeof errors !== 'object') return {};
  return Object.fromEntries(
    Object.entries(errors)
      .map(([field, value]) => [field, Array.isArray(value) ? String(value[0] ?? '') : String(value ?? '')])
      .filter(([, value]) => value),
  );
}

/** Shows a 400's field errors under their fields; the view's own error line then only points at them. */
export function withFieldErrors(failure: ApiFailure, show: (errors: Record<string, string>) => void): ApiFailure {
  const errors = fieldErrorsOf(failure.data);
  show(errors);
  return Object.keys(errors).length ? { ...failure, message: 'Please correct the highlighted fields' } : failure;
}
