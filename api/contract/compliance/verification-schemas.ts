/**
 * Registrant verification's answers as zod schemas (GET /api/registrantVerifications/0 and its resend, and the emailed
 * link's POST /api/registrantVerifications/verify). verification-banner.ts takes its type from here type-only, so the
 * account app's shell still loads no zod.
 */
import '../zod-config.ts';
import { z } from 'zod';

export const verificationStatusSchema = z.union([
  z.strictObject({ state: z.literal('none') }),
  z.strictObject({ state: z.literal('verified'), email: z.string(), verifiedAt: z.string() }),
  z.strictObject({
    state: z.literal('pending'),
    email: z.string(),
    deadline: z.string(),
    suspended: z.boolean(),
    problems: z.array(z.string()),
    lastSentAt: z.string().nullable(),
  }),
]);
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

/** `heldDomains`: names the registry has not released yet (retried by a job; the registrant is emailed when they work). */
export const verifyRegistrantAnswerSchema = z.strictObject({
  email: z.string(),
  restoredDomains: z.array(z.string()),
  heldDomains: z.array(z.string()),
  message: z.string(),
});
export type VerifyRegistrantAnswer = z.infer<typeof verifyRegistrantAnswerSchema>;
