/** Bodies of the session calls (storefront spec §7), validated by the API. */
import '../zod-config.ts';
import { z } from 'zod';

const email = z.string().trim().min(1, 'Enter your email address').max(254).email('Enter a valid email address');

/** A bot-check token, as GET /api/botCheck's challenge solved (the spec's name for it in session bodies). */
const recaptchaToken = z.string().max(20000).optional();

export const passwordLoginSchema = z.object({ email, password: z.string().min(1, 'Enter your password').max(1024), recaptchaToken });
export const mfaPickSchema = z.object({ mfaId: z.number().int().positive() });
export const mfaVerifySchema = z.object({
  mfaChallengeId: z.number().int().positive(),
  mfaId: z.number().int().positive(),
  mfaToken: z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, 'The code is up to 6 digits'),
});
export const recoveryTokenSchema = z.object({ type: z.literal('recovery'), token: z.string().min(10).max(200) });
export const recoveryRequestSchema = z.object({ type: z.literal('recovery'), email, recaptchaToken });

export const newPasswordSchema = z.string().min(8, 'Use at least 8 characters').max(128, 'Use at most 128 characters');

/** Step 2 with a recovery code instead of the second factor (issue #25). */
export const recoveryCodeSignInSchema = z.strictObject({ recoveryCode: z.string().trim().min(1, 'Enter one of your recovery codes').max(64) });
