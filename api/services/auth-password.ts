/** A signed-in password change: the current password is checked and every other session ends. */
import { eq } from 'drizzle-orm';
import { now } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { revokeAllSessions } from './auth.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { enforce } from './rate-limit.ts';

export async function changePassword(db: Db, input: { userId: number; sessionId: number; currentPassword: string; password: string }) {
  await enforce(db, [{ key: `password-change:${input.userId}`, max: 10, windowSeconds: 15 * 60 }], 'Too many attempts.');
  const [user] = await db.select().from(users).where(eq(users.userId, input.userId));
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw new AppError(400, 'The current password is incorrect');
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.password), modifyDate: now() })
    .where(eq(users.userId, input.userId));
  await revokeAllSessions(db, input.userId, input.sessionId);
}
