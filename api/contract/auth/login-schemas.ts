/** Bodies of the session calls (storefront spec §7), validated by the API, and their answers. */
import '../zod-config.ts';
import { z } from 'zod';
import { mfaTypes } from './login.ts';

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

/** A second factor offered at sign-in. */
export const mfaOptionSchema = z.strictObject({ mfaId: z.number().int(), type: z.enum(mfaTypes), description: z.string() });
export type MfaOption = z.infer<typeof mfaOptionSchema>;

/** What POST /api/session answers at each step (and PATCH /api/users/0 in a recovery session): every field is one step's. */
export const sessionResponseSchema = z.strictObject({
  mfas: z.array(mfaOptionSchema).optional(),
  /** The account has a passkey, which may stand in for the listed methods as the second factor. */
  passkey: z.boolean().optional(),
  /** The user has unused recovery codes, which may stand in for the second factor once each. */
  recoveryCodes: z.boolean().optional(),
  mfaId: z.number().int().optional(),
  mfaType: z.enum(mfaTypes).optional(),
  mfaDescription: z.string().optional(),
  mfaChallengeId: z.number().int().optional(),
  /** Set when the caller is fully signed in (or in a recovery session) and should navigate there. */
  redirect: z.string().optional(),
  recovery: z.boolean().optional(),
  /** A reset link was asked for: `message` says one is on its way if the address has an account. */
  success: z.literal(true).optional(),
  message: z.string().optional(),
});
/** The islands import this type only, so they load no zod. */
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
