/** Which simulated registries a tester stopped, kept in PostgreSQL so the admin command, the dev route and every process agree. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { sandboxRegistryStates } from '../../../db/schema/index.ts';

export async function downRegistries(db: Db): Promise<Set<string>> {
  const rows = await db.select({ name: sandboxRegistryStates.name }).from(sandboxRegistryStates);
  return new Set(rows.map((row) => row.name));
}

export async function markRegistryDown(db: Db, name: string, down: boolean, at: Date): Promise<void> {
  if (down) await db.insert(sandboxRegistryStates).values({ name, downSince: at }).onConflictDoNothing();
  else await db.delete(sandboxRegistryStates).where(eq(sandboxRegistryStates.name, name));
}
