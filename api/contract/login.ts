/** Session call shapes (storefront spec §7) and the same-site redirect rule, shared by the API and the login island. */
import { z } from 'zod';

export const mfaTypes = ['totp', 'sms', 'email'] as const;
export type MfaType = (typeof mfaTypes)[number];

export const mfaCodeMaxLength = 6;
export const defaultPostLoginUrl = '/account';

const email = z.string().trim().min(1, 'Enter your email address').max(254).email('Enter a valid email address');

export const passwordLoginSchema = z.object({ email, password: z.string().min(1, 'Enter your password').max(1024) });
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
export const recoveryRequestSchema = z.object({ type: z.literal('recovery'), email, recaptchaToken: z.string().max(20000).optional() });

export const newPasswordSchema = z
  .string()
  .min(8, 'Use at least 8 characters')
  .max(128, 'Use at most 128 characters');

export type MfaOption = { mfaId: number; type: MfaType; description: string };

/** What POST /api/session answers at each step. */
export type SessionResponse = {
  mfas?: MfaOption[];
  mfaId?: number;
  mfaType?: MfaType;
  mfaDescription?: string;
  mfaChallengeId?: number;
  /** Set when the caller is fully signed in (or in a recovery session) and should navigate there. */
  redirect?: string;
  recovery?: boolean;
  message?: string;
};

/**
 * Only same-site paths may be a post-login target: one leading slash, no scheme, no protocol-relative
 * `//host` or `/\host` tricks. Anything else falls back to /account.
 */
export function safeRedirect(value: string | null | undefined, fallback = defaultPostLoginUrl): string {
  if (!value) return fallback;
  const target = value.trim();
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  if ([...target].some((ch) => ch === '\\' || ch.charCodeAt(0) < 32)) return fallback;
  if (target === '/login' || target.startsWith('/login?') || target.startsWith('/login/')) return fallback;
  return target;
}
