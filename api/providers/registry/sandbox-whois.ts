/** Sandbox WHOIS: TODO(public-site issue) real-format text for every registered name. */
import type { Db } from '../../db/client.ts';
import type { RegistryProvider } from './index.ts';
import { findRegistryRecord } from './sandbox-lifecycle.ts';

export function createSandboxWhois(db: Db, options: { registrarName: string }): Pick<RegistryProvider, 'whois'> {
  return {
    async whois(domain) {
      const record = await findRegistryRecord(db, domain);
      if (!record) return null;
      return `Domain Name: ${record.domain.toUpperCase()}\nRegistrar: ${record.registrarName || options.registrarName}\n`;
    },
  };
}
