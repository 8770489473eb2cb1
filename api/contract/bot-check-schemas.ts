/** GET /api/botCheck's answer as a zod schema (apart from bot-check.ts, which islands import and keeps free of zod). */
import './zod-config.ts';
import { z } from 'zod';

/** An ALTCHA challenge to solve in the browser (its fields are altcha-lib's), or a hosted captcha's site key. */
export const botChallengeSchema = z.union([
  z.strictObject({ provider: z.literal('altcha'), challenge: z.unknown() }),
  z.strictObject({ provider: z.literal('captcha'), siteKey: z.string() }),
]);
