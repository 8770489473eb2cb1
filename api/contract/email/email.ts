/**
 * The email service's calls (control-panel spec §3 "Email", §5 "Email forms", §7): add, update, delete a mailbox or
 * forward, its usage, the set-up instructions, and the limits. The server validates with these; the account app uses
 * the same messages and numbers.
 */
import '../zod-config.ts';
import { z } from 'zod';
import { domainEmailSchema } from '../domains/domain.ts';
import {
  destinationRequiredMessage,
  invalidEmailMessage,
  invalidUsernameMessage,
  isEmailAddress,
  isUsername,
  passwordRequiredMessage,
  recipientRequiredMessage,
  usernameRequiredMessage,
} from './email-rules.ts';

export * from './email-rules.ts';

const username = z.string({ error: usernameRequiredMessage }).trim().min(1, usernameRequiredMessage).max(254).refine(isUsername, invalidUsernameMessage);
const password = z.string({ error: passwordRequiredMessage }).min(1, passwordRequiredMessage).max(1024);
const destination = z
  .string({ error: destinationRequiredMessage })
  .trim()
  .min(1, destinationRequiredMessage)
  .refine(isEmailAddress, invalidEmailMessage)
  .transform((value) => value.toLowerCase());

/** POST /api/emails. `address` is the username or the whole address on the domain. */
export const emailCreateSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('mailbox'), domainId: z.number().int().positive(), address: username, password, destination: z.null().optional() }),
    z.strictObject({ type: z.literal('forward'), domainId: z.number().int().positive(), address: username, destination, password: z.null().optional() }),
  ],
  { error: 'type must be mailbox or forward' },
);
export type EmailCreate = z.infer<typeof emailCreateSchema>;

/** PATCH /api/emails/:id: one of convert to forward, convert to mailbox, a new destination, a new password. */
export const emailUpdateShapes = {
  toForward: z.strictObject({ type: z.literal('forward'), destination }),
  toMailbox: z.strictObject({ type: z.literal('mailbox'), password }),
  destination: z.strictObject({ destination }),
  password: z.strictObject({ password }),
} as const;
export const emailUpdateSchema = z.union(Object.values(emailUpdateShapes), {
  error: 'Send one of: {type: forward, destination}, {type: mailbox, password}, {destination}, {password}',
});

/** The shape a body means (by its fields), so its errors speak of that shape: "Destination email is required". */
export function emailUpdateSchemaFor(body: unknown) {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (fields.type === 'forward') return emailUpdateShapes.toForward;
  if (fields.type === 'mailbox') return emailUpdateShapes.toMailbox;
  if ('destination' in fields) return emailUpdateShapes.destination;
  if ('password' in fields) return emailUpdateShapes.password;
  return emailUpdateSchema;
}
export type EmailUpdate = z.infer<typeof emailUpdateSchema>;

/** POST /api/emails/:id/instructions: where to send the set-up instructions of a mailbox. */
export const sendInstructionsSchema = z.strictObject({
  email: z.string({ error: recipientRequiredMessage }).trim().min(1, recipientRequiredMessage).refine(isEmailAddress, invalidEmailMessage),
});

/** POST /api/emails answers the new address; a mailbox also carries where a phone fetches its settings. */
export const emailCreatedSchema = domainEmailSchema.extend({ $mobileConfigUrl: z.string().optional(), $autoconfigUrl: z.string().optional() });
export type EmailCreated = z.infer<typeof emailCreatedSchema>;

/** GET /api/emails/:id/usage. `size` and `quota` in gigabytes, as on the email; `usedBytes` exactly. */
export const emailUsageSchema = z.strictObject({
  emailId: z.number().int(),
  size: z.number(),
  quota: z.number(),
  usedBytes: z.number().int(),
  $overQuota: z.boolean(),
});
export type EmailUsage = z.infer<typeof emailUsageSchema>;
