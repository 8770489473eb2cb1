/**
 * `npm run dev`: the live preview for editors and developers, on the one port `npm start` uses (PORT, default 3000).
 * The Astro dev server answers there (pages, islands and content/ reload as they are saved) and passes /api
 * (with its WebSocket) to the API, which reloads on code changes and re-reads content/tlds.csv, and /account to the
 * account app's Vite dev server, /admin to the back office's. Ctrl-C stops them all.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from './free-port.ts';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 3000);

const [apiPort, accountPort, adminPort] = [await freePort(), await freePort(), await freePort()];
const children: ChildProcess[] = [];
let stopping = false;

/** Each in its own process group, so stopping it stops what it started too (Astro runs a second process). */
function start(name: string, [command, ...args]: string[], env: Record<string, string>) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit', detached: true });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`\nThe ${name} stopped (${signal ?? `exit ${code}`}); stopping the preview.`);
    void stop(1);
  });
}

async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  const exited = running.map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of running) {
    try {
      process.kill(-(child.pid as number), 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  await Promise.all(exited);
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0));

const origin = `http://localhost:${port}`;
start('API', ['bun', '--watch', 'api/start.ts'], {
  NODE_ENV: 'development',
  PORT: String(apiPort),
  HOST: '127.0.0.1',
  SKIP_BUILD: 'true',
  WATCH_CONTENT: 'true',
  // Links in emails and the Origin checks name the address the browser uses, not the API's own port.
  PUBLIC_URL: process.env.PUBLIC_URL ?? origin,
});
start(
  'account app dev server',
  ['bun', '--bun', 'vite', '--config', 'account-app/vite.config.ts', '--port', String(accountPort), '--strictPort', '--host', '127.0.0.1'],
  {
    DOTSPOT_DEV_ACCOUNT_PORT: String(accountPort),
  },
);
start(
  'back office dev server',
  ['bun', '--bun', 'vite', '--config', 'admin-app/vite.config.ts', '--port', String(adminPort), '--strictPort', '--host', '127.0.0.1'],
  {
    DOTSPOT_DEV_ADMIN_PORT: String(adminPort),
  },
);
start('site dev server', ['bun', '--bun', 'astro', 'dev', '--port', String(port), '--host', process.env.HOST ?? 'localhost'], {
  ASTRO_TELEMETRY_DISABLED: '1',
  DOTSPOT_DEV_API_PORT: String(apiPort),
  DOTSPOT_DEV_ACCOUNT_PORT: String(accountPort),
  DOTSPOT_DEV_ADMIN_PORT: String(adminPort),
});
console.log(
  `\nDotspot preview: ${origin}  (pages and content reload as you save; the API on :${apiPort}, the account app on :${accountPort}, the back office on :${adminPort})\n`,
);
