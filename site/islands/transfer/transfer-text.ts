/** Transfer headlines and 'Can't transfer: ...' texts (storefront spec §8), and the input split of §5. */
import type { TransferCheckResult } from '../../../api/contract/transfers/transfer.ts';
import { brand } from '@kit/brand.ts';

/** A check result plus the auth code the visitor may enter in step 3. */
export type TransferResult = TransferCheckResult & { authCode?: string };

const reasonTexts: Record<string, string> = {
  'too-far-in-the-future': 'At maximum renewal (10 yrs)',
  'too-new': '60 days or newer',
  'unsupported-tld': 'Unsupported-TLD',
  ours: `Already with ${brand.name}`,
  'not-registered': 'Unregistered domain',
  locked: 'Locked at registry',
  inCart: 'Domain already in Cart',
};

export function reasonText(reason: string | null): string {
  return `Can't transfer: ${(reason && reasonTexts[reason]) ?? 'Not available for transfer'}`;
}

export function headline(results: TransferResult[]): string {
  const ok = results.filter((r) => r.ok).length;
  if (results.length === 1) return ok ? 'Your domain can transfer' : 'Your domain can not transfer';
  if (ok === 0) return 'None of your domains can transfer';
  if (ok < results.length) return 'Some of your domains can transfer';
  return 'Your domains can transfer';
}

export function splitDomains(input: string): string[] {
  return input
    .split(/[\n\t, ]+/)
    .map((d) => d.trim())
    .filter(Boolean);
}
