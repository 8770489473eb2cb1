/**
 * The admin session (storefront spec §6, §7): a short-lived signed JWT for admin users. A signed-in customer is
 * told plainly there is none (200, nulls), since the control panel asks on every load and a 403 there is logged by
 * browsers as an error; a caller with no finished sign-in still gets 403.
 */
import { eq } from 'drizzle-orm';
import { sign } from 'hono/jwt';
import { nowMs } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { AdminSession } from '../../contract/auth/login.ts';
import type { Auth } from '../../deps.ts';
import { AppError } from '../../errors.ts';

const adminJwtLifetimeSeconds = 15 * 60;

/** `key` is shared by every process (Deps.secrets.adminJwt), so a JWT from one verifies on any other. */
export async function adminSession(db: Db, auth: Auth | null, key: string): Promise<AdminSession> {
  if (auth?.state !== 'active' || auth.userId == null) throw new AppError(403, 'You do not have access to this');
  if (auth.role !== 'admin') return { jwt: null, username: null };
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.userId, auth.userId));
  const now = Math.floor(nowMs() / 1000);
  const jwt = await sign({ sub: String(auth.userId), role: 'admin', iat: now, exp: now + adminJwtLifetimeSeconds }, key, 'HS256');
  return { jwt, username: user.email };
}
