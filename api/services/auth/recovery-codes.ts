/**
 * Recovery codes (issue #25): ten single-use codes, made when a user's first second factor is added and shown once,
 * made again on request (the old set then stops working), removed with the last second factor. A code stands in
 * for the second factor at sign-in, under the same limits as a wrong code, and the account is told it was used.
 */
import { randomInt } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { RecoveryCodesStatus } from '../../contract/auth/recovery-codes.ts';
import { normaliseRecoveryCode, recoveryCodeCount } from '../../contract/auth/recovery-codes.ts';
import type { Db, Tx } from '../../db/client.ts';
import { recoveryCodes } from '../../db/schema/index.ts';
import { hashToken } from '../kernel/tokens.ts';

/** 16 characters of a 31-letter alphabet without look-alikes (79 bits), shown as four groups of four. */
const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

function newCode(): string {
  let code = '';
  for (let i = 0; i < 16; i += 1) code += alphabet[randomInt(0, alphabet.length)];
  return code.match(/.{4}/g)?.join('-') ?? code;
}

/** A fresh set for the user (any earlier set stops working), returned once in the clear. */
export async function issueRecoveryCodes(db: Db | Tx, userId: number): Promise<string[]> {
  const codes = Array.from({ length: recoveryCodeCount }, newCode);
  const at = now();
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashToken(normaliseRecoveryCode(code)), createDate: at })));
  return codes;
}

/** Issues the first set when the user has none: called right after a second factor became active. */
export async function issueFirstRecoveryCodes(db: Db, userId: number): Promise<string[] | null> {
  const [held] = await db.select({ n: count() }).from(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (held.n > 0) return null;
  return issueRecoveryCodes(db, userId);
}

export async function recoveryCodesStatus(db: Db, userId: number): Promise<RecoveryCodesStatus> {
  const rows = await db
    .select({ useDate: recoveryCodes.useDate, createDate: recoveryCodes.createDate })
    .from(recoveryCodes)
    .where(eq(recoveryCodes.userId, userId));
  return { total: rows.length, remaining: rows.filter((row) => row.useDate === null).length, createDate: rows[0]?.createDate.toISOString() ?? null };
}

/** Spends a code: true when it was the user's and unused (one UPDATE, so two sign-ins cannot both spend it). */
export async function spendRecoveryCode(db: Db, userId: number, code: string): Promise<boolean> {
  const spent = await db
    .update(recoveryCodes)
    .set({ useDate: now() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashToken(normaliseRecoveryCode(code))), isNull(recoveryCodes.useDate)))
    .returning({ recoveryCodeId: recoveryCodes.recoveryCodeId });
  return spent.length === 1;
}

/** With the last second factor gone, the codes would only be a way around a password: removed. */
export async function removeRecoveryCodes(db: Db | Tx, userId: number): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
