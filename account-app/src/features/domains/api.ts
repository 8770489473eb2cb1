/** My Domains data: the caller's domains (with DNS records and mailboxes) and account, through SWR. */
import { useState } from 'react';
import useSWR from 'swr';

export type DomainEmail = { emailId: number; address: string; type: 'mailbox' | 'forward'; destination: string | null; size: number; quota: number };
export type DnsRecord = { dnsRecordId: number; type: string; host: string; data: string };

export type Domain = {
  domainId: number;
  domain: string;
  status: 'active' | 'transfer' | 'expired' | 'redemption' | 'deleted';
  createDate: string;
  modifyDate: string;
  expireDate: string;
  autoRenewEnabled: boolean;
  autoRenewDate: string | null;
  locked: boolean;
  privacyEnabled: boolean;
  protectionEnabled: boolean;
  websiteType: 'builder' | 'forward' | 'park' | 'custom';
  forwardUrl: string | null;
  parkType: 'blank' | 'default';
  builderEnabled: boolean;
  builderUrl: string | null;
  emailEnabled: boolean;
  mrc: number;
  ns: string[];
  forSale: boolean;
  listPrice: number | null;
  outboundTransferStatus: string | null;
  inboundTransferStatus: string | null;
  dnsRecords?: DnsRecord[];
  emails?: DomainEmail[];
};

export type Account = { accountId: number; advancedEnabled: boolean; $pendingChanges: boolean; autoPayDescription: string | null; recurringBillAmount: number };
type List<T> = { total: number; limit: number; skip: number; data: T[] };

export const domainsKey = '/domains?$relations[]=dnsRecords&$relations[]=emails&$sort[domain]=1';

export function useDomains() {
  const [isSlow, setSlow] = useState(false);
  const { data, error, isLoading } = useSWR<List<Domain> | null>(domainsKey, {
    onLoadingSlow: () => setSlow(true),
    onSuccess: () => setSlow(false),
  });
  return { domains: data?.data ?? [], error: error as Error | undefined, isLoading, isSlow };
}

export function useAccount() {
  const { data } = useSWR<Account | null>('/accounts/0');
  return data ?? null;
}
