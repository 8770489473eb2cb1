/**
 * Domain update, DNSSEC: the DS records the registry publishes for the domain, replaced as a whole ([] turns DNSSEC
 * off). Only for nameservers outside ours: our DNS does not sign zones, and a DS set over an unsigned zone makes
 * validating resolvers refuse the domain. The registry takes the set first; then we record it.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { now } from '../../clock.ts';
import { hasCustomNameservers } from '../../contract/dns/dns.ts';
import type { dnssecUpdate } from '../../contract/domains/domain-update.ts';
import type { DsRecord } from '../../contract/domains/rdap.ts';
import type { Deps } from '../../deps.ts';
import { domains } from '../../db/schema/index.ts';
import type { DomainRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { RegistryOutcomeUnknownError } from '../../providers/registry/index.ts';
import type { DomainUpdateContext } from '../domains/domain-update-types.ts';

export const dnssecNeedsCustomNameservers =
  'DNSSEC needs nameservers that sign the zone. Our nameservers do not sign zones, so DS records would stop the domain from resolving: change to your DNS provider’s nameservers first.';

export async function applyDnssecUpdate(ctx: DomainUpdateContext, fields: z.infer<typeof dnssecUpdate>): Promise<void> {
  if (fields.dsRecords === undefined) return;
  const { domain } = ctx;
  if (domain.status === 'transfer') throw new AppError(409, `DNSSEC for ${domain.domain} can be set once its transfer to us is complete`);
  if (domain.status !== 'active' && domain.status !== 'expired')
    throw new AppError(409, `DNSSEC for ${domain.domain} cannot be changed while it is ${domain.status}`);
  const dsRecords = fields.dsRecords;
  if (dsRecords.length > 0 && !hasCustomNameservers(domain.ns, ctx.deps.providers.registry.defaultNameservers))
    throw new AppError(400, dnssecNeedsCustomNameservers);
  await replaceDsRecords(ctx.deps, domain, dsRecords);
}

/** The registry first (what resolvers see), then our copy; nameservers.ts calls it with [] before going back to ours. */
export async function replaceDsRecords(deps: Deps, domain: DomainRow, dsRecords: DsRecord[]): Promise<void> {
  try {
    await deps.providers.registry.updateDsRecords({ domain: domain.domain, dsRecords });
  } catch (error) {
    if (error instanceof RegistryOutcomeUnknownError) {
      throw new AppError(504, 'The registry did not answer in time. Please check the DNSSEC records again in a few minutes before retrying.');
    }
    throw new AppError(502, `The registry did not accept the DNSSEC records: ${(error as Error).message}`);
  }
  await deps.db.update(domains).set({ dsRecords, modifyDate: now() }).where(eq(domains.domainId, domain.domainId));
}
