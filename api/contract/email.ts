/**
 * The email service's calls (control-panel spec §3 "Email", §5 "Email forms", §7): add, update, delete a mailbox or
 * forward, its usage, the set-up instructions, and the limits. The server validates with these; the account app uses
 * the same messages and numbers.
 */
import './zod-config.ts';
import { z } from 'zod';
import type { DomainEmail } from './domain.ts';

/** Control-panel spec §9: 5 mailboxes and 5 forwards per domain, 5 GB per mailbox, $5 a month. */
export const emailLimits = { mailbox: 5, forward: 5 } as const;
export const mailboxQuotaGigabytes = 5;
export const emailServicePrice = 500;

export const usernameRequiredMessage = 'Username is required';
export const passwordRequiredMessage = 'Password is required';
export const destinationRequiredMessage = 'Destination email is required';
export const recipientRequiredMessage = 'Recipient email is required';
export const invalidEmailMessage = 'Please enter a valid email address';

/** The part before the @: letters, digits and . _ - +, no dot at either end or twice in a row. */
const localPartPattern = /^(?!\.)(?!.*\.\.)[a-z0-9._+-]{1,64}(?<!\.)$/i;
const emailPattern = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;

export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && emailPattern.test(value);
}

/**
 * A mailbox password: 8 to 128 characters with a letter and a digit, not containing the username. Returns what is
 * wrong, or null.
 */
export function passwordProblem(password: string, username = ''): string | null {
  if (password.length < 8) return 'Use at least 8 characters';
  if (password.length > 128) return 'Use at most 128 characters';
  if (!/[a-z]/i.test(password) || !/\d/.test(password)) return 'Use letters and at least one digit';
  if (username && password.toLowerCase().includes(username.toLowerCase())) return 'The password must not contain the username';
  return null;
}

/** The username typed in the form, or a whole address: the part before any @. */
export function usernameOf(address: string): string {
  return address.trim().toLowerCase().split('@')[0] ?? '';
}

const username = z
  .string({ error: usernameRequiredMessage })
  .trim()
  .min(1, usernameRequiredMessage)
  .max(254)
  .refine((value) => localPartPattern.test(usernameOf(value)), 'Usernames may use letters, digits and . _ - + (up to 64)');
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
export type EmailCreated = DomainEmail & { $mobileConfigUrl?: string; $autoconfigUrl?: string };

/** GET /api/emails/:id/usage. `size` and `quota` in gigabytes, as on the email; `usedBytes` exactly. */
export type EmailUsage = { emailId: number; size: number; quota: number; usedBytes: number; $overQuota: boolean };
