/**
 * API tokens in the account app (issue #15): POST /api/apiTokens creates one, with a second factor given in the same
 * request (schemas in ./api-token-create.ts, apart so the account app's bundle does not carry them); GET lists them
 * (never the secret); DELETE /:id revokes one. Scopes are in ./api-scopes.ts.
 */

/** Live (not revoked, not expired) tokens an account may hold at once. */
export const apiTokensPerAccount = 25;
/** The latest expiry a token may be given, in days from its creation. */
export const apiTokenMaxLifetimeDays = 365;
/** Allowed IP entries per token. */
export const apiTokenMaxIpRanges = 20;

export type { ApiToken, CreatedApiToken } from './api-token-schemas.ts';

/** Splits a textarea of addresses (one a line, or separated by commas or spaces) into entries. */
export function splitIpRanges(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter(Boolean))];
}
