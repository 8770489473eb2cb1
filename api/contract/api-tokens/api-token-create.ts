/** POST /api/apiTokens (issue #15): the request, with the second factor that authorizes it. Shapes in ./api-tokens.ts. */
import '../zod-config.ts';
import { z } from 'zod';
import { apiScopeSchema } from './api-scopes.ts';
import { apiTokenMaxIpRanges } from './api-tokens.ts';
import { confirmCodeSchema, confirmPasskeySchema } from '../auth/mfa.ts';

export const apiTokenNameSchema = z.string({ error: 'Name your token' }).trim().min(1, 'Name your token').max(64, 'Use at most 64 characters for the name');

/**
 * The second factor that authorizes a creation: a code from a challenge the client opened with POST
 * /api/session/confirm `{ mfaId }`, or a passkey assertion for purpose "confirm". It is spent by the creation.
 */
export const secondFactorProofSchema = z.union([confirmCodeSchema, confirmPasskeySchema], {
  error: 'Confirm with a security code or a passkey',
});
export type SecondFactorProof = z.infer<typeof secondFactorProofSchema>;

export const apiTokenCreateSchema = z.object({
  name: apiTokenNameSchema,
  scopes: z.array(apiScopeSchema, { error: 'Choose at least one scope' }).min(1, 'Choose at least one scope').max(20),
  /** An ISO date-time (or YYYY-MM-DD, meaning the end of that day UTC) after now and within apiTokenMaxLifetimeDays; null or absent: never. */
  expireDate: z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: 'Give the expiry as a date, like 2027-01-31' }).nullish(),
  /** Addresses and CIDRs; empty or absent: anywhere. */
  allowedIps: z
    .array(z.string().trim().max(64, 'An IP range is at most 64 characters'))
    .max(apiTokenMaxIpRanges, `Give at most ${apiTokenMaxIpRanges} IP ranges`)
    .default([]),
  secondFactor: secondFactorProofSchema.optional(),
});
export type ApiTokenCreate = z.input<typeof apiTokenCreateSchema>;
