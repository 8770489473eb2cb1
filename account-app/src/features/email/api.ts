/** The email service's calls from the account app: buy or remove it, add/update/delete addresses, usage, instructions. */
import { apiClient, apiKey } from '@kit/api-client.ts';
import { withLazyRecentAuth } from '@kit/lazy-recent-auth.ts';
import { mutate } from 'swr';
import type { EmailCreated, EmailUsage } from '../../../../api/contract/email/email.ts';
import { domainsKey } from '../domains/api.ts';

export type { EmailCreated, EmailUsage };

/** Inside a stepped view or a form that shows its own errors: no toast. */
const quiet = { toast: false } as const;

export const refreshDomains = () => mutate(domainsKey);

/** Buying it may ask "confirm it's you" first (a charge over the operator's threshold from an older session). */
export const setEmailService = (domainId: number, emailEnabled: boolean) =>
  withLazyRecentAuth(() => apiClient.PATCH('/domains/{id}', { params: { path: { id: domainId } }, body: { emailEnabled }, ...quiet }));

export type NewEmail =
  | { type: 'mailbox'; domainId: number; address: string; password: string }
  | { type: 'forward'; domainId: number; address: string; destination: string };

export const createEmail = (body: NewEmail) => apiClient.POST('/emails', { body, ...quiet });

export type EmailChange = { type: 'forward'; destination: string } | { type: 'mailbox'; password: string } | { destination: string } | { password: string };

export const updateEmail = (emailId: number, body: EmailChange) => apiClient.PATCH('/emails/{id}', { params: { path: { id: emailId } }, body, ...quiet });

export const deleteEmail = (emailId: number) => apiClient.DELETE('/emails/{id}', { params: { path: { id: emailId } }, ...quiet });

export const usageKey = (emailId: number) => apiKey('/emails/{id}/usage', { params: { path: { id: emailId } } });

export const sendInstructions = (emailId: number, email: string) =>
  apiClient.POST('/emails/{id}/instructions', { params: { path: { id: emailId } }, body: { email }, ...quiet });
