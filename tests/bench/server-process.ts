/** Starts `npm start`'s server (bun api/start.ts) on a free port with its own DATA_DIR, for benchmarks. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../api/free-port.ts';

export type RunningServer = { url: string; pid: number; startMs: number; rssMb(): number; stop(): Promise<void> };

const root = path.resolve(import.meta.dirname, '../..');

/** What package.json's "start" script sets before `bun api/start.ts` (README "Memory"). */
export const npmStartEnv = {
  BUN_JSC_forceRAMSize: process.env.BUN_JSC_forceRAMSize ?? '1073741824',
  BUN_JSC_smallHeapGrowthFactor: process.env.BUN_JSC_smallHeapGrowthFactor ?? '1.6',
  BUN_JSC_mediumHeapGrowthFactor: process.env.BUN_JSC_mediumHeapGrowthFactor ?? '1.35',
};

export async function startServer(env: Record<string, string> = {}, dataDir?: string): Promise<RunningServer> {
  const port = await freePort();
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'dotspot-bench-'));
  const started = performance.now();
  const proc = Bun.spawn(['bun', 'api/start.ts'], {
    cwd: root,
    // Load clients pose as many addresses through X-Forwarded-For, so the bench server trusts loopback as a proxy.
    env: { ...process.env, ...npmStartEnv, PORT: String(port), DATA_DIR: dir, NODE_ENV: 'production', TRUSTED_PROXIES: '127.0.0.1,::1', ...env },
    stdout: 'ignore',
    stderr: 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    const ok = await fetch(`${url}/api/tlds?limit=1`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (proc.exitCode !== null) throw new Error('the server exited during start');
    if (performance.now() - started > 120_000) throw new Error('the server did not start within 120 s');
    await Bun.sleep(25);
  }
  const startMs = performance.now() - started;
  return {
    url,
    pid: proc.pid,
    startMs,
    rssMb() {
      const status = Bun.spawnSync(['ps', '-o', 'rss=', '-p', String(proc.pid)])
        .stdout.toString()
        .trim();
      return Math.round(Number(status) / 1024);
    },
    async stop() {
      proc.kill('SIGINT');
      await proc.exited;
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
