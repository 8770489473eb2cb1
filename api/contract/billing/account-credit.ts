/** Account credit as the back office reads and grants it (GET and POST /api/admin/credits). */
import '../zod-config.ts';
import { z } from 'zod';
import { reasonSchema } from '../audit/audit-schemas.ts';
import { recordIdSchema } from '../stored-integers.ts';

/** The largest single grant: a typo of two extra zeros should not become a fortune. */
export const maxCreditGrant = 100_000;

/** The most taken back at once: larger than any grant, since several grants may be taken back together. */
export const maxCreditRevoke = maxCreditGrant * 100;

const accountIdSchema = recordIdSchema('Give an account number', 'There is no account with that number');

export const creditEntrySchema = z.strictObject({
  accountCreditId: z.number().int(),
  kind: z.enum(['grant', 'spend', 'revoke']),
  /** Cents: a grant positive, a checkout's spend negative (what it reserved), credit billing took back negative. */
  amount: z.number().int(),
  note: z.string().nullable(),
  cartId: z.number().int().nullable(),
  createDate: z.string(),
});
export type CreditEntry = z.infer<typeof creditEntrySchema>;

export const creditAnswerSchema = z.strictObject({
  accountId: z.number().int(),
  email: z.string().nullable(),
  balance: z.number().int(),
  entries: z.array(creditEntrySchema),
});
export type CreditAnswer = z.infer<typeof creditAnswerSchema>;

export const creditGrantSchema = z.strictObject({
  accountId: accountIdSchema,
  amount: z
    .number({ error: 'Enter an amount' })
    .int('Whole cents only')
    .positive('The credit must be more than $0.00')
    .max(maxCreditGrant, 'A credit is at most $1,000.00 at a time'),
  /** What the customer reads in billing history and the email. */
  note: z.string({ error: 'Write a note for the customer' }).trim().min(3, 'Write a note for the customer').max(200),
  /** Why, for the audit log. */
  reason: reasonSchema,
});
export type CreditGrantRequest = z.infer<typeof creditGrantSchema>;

export const creditQuerySchema = z.object({ accountId: z.coerce.number({ error: 'Give an account number' }).pipe(accountIdSchema) });

/** POST /api/admin/credits/revocations: billing takes credit back, never below zero. */
export const creditRevokeSchema = z.strictObject({
  accountId: accountIdSchema,
  amount: z
    .number({ error: 'Enter an amount' })
    .int('Whole cents only')
    .positive('Take back more than $0.00')
    .max(maxCreditRevoke, 'Take back at most $100,000.00 at a time'),
  note: z.string({ error: 'Write a note for the customer' }).trim().min(3, 'Write a note for the customer').max(200),
  reason: reasonSchema,
});
