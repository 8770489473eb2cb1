/** What a domain shows: its website settings (forward options, builder trial, builder site) and the domain update. */
import { apiClient, apiKey } from '@kit/api-client.ts';
import { withLazyRecentAuth } from '@kit/lazy-recent-auth.ts';
import { mutate } from 'swr';
import type { DomainUpdate } from '../../../../api/contract/domains/domain-update.ts';
import type { SiteContentUpdate } from '../../../../api/contract/websites/website.ts';
import { useApi } from '../../swr.ts';
import { domainsKey } from '../domains/api.ts';

export type { WebsiteSettings } from '../../../../api/contract/websites/website.ts';

export const websiteKey = (domainId: number) => apiKey('/websites/{id}', { params: { path: { id: domainId } } });

export function useWebsite(domainId: number | null) {
  const { data, error, isLoading } = useApi(domainId == null ? null : websiteKey(domainId));
  return { website: data ?? null, error: error as Error | undefined, isLoading };
}

/**
 * PATCH /api/domains/:id with the website group; the card list and the settings are refreshed after a change. Adding
 * the builder plan may ask "confirm it's you" first (a charge over the operator's threshold from an older session).
 */
export async function updateWebsite(domainId: number, body: DomainUpdate) {
  const answer = await withLazyRecentAuth(() => apiClient.PATCH('/domains/{id}', { params: { path: { id: domainId } }, body, toast: false }));
  void mutate(domainsKey);
  void mutate(websiteKey(domainId));
  return answer;
}

export async function saveSite(domainId: number, content: SiteContentUpdate) {
  const answer = await apiClient.PATCH('/websites/{id}', { params: { path: { id: domainId } }, body: content, toast: false });
  void mutate(websiteKey(domainId));
  return answer;
}

/** The address a visitor types to reach the domain. */
export const siteAddress = (domain: string) => `http://${domain}/`;
