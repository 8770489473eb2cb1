/**
 * Sandbox mode with the registry served over EPP: the sandbox EPP server on loopback plays the simulated registries of
 * content/registries.csv's sandbox rows (each its own clID, password and extensions), and the product reaches it
 * through the same router and EPP client a production deployment uses.
 */
import path from 'node:path';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { connectionSettings, createEppRouter, describeConnections } from './connections.ts';
import { loadRegistries } from './registries-file.ts';
import type { RegistryRouter } from './router.ts';
import { startSandboxEppProcess } from './sandbox-epp/process.ts';
import type { SimulatedRegistry } from './sandbox-epp/registries.ts';
import { type SandboxEppServer, startSandboxEppServer } from './sandbox-epp/server.ts';

export type SandboxRegistryOverEpp = {
  server: SandboxEppServer;
  registry: RegistryRouter;
  /** The start-up banner's lines: the server, its certificate, each registry's login. */
  describe(): string[];
  stop(): Promise<void>;
};

/** The password of a sandbox row: REGISTRY_<NAME>_PASSWORD, or `sandbox-<name>` (README names these). */
export const sandboxPassword = (row: { name: string }) => `sandbox-${row.name}`;

/** The simulated registries the sandbox EPP server plays: one per sandbox row of content/registries.csv. */
export function sandboxRegistriesOfFile(env: Record<string, string | undefined> = process.env): SimulatedRegistry[] {
  const { settings } = connectionSettings(loadRegistries(), 'sandbox', env, { sandboxPassword });
  return settings.map((row) => ({
    name: row.name,
    clientId: row.username,
    password: row.password,
    extensions: row.extensions.includes('*') ? '*' : row.extensions,
    contacts: row.contacts,
  }));
}

/** The sandbox EPP server this configuration describes, in this process: the tests' and the sandbox registry's own process's. */
export function startConfiguredSandboxEppServer(
  config: Pick<Config, 'SANDBOX_EPP_PORT' | 'DATA_DIR' | 'EPP_REGISTRAR_NAME' | 'SANDBOX_REGISTRY_LATENCY_MS'>,
  db: Db,
  env: Record<string, string | undefined> = process.env,
): Promise<SandboxEppServer> {
  return startSandboxEppServer({
    port: config.SANDBOX_EPP_PORT ?? 0,
    host: '127.0.0.1',
    registries: sandboxRegistriesOfFile(env),
    certDir: path.join(path.resolve(config.DATA_DIR), 'sandbox-epp'),
    db,
    registrarName: config.EPP_REGISTRAR_NAME,
    latencyMs: config.SANDBOX_REGISTRY_LATENCY_MS,
  });
}

/**
 * `ownProcess` (what `npm start` does): the EPP server runs in a process of its own on this database, as a real
 * registry runs elsewhere; without it, in this process (the tests).
 */
export async function startSandboxRegistryOverEpp(
  config: Config,
  db: Db,
  catalogue: readonly string[],
  env: Record<string, string | undefined> = process.env,
  ownProcess: { databaseUrl: string } | null = null,
): Promise<SandboxRegistryOverEpp> {
  const { settings } = connectionSettings(loadRegistries(), 'sandbox', env, { sandboxPassword });
  const server = ownProcess
    ? await startSandboxEppProcess(env, ownProcess.databaseUrl, sandboxRegistriesOfFile(env))
    : await startConfiguredSandboxEppServer(config, db, env);
  const registry = createEppRouter({
    // A sandbox row without a host is the local server; one with a host is some other EPP server (an OT&E).
    settings: settings.map((row) =>
      row.host ? row : { ...row, host: '127.0.0.1', port: server.port, servername: 'localhost', ca: row.ca ?? Buffer.from(server.ca) },
    ),
    catalogue,
    db,
    registrarName: config.EPP_REGISTRAR_NAME,
    defaultNameservers: config.DEFAULT_NAMESERVERS,
    name: 'sandbox',
  });
  return {
    server,
    registry,
    describe: () => [
      `  Sandbox EPP server: ${server.host}:${server.port} (TLS; certificate ${path.relative(process.cwd(), server.certPath)})`,
      ...settings.map((row) => `    login ${row.username} / ${row.password} (${row.name})`),
      '  Registry connections (content/registries.csv, sandbox rows):',
      ...describeConnections(registry),
    ],
    async stop() {
      await registry.close();
      await server.stop();
    },
  };
}
