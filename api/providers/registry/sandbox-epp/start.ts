/** Starts the sandbox EPP server for `npm start` (sandbox mode), and describes it for the start-up banner. */
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { setRunningSandboxEpp } from './control.ts';
import { defaultSandboxRegistries } from './registries.ts';
import { type SandboxEppServer, startSandboxEppServer } from './server.ts';

export type { SandboxEppServer } from './server.ts';

/** In sandbox mode (not ROLE=dns) unless SANDBOX_EPP_PORT=0; the certificate is kept in DATA_DIR. */
export async function startSandboxEpp(config: Config, db: Db, dataDir: string): Promise<SandboxEppServer | null> {
  if (!config.sandboxMode || config.SANDBOX_EPP_PORT === 0 || config.ROLE === 'dns') return null;
  try {
    const server = await startSandboxEppServer({
      port: config.SANDBOX_EPP_PORT ?? 0,
      host: '127.0.0.1',
      registries: defaultSandboxRegistries,
      certDir: dataDir,
      db,
      registrarName: config.EPP_REGISTRAR_NAME,
      latencyMs: config.SANDBOX_REGISTRY_LATENCY_MS,
    });
    setRunningSandboxEpp(server);
    return server;
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new Error(
      code === 'EADDRINUSE'
        ? `the sandbox EPP port ${config.SANDBOX_EPP_PORT} is already in use. Choose another (SANDBOX_EPP_PORT=7700), leave it unset for a free port, or 0 to turn it off`
        : `the sandbox EPP server could not start: ${(error as Error).message}`,
    );
  }
}

/** The banner's lines: where the server listens, and each simulated registry with its extensions and login. */
export function describeSandboxEpp(server: SandboxEppServer): string[] {
  const width = Math.max(...server.registries.map((registry) => registry.name.length));
  return [
    `  Sandbox EPP server: ${server.host}:${server.port}  (TLS, self-signed certificate ${server.certPath})`,
    ...server.registries.map((registry) => {
      const extensions = registry.extensions === '*' ? 'every other extension' : registry.extensions.map((e) => `.${e}`).join(' ');
      return `    ${registry.name.padEnd(width)}  login ${registry.clientId} / ${registry.password}  ${extensions}${registry.contacts === 'none' ? '  (thin: no contacts)' : ''}`;
    }),
  ];
}
