/** My Domains data: the caller's domains (with DNS records and mailboxes) and account, through SWR. */
import { useState } from 'react';
import { apiKey } from '@kit/api-client.ts';
import { myDomainsListQuery } from '../../../../api/contract/domains/first-reads.ts';
import { useApi } from '../../swr.ts';

export type { Account, DnsRecord, Domain, DomainEmail } from '../../../../api/contract/domains/domain.ts';

/** The same text as the server's preload of this read (`myDomainsListPath`), so the preloaded answer is reused. */
export const domainsKey = apiKey('/domains', { params: { query: myDomainsListQuery } });
export const accountKey = apiKey('/accounts/0');

export function useDomains() {
  const [isSlow, setSlow] = useState(false);
  const { data, error, isLoading } = useApi(domainsKey, {
    onLoadingSlow: () => setSlow(true),
    onSuccess: () => setSlow(false),
  });
  return { domains: data?.data ?? [], error: error as Error | undefined, isLoading, isSlow };
}

export function useAccount() {
  const { data } = useApi(accountKey);
  return data ?? null;
}
