/** The abuse desk's data: cases, one case, figures (SWR keys), and the actions (POSTs with a reason). */
import { type ApiFailure, api } from '@kit/api.ts';
import type { AbuseCaseDetail } from '../../../../api/contract/compliance/abuse-desk.ts';

export const casesKey = (status: string, q: string) => `/admin/abuse/cases?status=${status}${q ? `&q=${encodeURIComponent(q)}` : ''}&limit=100`;
export const caseKey = (caseId: number | string) => `/admin/abuse/cases/${caseId}`;
export const figuresKey = '/admin/abuse/figures';

export type CaseAction = 'ask-reporter' | 'notify-registrant' | 'suspend' | 'unsuspend' | 'lock' | 'remove-content' | 'close';

export function actOnCase(caseId: number, action: CaseAction, body: Record<string, unknown>): Promise<AbuseCaseDetail | ApiFailure> {
  return api<AbuseCaseDetail>(`${caseKey(caseId)}/${action}`, { method: 'POST', body, toast: false });
}

/** "<1 min", "12 min", "4.5 h", "2 d 3 h", or "—". */
export function formatHours(hours: number | null): string {
  if (hours === null) return '—';
  if (hours < 1) return hours * 60 < 1 ? '<1 min' : `${Math.round(hours * 60)} min`;
  if (hours < 48) return `${hours.toLocaleString('en-US', { maximumFractionDigits: 1 })} h`;
  const days = Math.floor(hours / 24);
  return `${days} d ${Math.round(hours - days * 24)} h`;
}
