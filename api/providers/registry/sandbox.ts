/**
 * The sandbox registry: deterministic availability and premium prices (sandbox-availability.ts), a Postgres
 * table of registered names with their lifecycle (sandbox-lifecycle.ts) and WHOIS text (sandbox-whois.ts).
 */
import type { Db } from '../../db/client.ts';
import type { RegistryProvider } from './index.ts';
import { createSandboxAvailability } from './sandbox-availability.ts';
import { createSandboxHosts } from './sandbox-hosts.ts';
import { createSandboxLifecycle } from './sandbox-lifecycle.ts';
import { createSandboxWhois } from './sandbox-whois.ts';

export function createSandboxRegistry(
  db: Db,
  options: { latencyMs: number; registrarName: string; defaultNameservers: readonly string[] },
): RegistryProvider {
  const availability = createSandboxAvailability(db, options);
  const lifecycle = createSandboxLifecycle(db, options);
  const whois = createSandboxWhois(db, options);
  const hosts = createSandboxHosts(db);
  return { name: 'sandbox', defaultNameservers: options.defaultNameservers, ...availability, ...lifecycle, ...whois, ...hosts };
}
