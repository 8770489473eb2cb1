/** The Registries screen's reads and the owner's pause and resume of a connection (audited with its reason). */
import { desc, eq } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { ExtensionLookup, RegistriesOverview, RegistryCommandView } from '../../contract/registries.ts';
import type { Db } from '../../db/client.ts';
import { registryCommands, registryPauses } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import type { RegistryProvider } from '../../providers/registry/index.ts';
import { isRegistryRouter, type Pause, type RegistryRouter } from '../../providers/registry/router.ts';
import { recordAudit, type StaffActor } from '../audit/audit-log.ts';

export function registriesOverview(registry: RegistryProvider): RegistriesOverview {
  if (!isRegistryRouter(registry)) return { overEpp: false, connections: [], unserved: [] };
  return {
    overEpp: true,
    unserved: [...registry.unserved],
    connections: registry.connections().map((conn) => ({
      name: conn.name,
      extensions: conn.extensions,
      servedExtensions: conn.servedExtensions,
      host: conn.host,
      port: conn.port,
      username: conn.username,
      contacts: conn.contacts,
      sessions: conn.sessions,
      sessionsUp: conn.sessionsUp,
      commandsPerSecond: conn.commandsPerSecond,
      lastGreetingAt: conn.lastGreetingAt?.toISOString() ?? null,
      lastError: conn.lastError ? { message: conn.lastError.message, at: conn.lastError.at.toISOString() } : null,
      commandsLastHour: conn.commandsLastHour,
      pollQueue: conn.pollQueue,
      down: conn.down,
      paused: conn.paused ? { reason: conn.paused.reason, pausedAt: conn.paused.pausedAt.toISOString() } : null,
    })),
  };
}

export function lookupExtension(registry: RegistryProvider, extension: string): ExtensionLookup {
  const ext = extension.trim().toLowerCase().replace(/^\./, '');
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(ext)) throw new AppError(400, `"${extension}" is not an extension (write it like com or .co.uk)`);
  if (!isRegistryRouter(registry)) return { extension: ext, connection: 'sandbox (in-process)', forSale: true, paused: false };
  const connection = registry.connectionOf(ext);
  const paused = !!connection && !!registry.connections().find((conn) => conn.name === connection)?.paused;
  return { extension: ext, connection, forSale: !!connection && !paused, paused };
}

function routerOf(registry: RegistryProvider, name: string): RegistryRouter {
  if (!isRegistryRouter(registry)) throw new AppError(409, 'The in-process sandbox registry has no connections to pause');
  if (!registry.connections().some((conn) => conn.name === name)) throw notFound(`No registry connection is named ${name}`);
  return registry;
}

async function reloadPauses(db: Db, router: RegistryRouter) {
  const rows = await db.select().from(registryPauses);
  router.setPauses(new Map<string, Pause>(rows.map((row) => [row.connection, { reason: row.reason, pausedAt: row.pausedAt }])));
}

/** Stops selling the connection's extensions until it is resumed; the pause and its audit entry commit together. */
export async function pauseConnection(db: Db, registry: RegistryProvider, actor: StaffActor, name: string, reason: string) {
  const router = routerOf(registry, name);
  await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(registryPauses).where(eq(registryPauses.connection, name)).for('update');
    if (existing) throw new AppError(409, `${name} is already paused (${existing.reason})`);
    await tx.insert(registryPauses).values({ connection: name, reason, pausedAt: now(), staffId: actor.staffId });
    await recordAudit(tx, actor, { action: 'registry.pause', targetType: 'registry', targetId: name, targetLabel: name, reason, after: { paused: true } });
  });
  await reloadPauses(db, router);
  return registriesOverview(router);
}

export async function resumeConnection(db: Db, registry: RegistryProvider, actor: StaffActor, name: string) {
  const router = routerOf(registry, name);
  await db.transaction(async (tx) => {
    const [existing] = await tx.delete(registryPauses).where(eq(registryPauses.connection, name)).returning();
    if (!existing) throw new AppError(409, `${name} is not paused`);
    await recordAudit(tx, actor, {
      action: 'registry.resume',
      targetType: 'registry',
      targetId: name,
      targetLabel: name,
      before: { paused: true, reason: existing.reason },
      after: { paused: false },
    });
  });
  await reloadPauses(db, router);
  return registriesOverview(router);
}

/** The registry commands sent for one name, newest first, with their transaction ids. */
export async function commandsForDomain(db: Db, domain: string, limit = 50): Promise<RegistryCommandView[]> {
  const rows = await db
    .select()
    .from(registryCommands)
    .where(eq(registryCommands.domain, domain.toLowerCase()))
    .orderBy(desc(registryCommands.at), desc(registryCommands.commandId))
    .limit(limit);
  return rows.map(({ commandId: _, at, ...row }) => ({ ...row, at: at.toISOString() }));
}
