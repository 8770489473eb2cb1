/** Secrets every process must agree on: one random value per name in the secrets table, created by whoever asks first. */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { secrets } from '../../db/schema/index.ts';

export type SharedSecretName = 'bot-check' | 'admin-jwt' | 'demo-password' | 'demo-totp-secret' | 'auth-code-key' | 'srs';

/**
 * The value stored under `name`, inserting `initial()` if there is none yet. Processes starting at the same moment
 * race on the insert; `on conflict do nothing` lets one win and every one of them then reads the winner's value.
 */
export async function readSharedSecret(db: Db, name: SharedSecretName, initial: () => string = () => randomBytes(32).toString('hex')): Promise<string> {
  await db.insert(secrets).values({ name, value: initial(), createDate: now() }).onConflictDoNothing();
  const [row] = await db.select({ value: secrets.value }).from(secrets).where(eq(secrets.name, name));
  return row.value;
}
