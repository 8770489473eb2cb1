/** The caller's user as the API shows it: email and dates, never the password hash. */
import { eq } from 'drizzle-orm';
import type { CurrentUser } from '../../contract/accounts/current-user.ts';
import type { Db } from '../../db/client.ts';
import { accounts, users } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';

export async function userView(db: Db, userId: number): Promise<CurrentUser> {
  const [user] = await db
    .select({
      userId: users.userId,
      accountId: users.accountId,
      email: users.email,
      createDate: users.createDate,
      modifyDate: users.modifyDate,
      /** Staff reset the second factors: the account app asks for a new one before anything else. */
      mfaEnrolmentRequired: accounts.mfaEnrolmentRequired,
    })
    .from(users)
    .innerJoin(accounts, eq(accounts.accountId, users.accountId))
    .where(eq(users.userId, userId));
  if (!user) throw notFound('User not found');
  // As JSON carries them: the contract's type is the answer's.
  return { ...user, createDate: user.createDate.toISOString(), modifyDate: user.modifyDate.toISOString() };
}
