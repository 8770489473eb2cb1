/** The passkeys a user holds, as rows and as the API shows them (the ceremonies are in passkeys.ts). */
import { and, asc, count, eq } from 'drizzle-orm';
import type { PasskeyView } from '../../../contract/auth/mfa.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { type PasskeyRow, passkeys } from '../../../db/schema/index.ts';

export function passkeyView(row: PasskeyRow): PasskeyView {
  return {
    passkeyId: row.passkeyId,
    name: row.name,
    createDate: row.createDate.toISOString(),
    lastUsedDate: row.lastUsedDate?.toISOString() ?? null,
    synced: row.deviceType === 'multiDevice',
  };
}

export async function userPasskeys(db: Db, userId: number): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.passkeyId));
}

export async function countPasskeys(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row.n;
}

export async function hasPasskeys(db: Db, userId: number): Promise<boolean> {
  return (await countPasskeys(db, userId)) > 0;
}

export async function findPasskeyByCredential(db: Db, credentialId: string): Promise<PasskeyRow | null> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  return row ?? null;
}

/** Records a verified use; false when another use moved the counter first (a replay or a cloned authenticator). */
export async function recordPasskeyUse(db: Db, row: PasskeyRow, newCounter: number, at: Date): Promise<boolean> {
  const moved = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedDate: at })
    .where(and(eq(passkeys.passkeyId, row.passkeyId), eq(passkeys.counter, row.counter)))
    .returning({ passkeyId: passkeys.passkeyId });
  return moved.length === 1;
}
