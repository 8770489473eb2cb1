/**
 * API throughput: GET /api/tlds and GET /api/carts/0 under autocannon (50 connections) against the real server,
 * side by side with a bare Bun.serve answering the same bytes. Also cold start and build time.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../../api/db/client.ts';
import { startServer } from './server-process.ts';

type Figures = { reqPerSec: number; p50: number; p99: number; errors: number };

async function load(url: string, headers: Record<string, string> = {}, seconds = 8): Promise<Figures> {
  const result = await autocannon({ url, connections: 50, duration: seconds, headers });
  return {
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

function row(name: string, ours: Figures, bare: Figures) {
  const ratio = ours.reqPerSec / bare.reqPerSec;
  console.log(
    `${name.padEnd(18)} ours ${String(ours.reqPerSec).padStart(6)} req/s p50 ${ours.p50} ms p99 ${ours.p99} ms errors ${ours.errors}` +
      ` | bare ${String(bare.reqPerSec).padStart(6)} req/s p99 ${bare.p99} ms | ratio ${ratio.toFixed(2)}` +
      `  (targets: ratio >= 0.70, p99 < 20 ms)`,
  );
}

export async function runApiBench() {
  const root = path.resolve(import.meta.dirname, '../..');
  const buildStart = performance.now();
  const build = Bun.spawnSync(['bun', 'api/build.ts', '--force'], { cwd: root, stdout: 'ignore', stderr: 'inherit' });
  if (build.exitCode !== 0) throw new Error('build failed');
  console.log(`Build (site + account app): ${((performance.now() - buildStart) / 1000).toFixed(1)} s`);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'dotspot-bench-data-'));
  const first = await startServer({}, dataDir);
  console.log(`Cold start, empty DATA_DIR (initdb, migrate, seed) to first 200: ${Math.round(first.startMs)} ms`);
  await first.stop();
  const server = await startServer({}, dataDir);
  console.log(`Cold start, existing DATA_DIR to first 200: ${Math.round(server.startMs)} ms`);

  const added = await fetch(`${server.url}/api/cartItems`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ domain: 'benchmark-unusual-name.com' }),
  });
  const cookie = added.headers.getSetCookie()[0].split(';')[0];
  const tldsPath = '/api/tlds?$sort[tld]=1';
  const cartPath = '/api/carts/0?$relations[]=cartItems';
  const tmp = mkdtempSync(path.join(tmpdir(), 'dotspot-bare-'));
  const tldsFile = path.join(tmp, 'tlds.json');
  const cartFile = path.join(tmp, 'cart.json');
  writeFileSync(tldsFile, Buffer.from(await (await fetch(`${server.url}${tldsPath}`)).arrayBuffer()));
  writeFileSync(cartFile, Buffer.from(await (await fetch(`${server.url}${cartPath}`, { headers: { cookie } })).arrayBuffer()));
  const barePort = await freePort();
  const bare = Bun.spawn(['bun', 'tests/bench/bare-server.ts', String(barePort), `/tlds=${tldsFile}`, `/cart=${cartFile}`], {
    cwd: root,
    stdout: 'ignore',
  });
  await Bun.sleep(500);
  try {
    row('GET /api/tlds', await load(`${server.url}${tldsPath}`), await load(`http://127.0.0.1:${barePort}/tlds`));
    row('GET /api/carts/0', await load(`${server.url}${cartPath}`, { cookie }), await load(`http://127.0.0.1:${barePort}/cart`));
    console.log(`Server RSS after load: ${server.rssMb()} MB`);
  } finally {
    bare.kill();
    await server.stop();
    rmSync(tmp, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) await runApiBench();
