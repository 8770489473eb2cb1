/** Registrant verification (RAA 2013 WAPS) as the account app shows it: the banner, the resend, the emailed link. */
import '../zod-config.ts';
import { z } from 'zod';

export { type VerificationStatus, verificationBannerTitle, verificationDays } from './verification-banner.ts';

export const verifyRegistrantSchema = z.strictObject({ token: z.string().min(10, 'This verification link is incomplete').max(200) });

export type { VerifyRegistrantAnswer } from './verification-schemas.ts';

/** Compliance marks a registrant verified by other means: what shows it, and why (both kept in the audit log). */
export const markVerifiedSchema = z.strictObject({
  evidence: z.string().trim().min(5, 'Say what shows the registrant is reachable (at least 5 characters)').max(2000),
  reason: z.string().trim().max(500),
});
