/** Transfer-in eligibility (storefront spec §8): per domain ok/reason with the catalogue's transfer and renewal prices. */
import { isDomainName, normaliseDomainInput } from '../../contract/domain-name.ts';
import type { TransferCheckResult } from '../../contract/transfers/transfer.ts';
import type { Db } from '../../db/client.ts';
import type { RegistryProvider } from '../../providers/registry/index.ts';
import { activeItems } from '../carts/carts.ts';
import { catalogue } from '../search/catalogue.ts';
import type { CartRow } from '../../db/schema/index.ts';

export async function checkTransfers(db: Db, registry: RegistryProvider, input: { domains: string[]; cart: CartRow | null }): Promise<TransferCheckResult[]> {
  const inCart = new Set(input.cart ? (await activeItems(db, input.cart.cartId)).map((i) => i.domain) : []);
  const supported = new Set(catalogue().list.map((t) => t.tld));
  const seen = new Set<string>();
  const names: string[] = [];
  for (const raw of input.domains) {
    const parsed = normaliseDomainInput(raw);
    const name = parsed.ok ? parsed.ascii : raw.trim().toLowerCase();
    if (name && !seen.has(name)) {
      seen.add(name);
      names.push(name);
    }
  }
  return Promise.all(
    names.map(async (domain): Promise<TransferCheckResult> => {
      const tld = catalogue().forDomain(domain);
      const prices = { transferPrice: tld?.transferPricing[0] ?? null, premium: false, renewPrice: tld?.renewPricing[0] ?? null };
      const empty = { registrarName: null, expireDate: null, createDate: null };
      if (!isDomainName(domain)) return { domain, ok: false, reason: 'invalid', ...prices, ...empty };
      if (inCart.has(domain)) return { domain, ok: false, reason: 'inCart', ...prices, ...empty };
      const answer = await registry.transferCheck(domain, supported);
      return {
        domain,
        ok: answer.ok,
        reason: answer.reason ?? null,
        ...prices,
        ...(answer.premiumPrice == null ? {} : { transferPrice: answer.premiumPrice, premium: true }),
        registrarName: answer.registrarName ?? null,
        expireDate: answer.expireDate ?? null,
        createDate: answer.createDate ?? null,
      };
    }),
  );
}
