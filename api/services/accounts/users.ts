/** The caller's user as the API shows it: email and dates, never the password hash. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';

export async function userView(db: Db, userId: number) {
  const [user] = await db
    .select({ userId: users.userId, accountId: users.accountId, email: users.email, createDate: users.createDate, modifyDate: users.modifyDate })
    .from(users)
    .where(eq(users.userId, userId));
  if (!user) throw notFound('User not found');
  return user;
}
