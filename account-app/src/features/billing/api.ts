/** Payment methods and billing history through SWR; the account's billing figures come from features/domains/api.ts. */
import { apiKey } from '@kit/api-client.ts';
import { mutate } from 'swr';
import { useApi } from '../../swr.ts';
import { accountKey } from '../domains/api.ts';

export type { PaymentMethod } from '../../../../api/contract/billing/payment-methods.ts';

export const paymentMethodsKey = apiKey('/paymentMethods');
export { accountKey };

export function usePaymentMethods() {
  const { data, error, isLoading } = useApi(paymentMethodsKey);
  return { methods: data?.data ?? [], error: error as Error | undefined, isLoading };
}

/** After a card change: the list, and the account's Auto Pay line. */
export async function refreshPayments() {
  await Promise.all([mutate(paymentMethodsKey), mutate(accountKey)]);
}

export const transactionsKey = (yyyymm: string) => apiKey('/transactions', { params: { query: { yyyymm } } });
export const statementHref = (yyyymm: string) => `/api/transactions?$pdf=true&yyyymm=${yyyymm}`;

export function useTransactions(yyyymm: string | null) {
  const { data, error, isLoading } = useApi(yyyymm ? transactionsKey(yyyymm) : null);
  return { month: data ?? null, error: error as Error | undefined, isLoading };
}
