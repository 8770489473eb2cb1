/** The admin session: a short-lived signed JWT for admin users (storefront spec §6); everyone else gets 403. */
import { eq } from 'drizzle-orm';
import { sign } from 'hono/jwt';
import { nowMs } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { Auth } from '../deps.ts';

const adminJwtLifetimeSeconds = 15 * 60;

/** `key` is shared by every process (Deps.secrets.adminJwt), so a JWT from one verifies on any other. */
export async function adminSession(db: Db, auth: Auth | null, key: string): Promise<{ jwt: string; username: string }> {
  if (auth?.state !== 'active' || auth.role !== 'admin' || auth.userId == null) throw new AppError(403, 'You do not have access to this');
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.userId, auth.userId));
  const now = Math.floor(nowMs() / 1000);
  const jwt = await sign({ sub: String(auth.userId), role: 'admin', iat: now, exp: now + adminJwtLifetimeSeconds }, key, 'HS256');
  return { jwt, username: user.email };
}
