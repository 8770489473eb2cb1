/** Registrant verification (RAA 2013 WAPS) as the account app shows it: the banner, the resend, the emailed link. */
import '../zod-config.ts';
import { z } from 'zod';

/** Days the registrant has to click the link before the account's domains are suspended. */
export const verificationDays = 15;

export const verificationBannerTitle = 'Verify your email to keep your domains active';

export type VerificationStatus =
  | { state: 'none' }
  | { state: 'verified'; email: string; verifiedAt: string }
  | { state: 'pending'; email: string; deadline: string; suspended: boolean; problems: string[]; lastSentAt: string | null };

export const verifyRegistrantSchema = z.strictObject({ token: z.string().min(10, 'This verification link is incomplete').max(200) });

export type VerifyRegistrantAnswer = { email: string; restoredDomains: string[]; message: string };
