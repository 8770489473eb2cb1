/**
 * Staff authenticator secrets at rest: sealed as transfer auth codes are (platform/sealed-values.ts), the staff id as
 * the additional data. Rows written before sealing hold the base32 secret itself: they are still read, and sealed at
 * start-up by `sealStaffTotpSecrets`.
 */
import { and, eq, isNotNull, notLike, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { staffMembers } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { isSealed, openSealedValue, sealValue } from '../platform/sealed-values.ts';

type SealDeps = Pick<Deps, 'db' | 'config'>;
const contextOf = (staffId: number) => `staff-totp:${staffId}`;
const legacyBase32 = /^[A-Z2-7]+=*$/;

export function sealStaffTotpSecret(deps: SealDeps, staffId: number, secret: string): Promise<string> {
  return sealValue(deps, contextOf(staffId), secret);
}

/** The base32 secret behind a stored value (sealed, or a legacy plaintext one); null when there is none. */
export async function openStaffTotpSecret(deps: SealDeps, staffId: number, stored: string | null): Promise<string | null> {
  if (stored === null) return null;
  if (!isSealed(stored)) {
    if (legacyBase32.test(stored)) return stored;
    throw new AppError(409, 'Your authenticator app cannot be checked. Ask an owner to reset your sign-in.');
  }
  const secret = await openSealedValue(deps, contextOf(staffId), stored);
  // Another key (AUTH_CODE_KEY changed) or a value copied from another row: only a reset helps.
  if (secret === null) throw new AppError(409, 'Your authenticator app cannot be checked. Ask an owner to reset your sign-in.');
  return secret;
}

/** Seals every secret still stored in plaintext; a row changed meanwhile is left to its writer (who seals). */
export async function sealStaffTotpSecrets(deps: SealDeps): Promise<number> {
  const db: Db = deps.db;
  const unsealed = (column: typeof staffMembers.totpSecret | typeof staffMembers.totpPendingSecret) => and(isNotNull(column), notLike(column, 'v1.%'));
  const rows = await db
    .select()
    .from(staffMembers)
    .where(or(unsealed(staffMembers.totpSecret), unsealed(staffMembers.totpPendingSecret)));
  let sealed = 0;
  for (const row of rows) {
    for (const column of ['totpSecret', 'totpPendingSecret'] as const) {
      const stored = row[column];
      if (stored === null || isSealed(stored) || !legacyBase32.test(stored)) continue;
      const value = await sealStaffTotpSecret(deps, row.staffId, stored);
      await db
        .update(staffMembers)
        .set({ [column]: value })
        .where(and(eq(staffMembers.staffId, row.staffId), eq(staffMembers[column], stored)));
      sealed += 1;
    }
  }
  return sealed;
}
