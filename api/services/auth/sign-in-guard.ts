/** Who may sign in at all: outside sandbox mode not the seeded demo account, whose password start-up printed. */
import { eq, sql } from 'drizzle-orm';
import { accounts, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Deps } from '../../deps.ts';
import { invalidCredentialsMessage } from './sign-in.ts';

/** Throws the ordinary wrong-password answer for a demo account outside sandbox mode (its sessions are refused too). */
export async function assertSignInAllowed(deps: Deps, email: string): Promise<void> {
  if (deps.config.sandboxMode) return;
  const [row] = await deps.db
    .select({ isDemo: accounts.isDemo })
    .from(users)
    .innerJoin(accounts, eq(accounts.accountId, users.accountId))
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  if (row?.isDemo) throw new AppError(400, invalidCredentialsMessage);
}
