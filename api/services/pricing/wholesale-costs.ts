/**
 * Wholesale costs per extension and action: synced from the upstream's reseller prices (a provider that offers
 * `wholesaleCosts`, such as Openprovider), else the sandbox's defaults (three quarters of content/tlds.csv's prices).
 * A sync writes what changed into the history; the daily job and the Pricing screen's "Sync now" run it.
 */
import { and, eq, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { type PricedAction, pricedActions, wholesaleCostHistory, wholesaleCosts } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import type { WholesaleCost } from '../../providers/registry/openprovider-domains.ts';
import { sandboxCostsFromCatalogue } from '../../providers/registry/openprovider-sandbox-server.ts';
import { loadCatalogue } from '../search/catalogue.ts';
import type { Costs } from './retail-prices.ts';

type CostSource = { name: string; costs: WholesaleCost[] };

/** Where costs come from for this deployment. */
export async function readUpstreamCosts(deps: Pick<Deps, 'providers'>): Promise<CostSource> {
  const registry = deps.providers.registry as { wholesaleCosts?: () => Promise<WholesaleCost[]>; name: string };
  if (registry.wholesaleCosts) return { name: registry.name, costs: await registry.wholesaleCosts() };
  const defaults = sandboxCostsFromCatalogue(loadCatalogue().list);
  return { name: 'sandbox', costs: [...defaults].map(([tld, cost]) => ({ tld, currency: 'USD', ...cost })) };
}

export type SyncResult = { source: string; extensions: number; changed: number };

/** Stores the costs of the extensions we sell; a changed or new cost gets a history row. */
export async function syncWholesaleCosts(deps: Pick<Deps, 'db' | 'providers'>): Promise<SyncResult> {
  const source = await readUpstreamCosts(deps);
  const sold = new Set(loadCatalogue().list.map((tld) => tld.tld));
  const current = await currentCosts(deps.db);
  const at = now();
  const rows: (typeof wholesaleCosts.$inferInsert)[] = [];
  const history: (typeof wholesaleCostHistory.$inferInsert)[] = [];
  for (const cost of source.costs) {
    if (!sold.has(cost.tld)) continue;
    for (const action of pricedActions) {
      const cents = cost[action];
      if (cents == null) continue;
      rows.push({ tld: cost.tld, action, cents, source: source.name, syncDate: at });
      const before = current.get(cost.tld)?.[action];
      if (before !== cents) history.push({ tld: cost.tld, action, previousCents: before ?? null, cents, recordDate: at });
    }
  }
  await deps.db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 1000) {
      await tx
        .insert(wholesaleCosts)
        .values(rows.slice(i, i + 1000))
        .onConflictDoUpdate({
          target: [wholesaleCosts.tld, wholesaleCosts.action],
          set: { cents: sql`excluded.cents`, source: sql`excluded.source`, syncDate: sql`excluded.sync_date` },
        });
    }
    for (let i = 0; i < history.length; i += 1000) await tx.insert(wholesaleCostHistory).values(history.slice(i, i + 1000));
  });
  return { source: source.name, extensions: new Set(rows.map((row) => row.tld)).size, changed: history.length };
}

export async function currentCosts(db: Db): Promise<Map<string, Costs>> {
  const costs = new Map<string, Costs>();
  for (const row of await db.select().from(wholesaleCosts)) {
    const entry = costs.get(row.tld) ?? {};
    entry[row.action as PricedAction] = row.cents;
    costs.set(row.tld, entry);
  }
  return costs;
}

export async function costHistory(db: Db, tld: string, action: PricedAction) {
  return db
    .select()
    .from(wholesaleCostHistory)
    .where(and(eq(wholesaleCostHistory.tld, tld), eq(wholesaleCostHistory.action, action)))
    .orderBy(wholesaleCostHistory.recordDate);
}
