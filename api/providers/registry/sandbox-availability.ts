/** Sandbox availability: TODO(search issue) deterministic rules; for now names in registry_domains are taken. */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { registryDomains } from '../../db/schema/index.ts';
import type { RegistryProvider } from './index.ts';

export function createSandboxAvailability(db: Db, _options: { latencyMs: number }): Pick<RegistryProvider, 'check'> {
  return {
    async check(domains) {
      if (domains.length === 0) return [];
      const taken = await db.select({ domain: registryDomains.domain }).from(registryDomains).where(inArray(registryDomains.domain, domains));
      const takenSet = new Set(taken.map((t) => t.domain));
      return domains.map((domain) => ({ domain, available: !takenSet.has(domain), ...(takenSet.has(domain) ? { reason: 'taken' as const } : {}) }));
    },
  };
}
