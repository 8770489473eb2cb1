/**
 * Stopping and starting a simulated registry from outside the EPP server: the dev route and
 * `npm run admin -- sandbox-registry stop|start NAME`. The state is kept in PostgreSQL, so every process's EPP server
 * follows (within its state poll); the one in this process, when there is one, follows at once.
 */
import { now } from '../../../clock.ts';
import type { Db } from '../../../db/client.ts';
import { sandboxRegistriesOfFile } from '../sandbox-over-epp.ts';
import type { SimulatedRegistry } from './registries.ts';
import { downRegistries, markRegistryDown } from './registry-states.ts';
import type { SandboxEppServer } from './server.ts';

let running: SandboxEppServer | null = null;

/** The sandbox EPP server this process started (runtime.ts), or null. */
export function runningSandboxEpp(): SandboxEppServer | null {
  return running;
}

export function setRunningSandboxEpp(server: SandboxEppServer | null): void {
  running = server;
}

export type SandboxRegistryState = Omit<SimulatedRegistry, 'password'> & { login: string; password: string; down: boolean };

/** The simulated registries with their logins and whether each is up. */
export async function sandboxRegistryStates(db: Db): Promise<SandboxRegistryState[]> {
  const down = await downRegistries(db);
  return (running?.registries ?? sandboxRegistriesOfFile()).map((registry) => ({ ...registry, login: registry.clientId, down: down.has(registry.name) }));
}

/** Stops (down) or starts one simulated registry; an unknown name is an error that lists the known ones. */
export async function setSandboxRegistryDown(db: Db, name: string, down: boolean): Promise<void> {
  const registries = running?.registries ?? sandboxRegistriesOfFile();
  if (!registries.some((registry) => registry.name === name)) {
    throw new Error(`No sandbox registry is named ${name}; there are ${registries.map((registry) => registry.name).join(', ')}`);
  }
  if (running) await running.setRegistryDown(name, down);
  else await markRegistryDown(db, name, down, now());
}
