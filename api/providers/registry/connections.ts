/**
 * Builds the registry router from content/registries.csv and the environment: one EPP connection pool per row of
 * the mode in use, its secrets from REGISTRY_<NAME>_* variables; EPP_HOST and friends stand for one more live row,
 * `default`, serving every extension no row names. Pauses are read from registry_pauses and refreshed.
 */
import { readFileSync } from 'node:fs';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { registryPauses } from '../../db/schema/index.ts';
import { createEppRegistry } from './epp.ts';
import { createCommandLog, createConnectionMonitor } from './registry-monitor.ts';
import { assignExtensions, loadRegistries, type RegistryMode, type RegistryRow, registrySecrets, registryVariable } from './registries-file.ts';
import type { RegistryProvider } from './index.ts';
import { createRegistryRouter, isRegistryRouter, type Pause, type RegistryRouter, type RoutedConnection } from './router.ts';

export type ConnectionSettings = RegistryRow & { password: string; newPassword?: string; cert?: Buffer; key?: Buffer; ca?: Buffer; servername?: string };

/** The rows of `mode` with their secrets; a live row without its password is skipped (reported in `skipped`). */
export function connectionSettings(
  rows: RegistryRow[],
  mode: RegistryMode,
  env: Record<string, string | undefined>,
  options: {
    config?: Pick<Config, 'EPP_HOST' | 'EPP_PORT' | 'EPP_USERNAME' | 'EPP_PASSWORD' | 'EPP_TLS_CA_FILE'>;
    sandboxPassword?: (row: RegistryRow) => string;
  } = {},
): { settings: ConnectionSettings[]; skipped: string[] } {
  const chosen = rows.filter((row) => row.mode === mode);
  const config = options.config;
  if (mode === 'live' && config?.EPP_HOST) {
    chosen.push({
      name: 'default',
      mode: 'live',
      extensions: ['*'],
      host: config.EPP_HOST,
      port: config.EPP_PORT,
      username: config.EPP_USERNAME ?? '',
      sessions: 2,
      commandsPerSecond: 20,
      contacts: 'required',
      ...(config.EPP_TLS_CA_FILE ? { caFile: config.EPP_TLS_CA_FILE } : {}),
      line: 0,
    });
  }
  const settings: ConnectionSettings[] = [];
  const skipped: string[] = [];
  for (const row of chosen) {
    const secrets = row.name === 'default' && row.line === 0 ? { password: config?.EPP_PASSWORD } : registrySecrets(row.name, env);
    const password = mode === 'sandbox' ? (secrets.password ?? options.sandboxPassword?.(row) ?? '') : secrets.password;
    if (!password) {
      skipped.push(`${row.name} (set ${registryVariable(row.name, 'PASSWORD')})`);
      continue;
    }
    const file = (value: string | undefined) => (value ? readFileSync(value) : undefined);
    settings.push({
      ...row,
      password,
      ...(secrets.newPassword ? { newPassword: secrets.newPassword } : {}),
      cert: file(secrets.certFile ?? row.certFile),
      key: file(secrets.keyFile ?? row.keyFile),
      ca: file(secrets.caFile ?? row.caFile),
    });
  }
  return { settings, skipped };
}

/** The router over EPP connections for these settings; `catalogue` lists the extensions for sale. */
export function createEppRouter(input: {
  settings: ConnectionSettings[];
  catalogue: readonly string[];
  db: Db | null;
  registrarName: string;
  defaultNameservers: readonly string[];
  name?: 'epp' | 'sandbox';
  /** Overrides for every connection (tests: shorter timeouts). */
  tuning?: { commandTimeoutMs?: number; connectTimeoutMs?: number; keepAliveMs?: number };
}): RegistryRouter & { drain(): Promise<void> } {
  const { byExtension, unserved, wildcard } = assignExtensions(input.settings, input.catalogue);
  const log = createCommandLog(input.db);
  const connections: RoutedConnection[] = input.settings.map((row) => {
    const monitor = createConnectionMonitor(row.name, log);
    const provider = createEppRegistry({
      host: row.host,
      port: row.port,
      username: row.username,
      password: row.password,
      newPassword: row.newPassword,
      cert: row.cert,
      key: row.key,
      ca: row.ca,
      servername: row.servername,
      connections: row.sessions,
      commandsPerSecond: row.commandsPerSecond,
      checkNames: row.checkNames,
      contacts: row.contacts,
      registrarName: input.registrarName,
      defaultNameservers: input.defaultNameservers,
      clTRIDPrefix: `DS-${row.name}`,
      placeholderHostsAllowed: input.name === 'sandbox',
      // Many registries refuse a check that mixes extensions (and EPP_HOST may be a gateway): one extension per check,
      // except at the sandbox EPP server, which takes a registry's extensions together (a search is 25 checks, not 480).
      batchAcrossExtensions: input.name === 'sandbox',
      ...input.tuning,
      ...monitor.hooks,
    });
    return {
      name: row.name,
      extensions: row.extensions,
      host: row.host,
      port: row.port,
      username: row.username,
      sessions: row.sessions,
      commandsPerSecond: row.commandsPerSecond,
      contacts: row.contacts,
      provider,
      health: monitor.health,
      sessionsUp: provider.sessionsUp,
    };
  });
  const router = createRegistryRouter({ connections, byExtension, unserved, wildcard, defaultNameservers: input.defaultNameservers, name: input.name });
  const db = input.db;
  let refresh: ReturnType<typeof setInterval> | null = null;
  if (db) {
    const load = () =>
      db
        .select()
        .from(registryPauses)
        .then(
          (rows) => router.setPauses(new Map<string, Pause>(rows.map((row) => [row.connection, { reason: row.reason, pausedAt: row.pausedAt }]))),
          () => undefined,
        );
    void load();
    // Pauses set by another process (the owner's request may reach another web process) arrive within seconds.
    refresh = setInterval(load, 5_000);
    refresh.unref?.();
  }
  return {
    ...router,
    async close() {
      if (refresh) clearInterval(refresh);
      await router.close();
      await log.drain();
    },
    drain: () => log.drain(),
  };
}

/** The production registry: the live rows of content/registries.csv (and EPP_HOST), with a start-up summary. */
export function createLiveRegistry(config: Config, db: Db, catalogue: readonly string[], env: Record<string, string | undefined> = process.env) {
  const { settings, skipped } = connectionSettings(loadRegistries(), 'live', env, { config });
  const router = createEppRouter({ settings, catalogue, db, registrarName: config.EPP_REGISTRAR_NAME, defaultNameservers: config.DEFAULT_NAMESERVERS });
  if (skipped.length) console.warn(`Registry connections without a password, not connected (their extensions are not sold): ${skipped.join(', ')}`);
  return { router, skipped };
}

/** Lines for the start-up banner: each connection with its extensions, and what is not for sale. */
export function describeConnections(router: RegistryRouter, skipped: readonly string[] = []): string[] {
  const lines = router.connections().map((conn) => {
    const named = conn.extensions.includes('*') ? `* (${conn.servedExtensions} extensions)` : conn.extensions.map((ext) => `.${ext}`).join(' ');
    return `    ${conn.name}: ${conn.username}@${conn.host}:${conn.port}, ${conn.sessions} sessions, contacts ${conn.contacts}: ${named}`;
  });
  if (skipped.length) lines.push(`    skipped (no password): ${skipped.join(', ')}`);
  if (router.unserved.length) {
    const shown = router.unserved.slice(0, 20).map((ext) => `.${ext}`);
    lines.push(`    not for sale, no registry connection: ${shown.join(' ')}${router.unserved.length > 20 ? ` and ${router.unserved.length - 20} more` : ''}`);
  }
  return lines;
}

/** The start-up banner's registry section (nothing for the in-process sandbox registry). */
export function registryLines(registry: RegistryProvider): string[] {
  if (!isRegistryRouter(registry)) return [];
  return ['  Registry connections (content/registries.csv):', ...describeConnections(registry)];
}
