/**
 * Two-factor methods, passkeys and "confirm it's you" (control-panel spec §3 MFA method, §5 MFA, §7 MFA add, verify,
 * delete): request schemas the API validates and the account app reuses, and the answers' shapes.
 */
import '../zod-config.ts';
import { z } from 'zod';
import { mfaCodeLength, mfaCodeMessage, mfaTypes } from './login.ts';
import { toE164 } from '../phone.ts';

export { mfaCodeLength, mfaCodeMessage };

export const mfaTokenSchema = z
  .string({ error: mfaCodeMessage })
  .trim()
  .regex(/^\d{6}$/, mfaCodeMessage);

const phoneData = z
  .string({ error: 'A text-message method needs a phone number' })
  .trim()
  .min(1, 'A text-message method needs a phone number')
  .max(40)
  .transform((value, ctx) => {
    const phone = toE164(value);
    if (!phone) ctx.addIssue({ code: 'custom', message: 'Enter a valid phone number, like +1 415 555 0100' });
    return phone ?? value;
  });

const emailData = z
  .string({ error: 'An email method needs an email address' })
  .trim()
  .min(1, 'An email method needs an email address')
  .max(254)
  .pipe(z.email('Enter a valid email address'))
  .transform((value) => value.toLowerCase());

/** MFA add: type, data (a phone for sms, an address for email, nothing for an authenticator app). */
export const mfaAddSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('totp'), data: z.string().max(0).optional() }),
    z.object({ type: z.literal('sms'), data: phoneData }),
    z.object({ type: z.literal('email'), data: emailData }),
  ],
  { error: 'type must be sms, email or totp' },
);
export type MfaAdd = z.infer<typeof mfaAddSchema>;

/** MFA verify: the six-digit code, sent with status active. */
export const mfaVerifySchema = z.object({
  token: mfaTokenSchema,
  status: z.literal('active', { error: 'status must be active' }),
});

/** MFA delete: the current password, needed when the method is the account's last second factor. */
export const secondFactorDeleteSchema = z.object({ password: z.string().max(1024).optional() });

/** A method as the API shows it: never its secret, and the phone or address only in part. */
export const mfaMethodSchema = z.strictObject({
  mfaId: z.number().int(),
  type: z.enum(mfaTypes),
  status: z.enum(['pending', 'active', 'deleted']),
  description: z.string(),
  createDate: z.string(),
  /** Once, in the answer that made the account's first second factor active: its ten recovery codes. */
  $recoveryCodes: z.array(z.string()).optional(),
});
export type MfaMethod = z.infer<typeof mfaMethodSchema>;
/** The answer to MFA add: an authenticator app's `$totpUrl` (otpauth://, with the secret) is shown only here. */
export const mfaAddedSchema = mfaMethodSchema.extend({ $totpUrl: z.string().optional() });
export type MfaAdded = z.infer<typeof mfaAddedSchema>;

export const passkeyNameSchema = z.string({ error: 'Name your passkey' }).trim().min(1, 'Name your passkey').max(60, 'Use at most 60 characters');

/** A browser's answer to a WebAuthn ceremony (RegistrationResponseJSON / AuthenticationResponseJSON), checked in depth by the server. */
export const webauthnResponseSchema = z.object(
  {
    id: z.string().min(1).max(1400),
    rawId: z.string().min(1).max(1400),
    type: z.literal('public-key'),
    response: z.looseObject({ clientDataJSON: z.string().min(1).max(20000) }),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.string().max(40).optional(),
  },
  { error: 'Send the passkey answer your browser gave' },
);

export const passkeyRegisterSchema = z.object({ name: passkeyNameSchema, response: webauthnResponseSchema });
export type PasskeyRegister = z.input<typeof passkeyRegisterSchema>;
export const passkeyRenameSchema = z.object({ name: passkeyNameSchema });
export const passkeyOptionsSchema = z.object({ purpose: z.enum(['sign-in', 'confirm']).default('sign-in') });

export const passkeyViewSchema = z.strictObject({
  passkeyId: z.number().int(),
  name: z.string(),
  createDate: z.string(),
  lastUsedDate: z.string().nullable(),
  synced: z.boolean(),
  $recoveryCodes: z.array(z.string()).optional(),
});
export type PasskeyView = z.infer<typeof passkeyViewSchema>;
/** A WebAuthn ceremony's options as @simplewebauthn makes them: the browser's helper reads them whole. */
export const webauthnOptionsSchema = z.looseObject({ challenge: z.string() });

/** POST /api/session/confirm: one proof of who the holder is. */
export const confirmPasswordSchema = z.object({ password: z.string().min(1, 'Enter your password').max(1024) });
export const confirmPickSchema = z.object({ mfaId: z.number().int().positive() });
export const confirmCodeSchema = z.object({ mfaId: z.number().int().positive(), mfaChallengeId: z.number().int().positive(), mfaToken: mfaTokenSchema });
export const confirmPasskeySchema = z.object({ passkey: webauthnResponseSchema });

/** GET /api/session/confirm: the proofs this holder can give. */
export const confirmChoicesSchema = z.strictObject({
  methods: z.array(z.strictObject({ mfaId: z.number().int(), type: z.enum(mfaTypes), description: z.string() })),
  passkey: z.boolean(),
});
export type ConfirmChoices = z.infer<typeof confirmChoicesSchema>;
/** A code sent (or an authenticator challenge opened) for the confirm step. */
export const confirmChallengeSchema = z.strictObject({
  mfaId: z.number().int(),
  mfaType: z.enum(mfaTypes),
  mfaDescription: z.string(),
  mfaChallengeId: z.number().int(),
});
export type ConfirmChallenge = z.infer<typeof confirmChallengeSchema>;
/** POST /api/session/confirm: a proof accepted, or (for `mfaId` alone) the challenge it opened. */
export const confirmAnswerSchema = z.union([z.strictObject({ confirmed: z.literal(true) }), confirmChallengeSchema]);
