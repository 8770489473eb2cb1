/**
 * What a planned change to a domain's records would stop, in the sentences the account app shows before it asks for
 * consent (contract/dns/risky-changes.ts): the zone import and template previews answer it as `stops`.
 */
import type { Config } from '../../config.ts';
import { hasCustomNameservers } from '../../contract/dns/dns.ts';
import { zoneChangeLosses } from '../../contract/dns/risky-changes.ts';
import type { DomainRow, DnsRecordRow } from '../../db/schema/index.ts';

type RecordFacts = Pick<DnsRecordRow, 'type' | 'host' | 'data'>;

export function stopsOfZoneChange(
  config: Pick<Config, 'DEFAULT_NAMESERVERS'>,
  domain: DomainRow,
  existing: readonly RecordFacts[],
  changes: readonly { record: RecordFacts; before: RecordFacts | null }[],
): string[] {
  const facts = {
    domain: domain.domain,
    websiteType: domain.websiteType,
    forwardUrl: domain.forwardUrl,
    emailEnabled: domain.emailEnabled,
    builderEnabled: domain.builderEnabled,
    mrc: domain.mrc,
    forSale: domain.forSale,
    forSalePage: domain.forSalePage,
    ns: domain.ns,
    $customNameservers: hasCustomNameservers(domain.ns, config.DEFAULT_NAMESERVERS),
    dnsRecords: existing,
  };
  return zoneChangeLosses(facts, changes);
}
