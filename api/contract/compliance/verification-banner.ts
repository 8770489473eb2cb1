/**
 * What the account app's shell shows of registrant verification. Apart from verification.ts so that the shell, on
 * every page's first load, does not pull in zod with the link's schema.
 */

/** Days the registrant has to click the link before the account's domains are suspended. */
export const verificationDays = 15;

export const verificationBannerTitle = 'Verify your email to keep your domains active';

export type { VerificationStatus } from './verification-schemas.ts';
