/** Registrant verification (WAPS) for the banner: the account's status, and a new link. */
import type { ApiFailure } from '@kit/api.ts';
import { apiClient, apiKey } from '@kit/api-client.ts';
import { mutate } from 'swr';
import type { VerificationStatus, VerifyRegistrantAnswer } from '../../../../api/contract/compliance/verification.ts';
import { useApi } from '../../swr.ts';

export const verificationKey = apiKey('/registrantVerifications/0');

export function useVerificationStatus() {
  const { data } = useApi(verificationKey);
  return data ?? null;
}

export async function resendVerificationEmail(): Promise<VerificationStatus | ApiFailure> {
  const answer = await apiClient.POST('/registrantVerifications/0/resend', { toast: false });
  await mutate(verificationKey);
  return answer;
}

export function verifyRegistrantEmail(token: string): Promise<VerifyRegistrantAnswer | ApiFailure> {
  return apiClient.POST('/registrantVerifications/verify', { body: { token }, toast: false });
}
