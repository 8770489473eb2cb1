/** POST /api/validate: an email or password checked while typing, and the checkout phone code (send, then check). */
import '../zod-config.ts';
import { z } from 'zod';

/** A solved bot check: sending a code, or learning whether an email has an account, needs one. */
const recaptchaToken = z.string().max(20000).optional();

export const validateRequestSchema = z.union([
  z.object({ cartId: z.number().int().min(0), phone: z.string().max(20), code: z.string().max(12) }).strict(),
  z.object({ cartId: z.number().int().min(0), phone: z.string().max(20), recaptchaToken }).strict(),
  z.object({ email: z.string().max(320), recaptchaToken }).strict(),
  z.object({ password: z.string().max(500) }).strict(),
]);

/** A check's verdict (`msg` says what is wrong, or where an existing account signs in), or a phone code sent. */
export const validateAnswerSchema = z.strictObject({ valid: z.boolean(), msg: z.string() });
export type ValidateAnswer = z.infer<typeof validateAnswerSchema>;
export const phoneCodeSentSchema = z.strictObject({ sent: z.literal(true), msg: z.string() });
