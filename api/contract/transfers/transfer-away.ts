/** Words and rules of transfers away and in (control-panel spec §4, §8) that the server and the account app share. */
import { format } from 'date-fns/format';

export const outboundStatuses = ['unlocked', 'approved', 'pending'] as const;
export const inboundStatuses = ['auth-code-needed', 'auth-code-rejected', 'pending', 'rejected'] as const;

export const authCodeRejectedMessage =
  'The auth code submitted is incorrect. Please check the code with your current registrar (it is case-sensitive) and enter it again.';

/** A domain under a transfer hold (TDRP: a registrant change) cannot be unlocked until the date. */
export function tdrpHoldMessage(holdDate: string | Date): string {
  return `This domain is in a 60-day transfer hold after a change of registrant and cannot be unlocked until ${format(new Date(holdDate), 'MMM d, yyyy')}.`;
}
