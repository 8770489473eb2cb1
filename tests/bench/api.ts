/**
 * API throughput: GET /api/tlds and GET /api/carts/0 under autocannon (50 connections) against the real server,
 * side by side with a bare Bun.serve (bare-server.ts) answering the same catalogue bytes and running the cart's same
 * three queries on the same database, so each ratio is our overhead. Also cold start and build time.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startEmbeddedPostgres } from '../../api/db/client.ts';
import { freePort } from '../../api/free-port.ts';
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

function row(name: string, ours: Figures, bare: Figures, targetRatio: number) {
  const ratio = ours.reqPerSec / bare.reqPerSec;
  console.log(
    `${name.padEnd(18)} ours ${String(ours.reqPerSec).padStart(6)} req/s p50 ${ours.p50} ms p99 ${ours.p99} ms errors ${ours.errors}` +
      ` | bare ${String(bare.reqPerSec).padStart(6)} req/s p99 ${bare.p99} ms errors ${bare.errors} | ratio ${ratio.toFixed(2)}` +
      `  (targets: ratio >= ${targetRatio.toFixed(2)}, p99 < 20 ms)`,
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
  const restarted = await startServer({}, dataDir);
  console.log(`Cold start, existing DATA_DIR to first 200: ${Math.round(restarted.startMs)} ms`);
  await restarted.stop();

  // Under load, our server and the bare one share a database this process runs, so both reach it the same way.
  const database = await startEmbeddedPostgres(path.join(dataDir, 'shared-postgres'), 'dotspot');
  const databaseUrl = database.url('dotspot');
  const server = await startServer({ DATABASE_URL: databaseUrl }, dataDir);

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
  writeFileSync(tldsFile, Buffer.from(await (await fetch(`${server.url}${tldsPath}`)).arrayBuffer()));
  const barePort = await freePort();
  const bare = Bun.spawn(['bun', 'tests/bench/bare-server.ts', String(barePort), databaseUrl, tldsFile], { cwd: root, stdout: 'ignore' });
  const bareUrl = `http://127.0.0.1:${barePort}`;
  try {
    for (
      let tries = 0;
      !(await fetch(`${bareUrl}/tlds`)
        .then((r) => r.ok)
        .catch(() => false));
      tries++
    ) {
      if (tries > 200) throw new Error('the bare server did not start');
      await Bun.sleep(25);
    }
    const bareCart = (await (await fetch(`${bareUrl}/cart`, { headers: { cookie } })).json()) as { cartItems: unknown[] };
    if (bareCart.cartItems.length !== 1) throw new Error('the bare server did not find the benchmark cart');
    row('GET /api/tlds', await load(`${server.url}${tldsPath}`), await load(`${bareUrl}/tlds`), 0.8);
    row('GET /api/carts/0', await load(`${server.url}${cartPath}`, { cookie }), await load(`${bareUrl}/cart`, { cookie }), 0.7);
    console.log(`Server RSS after load: ${server.rssMb()} MB`);
  } finally {
    bare.kill();
    await bare.exited;
    await server.stop();
    await database.stop();
    rmSync(tmp, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) await runApiBench();
