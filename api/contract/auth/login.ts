/** Sign-in's words and limits (storefront spec §7) and the same-site redirect rule, shared by the API and the login island (no zod here: it keeps the island small; its answers' schemas and types are in login-schemas.ts). */
export const mfaTypes = ['totp', 'sms', 'email'] as const;
export type MfaType = (typeof mfaTypes)[number];

export const mfaCodeMaxLength = 6;
/** Control-panel spec §9: an MFA code is six digits (sign-in accepts up to six as typed; adding a method wants all six). */
export const mfaCodeLength = 6;
export const mfaCodeMessage = 'Enter the 6-digit code';
export const defaultPostLoginUrl = '/account';

/** What GET /api/session/admin answers a signed-in user: an admin's JWT, or nulls for everyone else. */
export type AdminSession = { jwt: string; username: string } | { jwt: null; username: null };

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
