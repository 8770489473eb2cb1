/** The email service's calls from the account app: buy or remove it, add/update/delete addresses, usage, instructions. */
import { api } from '@kit/api.ts';
import { withLazyRecentAuth } from '@kit/lazy-recent-auth.ts';
import { mutate } from 'swr';
import type { Domain, DomainEmail } from '../../../../api/contract/domains/domain.ts';
import type { EmailCreated, EmailUsage } from '../../../../api/contract/email/email.ts';
import { domainsKey } from '../domains/api.ts';

export type { EmailCreated, EmailUsage };

/** Inside a stepped view or a form that shows its own errors: no toast. */
const quiet = { toast: false } as const;

export const refreshDomains = () => mutate(domainsKey);

/** Buying it may ask "confirm it's you" first (a charge over the operator's threshold from an older session). */
export const setEmailService = (domainId: number, emailEnabled: boolean) =>
  withLazyRecentAuth(() => api<Domain>(`/domains/${domainId}`, { method: 'PATCH', body: { emailEnabled }, ...quiet }));

export type NewEmail =
  | { type: 'mailbox'; domainId: number; address: string; password: string }
  | { type: 'forward'; domainId: number; address: string; destination: string };

export const createEmail = (body: NewEmail) => api<EmailCreated>('/emails', { method: 'POST', body, ...quiet });

export type EmailChange = { type: 'forward'; destination: string } | { type: 'mailbox'; password: string } | { destination: string } | { password: string };

export const updateEmail = (emailId: number, body: EmailChange) => api<DomainEmail>(`/emails/${emailId}`, { method: 'PATCH', body, ...quiet });

export const deleteEmail = (emailId: number) => api<DomainEmail>(`/emails/${emailId}`, { method: 'DELETE', ...quiet });

export const usageKey = (emailId: number) => `/emails/${emailId}/usage`;

export const sendInstructions = (emailId: number, email: string) =>
  api<{ message: string }>(`/emails/${emailId}/instructions`, { method: 'POST', body: { email }, ...quiet });
