/** Sandbox host objects (glue) in registry_hosts: created or re-addressed, and deleted unless a name still uses them. */
import { eq, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { registryDomains, registryHosts } from '../../db/schema/index.ts';
import { type RegistryProvider, RegistryHostInUseError } from './index.ts';

export function createSandboxHosts(db: Db): Pick<RegistryProvider, 'setHost' | 'deleteHost'> {
  const hostName = (host: string) => host.trim().toLowerCase().replace(/\.$/, '');
  return {
    async setHost(host, addresses) {
      const at = now();
      await db
        .insert(registryHosts)
        .values({ host: hostName(host), addresses, createDate: at, modifyDate: at })
        .onConflictDoUpdate({ target: registryHosts.host, set: { addresses, modifyDate: at } });
    },
    async deleteHost(host) {
      const name = hostName(host);
      // Registries keep nameservers as given; ours are upper-cased (control-panel spec §5), so compare without case.
      const [user] = await db
        .select({ domain: registryDomains.domain })
        .from(registryDomains)
        .where(sql`exists (select 1 from unnest(${registryDomains.nameservers}) as ns where lower(ns) = ${name})`)
        .limit(1);
      if (user) throw new RegistryHostInUseError(name);
      await db.delete(registryHosts).where(eq(registryHosts.host, name));
    },
  };
}
