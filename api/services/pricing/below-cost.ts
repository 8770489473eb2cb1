/**
 * The last guard against selling below cost: before any money moves, a registration or transfer whose price for the
 * term is under its wholesale cost for that term is refused with a clear message (a rule, a file edit or a stale
 * price can all cause one). Premium names are priced by the registry itself and market sales by their seller.
 */
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { wholesaleCosts } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { formatMoney } from '../../contract/money.ts';
import { tldOf } from '../../contract/domain-name.ts';

type Line = { item: { domain: string; domainType: string; years: number }; prices: { price: number } };

export async function refuseBelowCost(db: DbOrTx, lines: readonly Line[]): Promise<void> {
  const checked = lines.filter((line) => line.item.domainType === 'new' || line.item.domainType === 'transfer');
  if (!checked.length) return;
  const tlds = [...new Set(checked.map((line) => tldOf(line.item.domain)))];
  const rows = await db.select().from(wholesaleCosts).where(inArray(wholesaleCosts.tld, tlds));
  const cost = (tld: string, action: string) => rows.find((row) => row.tld === tld && row.action === action)?.cents;
  for (const { item, prices } of checked) {
    const tld = tldOf(item.domain);
    const first = cost(tld, item.domainType === 'new' ? 'register' : 'transfer');
    const renew = cost(tld, 'renew');
    if (first == null) continue;
    const termCost = first + (renew ?? first) * Math.max(item.years - 1, 0);
    if (prices.price < termCost) {
      throw new AppError(409, `${item.domain} cannot be sold at ${formatMoney(prices.price)}: that is below what it costs us. Please contact us.`, {
        domain: item.domain,
      });
    }
  }
}
