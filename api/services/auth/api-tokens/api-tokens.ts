/**
 * API tokens (issue #15): created in the account app (routes/api-tokens.ts), presented as `Authorization: Bearer
 * dsp_…` (http/bearer-auth.ts). Only the SHA-256 hash is stored; the secret is shown once, at creation.
 */
import { BlockList, isIP } from 'node:net';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { apiScopes, type ApiScope, apiTokenPrefix } from '../../../contract/api-tokens/api-scopes.ts';
import type { Db } from '../../../db/client.ts';
import { type ApiTokenRow, apiTokens } from '../../../db/schema/index.ts';
import { now } from '../../../clock.ts';
import { hashToken, newToken } from '../../kernel/tokens.ts';
import { appendActivity } from '../../audit/account-activity.ts';

export type NewApiToken = { name: string; scopes: ApiScope[]; expireDate?: Date | null; allowedIps?: string[] };

/** Addresses or CIDRs (`203.0.113.7`, `198.51.100.0/24`, `2001:db8::/32`) as a BlockList; null for a bad entry. */
export function parseIpRanges(entries: readonly string[]): BlockList | null {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix, extra] = entry.trim().split('/');
    const family = isIP(address);
    if (!family || extra !== undefined) return null;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) {
      list.addAddress(address, type);
      continue;
    }
    const bits = /^\d+$/.test(prefix) ? Number(prefix) : Number.NaN;
    if (!(bits >= 0 && bits <= (family === 4 ? 32 : 128))) return null;
    list.addSubnet(address, bits, type);
  }
  return list;
}

export function ipAllowed(allowedIps: readonly string[], address: string): boolean {
  if (allowedIps.length === 0) return true;
  const family = isIP(address);
  const list = parseIpRanges(allowedIps);
  return !!family && !!list && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Stores a new token and gives back its one-time secret. */
export async function createApiToken(db: Pick<Db, 'insert'>, owner: { accountId: number; userId: number }, input: NewApiToken) {
  const secret = `${apiTokenPrefix}${newToken(32)}`;
  const [row] = await db
    .insert(apiTokens)
    .values({
      accountId: owner.accountId,
      userId: owner.userId,
      name: input.name,
      tokenHash: hashToken(secret),
      displayPrefix: secret.slice(0, apiTokenPrefix.length + 4),
      scopes: [...new Set(input.scopes)],
      allowedIps: input.allowedIps ?? [],
      expireDate: input.expireDate ?? null,
    })
    .returning();
  return { token: describeApiToken(row), secret };
}

export function describeApiToken(row: ApiTokenRow) {
  return {
    apiTokenId: row.apiTokenId,
    name: row.name,
    displayPrefix: row.displayPrefix,
    scopes: row.scopes as ApiScope[],
    allowedIps: row.allowedIps,
    expireDate: row.expireDate?.toISOString() ?? null,
    lastUsedDate: row.lastUsedDate?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
    createDate: row.createDate.toISOString(),
  };
}
export type ApiTokenView = ReturnType<typeof describeApiToken>;

/** The account's tokens that are not revoked (expired ones included, marked by their date), newest first. */
export async function listApiTokens(db: Db, accountId: number): Promise<ApiTokenView[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.accountId, accountId), isNull(apiTokens.revokeDate)))
    .orderBy(desc(apiTokens.createDate), desc(apiTokens.apiTokenId));
  return rows.map(describeApiToken);
}

/** Revokes one of the account's tokens; false when there is no such live token of theirs. */
export async function revokeApiToken(db: Db, accountId: number, apiTokenId: number): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ revokeDate: now() })
    .where(and(eq(apiTokens.apiTokenId, apiTokenId), eq(apiTokens.accountId, accountId), isNull(apiTokens.revokeDate)))
    .returning({ apiTokenId: apiTokens.apiTokenId });
  return rows.length > 0;
}

/**
 * Revokes every token a user made, live or not yet expired (issue #26): a password reset, a login change and a removed
 * second factor end them as they end sessions, since whoever made a token may be the one being locked out. Returns
 * how many were revoked, for the email that tells the owner.
 */
export async function revokeUserApiTokens(db: Pick<Db, 'update'>, userId: number): Promise<number> {
  const rows = await db
    .update(apiTokens)
    .set({ revokeDate: now() })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokeDate)))
    .returning({ apiTokenId: apiTokens.apiTokenId });
  return rows.length;
}

/** The sentence the owner's email carries about tokens revoked by `revokeUserApiTokens` ('' when there were none). */
export function revokedTokensSentence(count: number): string {
  if (count === 0) return '';
  return (
    `${count === 1 ? 'Your API token was' : `Your ${count} API tokens were`} revoked as well: scripts using ${count === 1 ? 'it' : 'them'} ` +
    'now get "This API token has been revoked". Create new tokens under Account Information › API Tokens.'
  );
}

export type ResolvedApiToken =
  | { ok: true; apiTokenId: number; accountId: number; userId: number; scopes: ApiScope[] }
  | { ok: false; reason: 'unknown' | 'revoked' | 'expired' | 'address' };

const tokenUseQuietMs = 24 * 60 * 60 * 1000;

/** Who a presented secret belongs to, if it is live and may be used from `address`. Records its use. */
export async function resolveApiToken(db: Db, secret: string, address: string): Promise<ResolvedApiToken> {
  if (!secret.startsWith(apiTokenPrefix)) return { ok: false, reason: 'unknown' };
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.tokenHash, hashToken(secret)));
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revokeDate) return { ok: false, reason: 'revoked' };
  const at = now();
  if (row.expireDate && row.expireDate <= at) return { ok: false, reason: 'expired' };
  if (!ipAllowed(row.allowedIps, address)) return { ok: false, reason: 'address' };
  // One write a minute is enough for "last used".
  if (!row.lastUsedDate || at.getTime() - row.lastUsedDate.getTime() > 60_000 || row.lastUsedIp !== address) {
    await db.update(apiTokens).set({ lastUsedDate: at, lastUsedIp: address }).where(eq(apiTokens.apiTokenId, row.apiTokenId));
  }
  // Account activity lists a token's use when it starts, moves to another address, or resumes after a day: every
  // call would bury everything else.
  if (!row.lastUsedDate || row.lastUsedIp !== address || at.getTime() - row.lastUsedDate.getTime() > tokenUseQuietMs) {
    await appendActivity(db, {
      accountId: row.accountId,
      source: 'customer',
      kind: 'api-token',
      summary: `The API token “${row.name}” (${row.displayPrefix}…) was used`,
      ip: address,
    });
  }
  const scopes = row.scopes.filter((s): s is ApiScope => (apiScopes as readonly string[]).includes(s));
  return { ok: true, apiTokenId: row.apiTokenId, accountId: row.accountId, userId: row.userId, scopes };
}
