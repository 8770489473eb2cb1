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
/** The browser's passkey answer as the API takes it (signing in, or adding one). */
export type StaffPasskeyAnswer = z.input<typeof staffPasskeyAnswerSchema>;

/** POST /api/admin/enrolment/check: the link's token (in the body, so it never lands in an access log). */
export const staffEnrolmentTokenSchema = z.object({ token: z.string().min(10).max(200) });

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

const staffSessionStates = ['enrol', 'mfa', 'active'] as const;

/** A sign-in step's answer (the password, a code, a passkey, the enrolment): what comes next, and the factors the member has. */
export const staffSignInStepSchema = z.strictObject({
  next: z.enum(staffSessionStates),
  factors: z.strictObject({ totp: z.boolean(), passkeys: z.number().int() }),
});
export type StaffSignInStep = z.infer<typeof staffSignInStepSchema>;

/** A second factor added: the sign-in step it finishes (enrolment), or, for a member already signed in, just `active`. */
export const staffFactorAddedSchema = z.union([staffSignInStepSchema, z.strictObject({ next: z.literal('active') })]);

/** POST /api/admin/enrolment/check: whom the link enrols. */
export const staffEnrolmentViewSchema = z.strictObject({ email: z.string(), name: z.string(), role: z.enum(staffRoles), expiresAt: z.string() });
export type StaffEnrolmentView = z.infer<typeof staffEnrolmentViewSchema>;

/** POST /api/admin/session/totp: a fresh secret to scan (confirmed by the first code). */
export const staffTotpSetupSchema = z.strictObject({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() });
export type StaffTotpSetup = z.infer<typeof staffTotpSetupSchema>;

/** A staff member as the Staff screen lists them. */
export const staffMemberSchema = z.strictObject({
  staffId: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(staffRoles),
  status: z.enum(['invited', 'active', 'disabled']),
  /** Which second factors they have: an authenticator app, passkeys (how many). */
  hasTotp: z.boolean(),
  passkeys: z.number().int(),
  createDate: z.string(),
  lastSignInDate: z.string().nullable(),
  invitedBy: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
