/**
 * The sandbox registry's own process (`npm start`, ROLE=all): a real registry runs on someone else's machine, so ours
 * runs beside the product rather than inside it, and its XML, TLS and simulated latency use neither the product's
 * event loop nor its memory. Started by process.ts with the product's environment and DATABASE_URL; says `ready`
 * over IPC with its port and certificate, takes registry stops and starts over IPC, and ends when its parent says
 * `stop` or goes (its stdin closes). Signals are left to the parent, which stops it after its own EPP sessions logged
 * out: a Ctrl-C reaches the whole process group.
 */
import { loadConfig } from '../../../config.ts';
import { createDb } from '../../../db/client.ts';
import { startConfiguredSandboxEppServer } from '../sandbox-over-epp.ts';
import type { FromParent, ToParent } from './child-messages.ts';
import type { SandboxEppServer } from './server.ts';

const tell = (message: ToParent) => process.send?.(message);
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => undefined);

const config = loadConfig();
const db = createDb(config.DATABASE_URL ?? '', { max: 10 });
let server: SandboxEppServer;
try {
  server = await startConfiguredSandboxEppServer(config, db);
} catch (error) {
  const code = (error as { code?: string }).code;
  tell({
    kind: 'failed',
    message:
      code === 'EADDRINUSE'
        ? `the sandbox EPP port ${config.SANDBOX_EPP_PORT} is already in use. Stop the other program or choose another: SANDBOX_EPP_PORT=0 picks a free one`
        : `the sandbox EPP server could not start: ${(error as Error).message}`,
  });
  process.exit(1);
}

process.on('message', (message: FromParent) => {
  if (message.kind === 'stop') {
    void server
      .stop()
      .then(() => db.$end())
      .finally(() => process.exit(0));
    return;
  }
  server.setRegistryDown(message.name, message.down).then(
    () => tell({ kind: 'registry-set', id: message.id }),
    (error: Error) => tell({ kind: 'registry-set', id: message.id, error: error.message }),
  );
});

tell({ kind: 'ready', port: server.port, host: server.host, ca: server.ca, certPath: server.certPath });

// The parent holds our stdin open; it closes when the parent exits, however it exits (a kill -9 too). Nobody is left
// to answer then: the system closes our sockets.
const stdin = Bun.stdin.stream().getReader();
while (!(await stdin.read()).done) {
  // Nothing is ever written; reading only waits for the end.
}
process.exit(0);
