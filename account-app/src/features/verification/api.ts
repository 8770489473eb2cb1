/** Registrant verification (WAPS) for the banner: the account's status, and a new link. */
import { type ApiFailure, api } from '@kit/api.ts';
import useSWR, { mutate } from 'swr';
import type { VerificationStatus, VerifyRegistrantAnswer } from '../../../../api/contract/compliance/verification.ts';

export const verificationKey = '/registrantVerifications/0';

export function useVerificationStatus() {
  const { data } = useSWR<VerificationStatus | null>(verificationKey);
  return data ?? null;
}

export async function resendVerificationEmail(): Promise<VerificationStatus | ApiFailure> {
  const answer = await api<VerificationStatus>(`${verificationKey}/resend`, { method: 'POST', body: {}, toast: false });
  await mutate(verificationKey);
  return answer;
}

export function verifyRegistrantEmail(token: string): Promise<VerifyRegistrantAnswer | ApiFailure> {
  return api<VerifyRegistrantAnswer>('/registrantVerifications/verify', { method: 'POST', body: { token }, toast: false });
}
