/**
 * The account app's side of API tokens (issue #15, routes/api-tokens.ts): creating one needs a second factor given
 * in the same request, and within the account's limits; revoking checks whose token it is. The token itself, its
 * hashing and its use are in api-tokens.ts.
 */
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { and, count, eq, gt, isNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { apiTokenCreateSchema } from '../../../contract/api-tokens/api-token-create.ts';
import { apiTokenMaxLifetimeDays, apiTokensPerAccount, type CreatedApiToken } from '../../../contract/api-tokens/api-tokens.ts';
import { apiScopeLabels } from '../../../contract/api-tokens/api-scopes.ts';
import type { Db } from '../../../db/client.ts';
import { accounts, apiTokens } from '../../../db/schema/index.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import { now } from '../../../clock.ts';
import { appendActivity } from '../../audit/account-activity.ts';
import { createApiToken, parseIpRanges } from './api-tokens.ts';
import type { Client } from '../sign-in.ts';
import { checkSecondFactor } from '../confirm-identity.ts';
import { countSecondFactors, type Holder, queueSecurityNotice } from '../second-factors/second-factors.ts';

export type ApiTokenCreateInput = z.output<typeof apiTokenCreateSchema>;

export const manageSecondFactorsPath = '/account/summary?view=manage_MFA';
export const addSecondFactorMessage =
  'Creating an API token needs two-factor authentication. Add an authenticator app, a phone number, an email address ' +
  'or a passkey under Account Information › Two-Factor Authentication first.';
export const secondFactorNeededMessage = 'Confirm it’s you with a security code or a passkey to create an API token.';

/** A live token: not revoked and not past its expiry. */
const live = (accountId: number) =>
  and(eq(apiTokens.accountId, accountId), isNull(apiTokens.revokeDate), or(isNull(apiTokens.expireDate), gt(apiTokens.expireDate, now())));

/** A date alone means the end of that day (UTC); the expiry must lie ahead and within apiTokenMaxLifetimeDays. */
function readExpiry(value: string | null | undefined): Date | null {
  if (!value) return null;
  const at = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59.999Z` : value);
  const time = now();
  if (at <= time) throw new AppError(400, 'Choose an expiry date in the future', { field: 'expireDate' });
  // One day over the limit, so "a year from today" chosen as a date (valid to the end of that day) is allowed.
  const latest = addDays(time, apiTokenMaxLifetimeDays + 1);
  if (at > latest) {
    throw new AppError(400, `A token can be valid for at most ${apiTokenMaxLifetimeDays} days: choose a date by ${format(latest, 'MMM d, yyyy')}`, {
      field: 'expireDate',
    });
  }
  return at;
}

function readIpRanges(entries: readonly string[]): string[] {
  const kept = [...new Set(entries.map((e) => e.trim()).filter(Boolean))];
  for (const entry of kept) {
    if (!parseIpRanges([entry])) {
      throw new AppError(400, `"${entry}" is not an IP address or CIDR range (like 203.0.113.7, 198.51.100.0/24 or 2001:db8::/32)`, { field: 'allowedIps' });
    }
  }
  return kept;
}

async function assertRoom(db: Pick<Db, 'select'>, accountId: number, name: string): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(apiTokens).where(live(accountId));
  if (n >= apiTokensPerAccount) {
    throw new AppError(400, `An account can have at most ${apiTokensPerAccount} active API tokens. Revoke one you no longer use first.`);
  }
  const [same] = await db
    .select({ id: apiTokens.apiTokenId })
    .from(apiTokens)
    .where(and(live(accountId), eq(apiTokens.name, name)))
    .limit(1);
  if (same) throw new AppError(400, `You already have a token named "${name}". Choose another name.`, { field: 'name' });
}

/**
 * Checks the request in full (so a mistake never spends a code), then the second factor, then stores the token.
 * Without `secondFactor` it answers 403 `data.secondFactorRequired` once everything else is valid: the account app
 * checks the first step of its form that way before asking for a code.
 */
export async function createApiTokenWithSecondFactor(
  deps: Deps,
  holder: Holder,
  input: ApiTokenCreateInput,
  client: Client,
  brandName = 'Dotspot',
): Promise<CreatedApiToken> {
  if ((await countSecondFactors(deps.db, holder)) === 0) {
    throw new AppError(403, addSecondFactorMessage, { addSecondFactor: true, href: manageSecondFactorsPath });
  }
  const expireDate = readExpiry(input.expireDate);
  const allowedIps = readIpRanges(input.allowedIps);
  await assertRoom(deps.db, holder.accountId, input.name);
  if (!input.secondFactor) throw new AppError(403, secondFactorNeededMessage, { secondFactorRequired: true });
  await checkSecondFactor(deps, holder, input.secondFactor, client);

  const created = await deps.db.transaction(async (tx) => {
    // Two creations at once: the account's row is the queue, so the limit and the name hold.
    await tx.select({ id: accounts.accountId }).from(accounts).where(eq(accounts.accountId, holder.accountId)).for('update');
    await assertRoom(tx, holder.accountId, input.name);
    return createApiToken(tx, holder, { name: input.name, scopes: input.scopes, expireDate, allowedIps });
  });
  const scopes = created.token.scopes.map((s) => apiScopeLabels[s].label).join(', ');
  await queueSecurityNotice(
    deps,
    holder.userId,
    {
      subject: 'A new API token',
      what: `An API token named "${input.name}" (${created.token.displayPrefix}…) was created with these permissions: ${scopes}. Any API token can be revoked under Account Information › API Tokens.`,
    },
    brandName,
  );
  return { ...created.token, secret: created.secret };
}

/** Revokes one of the caller's account's tokens: 404 when there is no such live token, 403 when it is another account's. */
export async function revokeOwnApiToken(db: Db, accountId: number, apiTokenId: number): Promise<void> {
  const [row] = await db
    .select({ accountId: apiTokens.accountId })
    .from(apiTokens)
    .where(and(eq(apiTokens.apiTokenId, apiTokenId), isNull(apiTokens.revokeDate)));
  if (!row) throw new AppError(404, 'No such API token');
  if (row.accountId !== accountId) throw new AppError(403, 'You do not have access to this');
  const [revoked] = await db
    .update(apiTokens)
    .set({ revokeDate: now() })
    .where(and(eq(apiTokens.apiTokenId, apiTokenId), isNull(apiTokens.revokeDate)))
    .returning({ name: apiTokens.name, displayPrefix: apiTokens.displayPrefix });
  if (revoked)
    await appendActivity(db, {
      accountId,
      source: 'customer',
      kind: 'api-token',
      summary: `Revoked the API token “${revoked.name}” (${revoked.displayPrefix}…)`,
    });
}
