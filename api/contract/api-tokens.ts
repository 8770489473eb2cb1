/**
 * API tokens in the account app (issue #15): POST /api/apiTokens creates one, with a second factor given in the same
 * request; GET lists them (never the secret); DELETE /:id revokes one. Scopes are in ./api-scopes.ts.
 */
import './zod-config.ts';
import { z } from 'zod';
import { type ApiScope, apiScopeSchema } from './api-scopes.ts';
import { confirmCodeSchema, confirmPasskeySchema } from './mfa.ts';

/** Live (not revoked, not expired) tokens an account may hold at once. */
export const apiTokensPerAccount = 25;
/** The latest expiry a token may be given, in days from its creation. */
export const apiTokenMaxLifetimeDays = 365;
/** Allowed IP entries per token. */
export const apiTokenMaxIpRanges = 20;

export const apiTokenNameSchema = z
  .string({ error: 'Name your token' })
  .trim()
  .min(1, 'Name your token')
  .max(64, 'Use at most 64 characters for the name');

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
  expireDate: z
    .union([z.iso.datetime({ offset: true }), z.iso.date()], { error: 'Give the expiry as a date, like 2027-01-31' })
    .nullish(),
  /** Addresses and CIDRs; empty or absent: anywhere. */
  allowedIps: z
    .array(z.string().trim().max(64, 'An IP range is at most 64 characters'))
    .max(apiTokenMaxIpRanges, `Give at most ${apiTokenMaxIpRanges} IP ranges`)
    .default([]),
  secondFactor: secondFactorProofSchema.optional(),
});
export type ApiTokenCreate = z.input<typeof apiTokenCreateSchema>;

/** A token as the list shows it: never its secret or hash. `expireDate` in the past means expired. */
export type ApiToken = {
  apiTokenId: number;
  name: string;
  /** `dsp_` and the secret's next four characters. */
  displayPrefix: string;
  scopes: ApiScope[];
  allowedIps: string[];
  expireDate: string | null;
  lastUsedDate: string | null;
  lastUsedIp: string | null;
  createDate: string;
};

/** The answer to a creation: the only time the secret is shown. */
export type CreatedApiToken = ApiToken & { secret: string };

/** Splits a textarea of addresses (one a line, or separated by commas or spaces) into entries. */
export function splitIpRanges(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter(Boolean))];
}
