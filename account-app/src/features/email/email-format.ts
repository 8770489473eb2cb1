/** Small rules the Email tab's parts share: a forward destination's problem, and sizes in GB, MB or KB. */
import { destinationRequiredMessage, invalidEmailMessage, isEmailAddress } from '../../../../api/contract/email/email-rules.ts';

export function destinationProblem(value: string): string | null {
  if (!value.trim()) return destinationRequiredMessage;
  return isEmailAddress(value.trim()) ? null : invalidEmailMessage;
}

export function formatGigabytes(gigabytes: number): string {
  if (gigabytes >= 1) return `${gigabytes.toFixed(1)} GB`;
  const megabytes = gigabytes * 1000;
  return megabytes >= 0.1 ? `${megabytes.toFixed(1)} MB` : `${Math.round(megabytes * 1000)} KB`;
}
