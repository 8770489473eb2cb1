/** zod schemas of the staff sign-in and staff management bodies (server side and forms that validate the same way). */
import '../zod-config.ts';
import { z } from 'zod';
import { type Permission, permissions, staffRoles } from './roles.ts';

const email = z.string({ error: 'Enter an email address' }).trim().toLowerCase().max(254).pipe(z.email('Enter a valid email address'));

export const staffPasswordMinLength = 12;
const password = z
  .string()
  .min(staffPasswordMinLength, `Use at least ${staffPasswordMinLength} characters for your password`)
  .max(200, 'Use at most 200 characters for your password');

export const staffSignInSchema = z.object({
  email,
  password: z.string().min(1, 'Enter your password').max(200),
  recaptchaToken: z.string().max(10_000).optional(),
});

export const staffCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});

/** A code we emailed (6 digits). */
const emailCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code we emailed you');

export const staffEmailCodeSchema = z.object({ emailCode });

/** Confirming a new authenticator app; replacing one also takes a code from it, or the password and an emailed code. */
export const staffTotpConfirmSchema = staffCodeSchema.extend({
  currentCode: staffCodeSchema.shape.code.optional(),
  password: z.string().min(1, 'Enter your password').max(200).optional(),
  emailCode: emailCode.optional(),
});

/** Asking to add a passkey while signed in: a code from the current app, or the password and an emailed code. */
export const staffPasskeyOptionsSchema = z.object({
  currentCode: staffCodeSchema.shape.code.optional(),
  password: z.string().min(1, 'Enter your password').max(200).optional(),
  emailCode: emailCode.optional(),
});

export const staffPasskeyAnswerSchema = z.object({
  passkey: z.looseObject({ id: z.string().max(2000), response: z.looseObject({}) }),
  name: z.string().trim().min(1).max(60).optional(),
});

export const staffEnrolSchema = z.object({
  token: z.string().min(10).max(200),
  name: z.string().trim().min(1, 'Enter your name').max(100),
  password,
});

export const staffInviteSchema = z.object({
  email,
  name: z.string().trim().min(1, 'Enter their name').max(100),
  role: z.enum(staffRoles, { error: `role must be one of ${staffRoles.join(', ')}` }),
});

export const staffUpdateSchema = z
  .object({
    role: z.enum(staffRoles, { error: `role must be one of ${staffRoles.join(', ')}` }).optional(),
    status: z.enum(['active', 'disabled'], { error: 'status must be active or disabled' }).optional(),
    reason: z.string().trim().max(1000).optional(),
  })
  .refine((body) => body.role !== undefined || body.status !== undefined, 'Send role or status');

/** GET /api/admin/session: who is signed in to the back office, what their role allows, and when the session ends. */
export const staffSessionViewSchema = z.strictObject({
  state: z.enum(['enrol', 'mfa', 'active']),
  staff: z.strictObject({
    staffId: z.number().int(),
    email: z.string(),
    name: z.string(),
    role: z.enum(staffRoles),
    permissions: z.array(z.enum(Object.keys(permissions) as [Permission, ...Permission[]])),
  }),
  /** What the second-factor step can offer (state mfa), or what is already set up. */
  factors: z.strictObject({ totp: z.boolean(), passkeys: z.number().int() }),
  /** The session ends at the first of these: 8 hours after sign-in, 30 minutes after the last request. */
  expiresAt: z.string(),
  idleExpiresAt: z.string(),
});
export type StaffSessionView = z.infer<typeof staffSessionViewSchema>;
