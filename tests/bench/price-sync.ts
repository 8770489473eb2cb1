/**
 * Price sync of the whole catalogue: the Openprovider provider reads every extension's reseller prices from the
 * stateful stand-in over HTTP (paged, as from the real API), the costs and their history are written, and retail prices
 * are made from a default rule. Wall time of the sync and of the retail refresh. Run alone: `bun tests/bench/price-sync.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, migrateDatabase, startEmbeddedPostgres } from '../../api/db/client.ts';
import { pricingRules } from '../../api/db/schema/index.ts';
import { createOpenproviderRegistry } from '../../api/providers/registry/openprovider.ts';
import { sandboxCostsFromCatalogue, startOpenproviderSandbox } from '../../api/providers/registry/openprovider-sandbox-server.ts';
import { refreshRetailPrices } from '../../api/services/pricing/pricing-rules.ts';
import { syncWholesaleCosts } from '../../api/services/pricing/wholesale-costs.ts';
import { loadCatalogue } from '../../api/services/search/catalogue.ts';

export async function runPriceSyncBench(): Promise<{ extensions: number; syncSeconds: number; resyncSeconds: number; refreshMs: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'dotspot-bench-prices-'));
  const server = await startEmbeddedPostgres(dir, 'bench', { durable: false });
  const url = server.url('bench');
  await migrateDatabase(url);
  const db = createDb(url, { max: 5 });
  const credentials = { username: 'bench', password: 'bench-password' };
  const upstream = await startOpenproviderSandbox({ ...credentials, costs: sandboxCostsFromCatalogue(loadCatalogue().list) });
  const registry = createOpenproviderRegistry({ url: upstream.url, ...credentials, registrarName: 'Upstream', defaultNameservers: ['ns1.bench-dns.net'] });
  const providers = { registry } as unknown as Parameters<typeof syncWholesaleCosts>[0]['providers'];
  try {
    const first = performance.now();
    const result = await syncWholesaleCosts({ db, providers });
    const syncSeconds = (performance.now() - first) / 1000;
    const again = performance.now();
    await syncWholesaleCosts({ db, providers });
    const resyncSeconds = (performance.now() - again) / 1000;
    await db
      .insert(pricingRules)
      .values({ tld: '*', marginBasisPoints: 2500, marginFixedCents: 0, rounding: '99', floorMarginCents: 100, modifyDate: new Date() });
    const refresh = performance.now();
    const priced = await refreshRetailPrices(db);
    const refreshMs = performance.now() - refresh;
    const figures = { extensions: result.extensions, syncSeconds, resyncSeconds, refreshMs };
    console.log(
      `Price sync of ${result.extensions} extensions (${result.changed} costs, first sync): ${syncSeconds.toFixed(2)} s; ` +
        `a resync with nothing changed: ${resyncSeconds.toFixed(2)} s; retail prices for ${priced} extensions from a rule: ${refreshMs.toFixed(0)} ms`,
    );
    return figures;
  } finally {
    await upstream.close();
    await db.$end();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) await runPriceSyncBench();
