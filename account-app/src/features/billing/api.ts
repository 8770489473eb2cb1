/** Payment methods and billing history through SWR; the account's billing figures come from features/domains/api.ts. */
import useSWR, { mutate } from 'swr';
import { accountPath as accountKey } from '../../../../api/contract/domains/first-reads.ts';
import type { ListResult } from '../../../../api/contract/list.ts';
import type { PaymentMethod } from '../../../../api/contract/billing/payment-methods.ts';
import type { TransactionsAnswer } from '../../../../api/contract/billing/transactions.ts';

export type { PaymentMethod } from '../../../../api/contract/billing/payment-methods.ts';

export const paymentMethodsKey = '/paymentMethods';
export { accountKey };

export function usePaymentMethods() {
  const { data, error, isLoading } = useSWR<ListResult<PaymentMethod> | null>(paymentMethodsKey);
  return { methods: data?.data ?? [], error: error as Error | undefined, isLoading };
}

/** After a card change: the list, and the account's Auto Pay line. */
export async function refreshPayments() {
  await Promise.all([mutate(paymentMethodsKey), mutate(accountKey)]);
}

export const transactionsKey = (yyyymm: string) => `/transactions?yyyymm=${yyyymm}`;
export const statementHref = (yyyymm: string) => `/api/transactions?$pdf=true&yyyymm=${yyyymm}`;

export function useTransactions(yyyymm: string | null) {
  const { data, error, isLoading } = useSWR<TransactionsAnswer | null>(yyyymm ? transactionsKey(yyyymm) : null);
  return { month: data ?? null, error: error as Error | undefined, isLoading };
}
