/** The abuse desk's data: cases, one case, figures (SWR keys), and the actions (POSTs with a reason). */
import type { ApiFailure } from '@kit/api.ts';
import { apiClient, apiKey } from '@kit/api-client.ts';
import type { AbuseCaseDetail } from '../../../../api/contract/compliance/abuse-desk.ts';
import type { AbuseOutcome } from '../../../../api/contract/compliance/abuse.ts';

export type CaseStatusFilter = 'open' | 'closed' | 'all';
export const casesKey = (status: CaseStatusFilter, q: string) =>
  apiKey('/admin/abuse/cases', { params: { query: { status, ...(q ? { q } : {}), limit: 100 } } });
export const caseKey = (caseId: number | string) => apiKey('/admin/abuse/cases/{id}', { params: { path: { id: Number(caseId) } } });
export const figuresKey = apiKey('/admin/abuse/figures');

export type CaseAction = 'ask-reporter' | 'notify-registrant' | 'suspend' | 'unsuspend' | 'lock' | 'remove-content' | 'close';

/** What the case's dialog holds; each action sends its own fields of it, with the reason. */
export type CaseActionFields = {
  message: string;
  replyDays: number;
  dnsRecordIds: number[];
  forwarding: boolean;
  outcome: AbuseOutcome;
  note: string;
};

export function actOnCase(caseId: number, action: CaseAction, fields: CaseActionFields, reason: string): Promise<AbuseCaseDetail | ApiFailure> {
  const on = { params: { path: { id: caseId } }, toast: false };
  switch (action) {
    case 'ask-reporter':
      return apiClient.POST('/admin/abuse/cases/{id}/ask-reporter', { ...on, body: { message: fields.message, reason } });
    case 'notify-registrant':
      return apiClient.POST('/admin/abuse/cases/{id}/notify-registrant', {
        ...on,
        body: { message: fields.message || undefined, replyDays: fields.replyDays, reason },
      });
    case 'remove-content':
      return apiClient.POST('/admin/abuse/cases/{id}/remove-content', {
        ...on,
        body: { dnsRecordIds: fields.dnsRecordIds, forwarding: fields.forwarding, reason },
      });
    case 'close':
      return apiClient.POST('/admin/abuse/cases/{id}/close', { ...on, body: { outcome: fields.outcome, note: fields.note, reason } });
    case 'suspend':
      return apiClient.POST('/admin/abuse/cases/{id}/suspend', { ...on, body: { reason } });
    case 'unsuspend':
      return apiClient.POST('/admin/abuse/cases/{id}/unsuspend', { ...on, body: { reason } });
    case 'lock':
      return apiClient.POST('/admin/abuse/cases/{id}/lock', { ...on, body: { reason } });
  }
}

/** "<1 min", "12 min", "4.5 h", "2 d 3 h", or "—". */
export function formatHours(hours: number | null): string {
  if (hours === null) return '—';
  if (hours < 1) return hours * 60 < 1 ? '<1 min' : `${Math.round(hours * 60)} min`;
  if (hours < 48) return `${hours.toLocaleString('en-US', { maximumFractionDigits: 1 })} h`;
  const days = Math.floor(hours / 24);
  return `${days} d ${Math.round(hours - days * 24)} h`;
}
