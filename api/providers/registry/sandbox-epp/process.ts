/**
 * Starts the sandbox EPP server in a process of its own (child.ts) and answers for it as the in-process server does:
 * its port and certificate, its registries, stopping and starting one of them, and stopping it.
 */
import path from 'node:path';
import type { FromParent, ToParent } from './child-messages.ts';
import type { SimulatedRegistry } from './registries.ts';
import type { SandboxEppServer } from './server.ts';

const childPath = path.join(import.meta.dirname, 'child.ts');
const readyWithinMs = 60_000;

/** `registries`: the ones the child plays (it reads them from the same file and environment). */
export async function startSandboxEppProcess(
  env: Record<string, string | undefined>,
  databaseUrl: string,
  registries: SimulatedRegistry[],
): Promise<SandboxEppServer> {
  const waiting = new Map<number, { resolve(): void; reject(error: Error): void }>();
  let nextId = 0;
  let settleStart!: { resolve(message: Extract<ToParent, { kind: 'ready' }>): void; reject(error: Error): void };
  const started = new Promise<Extract<ToParent, { kind: 'ready' }>>((resolve, reject) => {
    settleStart = { resolve, reject };
  });
  const childEnv = Object.fromEntries(Object.entries({ ...env, DATABASE_URL: databaseUrl }).filter((entry): entry is [string, string] => entry[1] != null));
  const child = Bun.spawn([process.execPath, childPath], {
    env: childEnv,
    // Never written: it closes when this process exits, which tells the child to go too.
    stdin: 'pipe',
    stdout: 'inherit',
    stderr: 'inherit',
    serialization: 'json',
    ipc(message: ToParent) {
      if (message.kind === 'ready') settleStart.resolve(message);
      else if (message.kind === 'failed') settleStart.reject(new Error(message.message));
      else {
        const answer = waiting.get(message.id);
        waiting.delete(message.id);
        if (message.error) answer?.reject(new Error(message.error));
        else answer?.resolve();
      }
    },
    onExit(_process, exitCode) {
      const gone = new Error(`the sandbox registry process exited (code ${exitCode})`);
      settleStart.reject(gone);
      for (const answer of waiting.values()) answer.reject(gone);
      waiting.clear();
    },
  });
  const send = (message: FromParent) => child.send(message);
  const timer = setTimeout(() => settleStart.reject(new Error(`the sandbox registry process did not start within ${readyWithinMs / 1000} s`)), readyWithinMs);
  let ready: Extract<ToParent, { kind: 'ready' }>;
  try {
    ready = await started;
  } catch (error) {
    child.kill();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return {
    port: ready.port,
    host: ready.host,
    registries,
    ca: ready.ca,
    certPath: ready.certPath,
    async setRegistryDown(name, isDown) {
      const id = ++nextId;
      await new Promise<void>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        send({ kind: 'set-registry', id, name, down: isDown });
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      send({ kind: 'stop' });
      const stopped = await Promise.race([child.exited.then(() => true), Bun.sleep(10_000).then(() => false)]);
      if (!stopped) {
        child.kill('SIGKILL');
        await child.exited;
      }
    },
  };
}
