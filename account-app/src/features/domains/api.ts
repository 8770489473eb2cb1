/** My Domains data: the caller's domains (with DNS records and mailboxes) and account, through SWR. */
import { useState } from 'react';
import useSWR from 'swr';
import type { Account, Domain } from '../../../../api/contract/domains/domain.ts';
import type { ListResult } from '../../../../api/contract/list.ts';
import { accountPath, myDomainsListPath } from '../../../../api/contract/domains/first-reads.ts';

export type { Account, DnsRecord, Domain, DomainEmail } from '../../../../api/contract/domains/domain.ts';

export const domainsKey = myDomainsListPath;

export function useDomains() {
  const [isSlow, setSlow] = useState(false);
  const { data, error, isLoading } = useSWR<ListResult<Domain> | null>(domainsKey, {
    onLoadingSlow: () => setSlow(true),
    onSuccess: () => setSlow(false),
  });
  return { domains: data?.data ?? [], error: error as Error | undefined, isLoading, isSlow };
}

export function useAccount() {
  const { data } = useSWR<Account | null>(accountPath);
  return data ?? null;
}
