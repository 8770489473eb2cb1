/** GET /api/users/0: who is signed in (the login email, never the hash), as the account app's shell reads it. */
import '../zod-config.ts';
import { z } from 'zod';

export const currentUserSchema = z.strictObject({
  userId: z.number().int(),
  accountId: z.number().int(),
  email: z.string(),
  createDate: z.string(),
  modifyDate: z.string(),
  /** Staff reset the second factors: nothing else works until one is added. */
  mfaEnrolmentRequired: z.boolean(),
  /** A staff member viewing the account read-only (the session can write nothing). */
  $viewAs: z.strictObject({ staffEmail: z.string() }).optional(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
