/** DNS data for the Advanced tab's modals: a domain's DNS records and custom nameservers, through SWR. */
import { apiKey } from '@kit/api-client.ts';
import type { ApiFailure } from '@kit/api.ts';
import { useApi } from '../../swr.ts';

export const dnsRecordsKey = (domainId: number) => apiKey('/dnsRecords', { params: { query: { domainId } } });
export const dnsChangesKey = (domainId: number) => apiKey('/dnsChanges', { params: { query: { domainId, limit: 100 } } });
export const dnsTemplatesKey = apiKey('/dnsTemplates');
/** The export: a same-origin GET, so the session cookie goes with it and the browser saves the file. */
export const zoneFileHref = (domainId: number) => `/api/dnsZoneFiles?domainId=${domainId}`;
export const registeredNameserversKey = (domainId: number) => apiKey('/registeredNameservers', { params: { query: { domainId } } });

export function useDnsRecords(domainId: number) {
  const { data, isLoading } = useApi(dnsRecordsKey(domainId));
  return { records: data?.data ?? [], isLoading };
}

export function useRegisteredNameservers(domainId: number) {
  const { data, isLoading } = useApi(registeredNameserversKey(domainId));
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
