/**
 * Domain update, DNSSEC: the DS records the registry publishes for the domain, replaced as a whole ([] turns DNSSEC
 * off). Only for nameservers outside ours: our DNS does not sign zones, and a DS set over an unsigned zone makes
 * validating resolvers refuse the domain.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { now } from '../../clock.ts';
import { hasCustomNameservers } from '../../contract/dns/dns.ts';
import type { dnssecUpdate } from '../../contract/domains/domain-update.ts';
import type { DsRecord } from '../../contract/domains/rdap.ts';
import { domains } from '../../db/schema/index.ts';
import type { DomainRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
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
  await replaceDsRecords(ctx, domain, dsRecords);
}

/**
 * A journal entry (DESIGN "Journal"): our copy, its audit row and the intent first, then the registry (what resolvers
 * see); a refusal puts our copy back. nameservers-update.ts calls it with [] before going back to ours.
 */
export async function replaceDsRecords(ctx: DomainUpdateContext, domain: DomainRow, dsRecords: DsRecord[]): Promise<void> {
  await ctx.journal(ctx, {
    kind: 'dsRecords',
    params: { dsRecords, before: { dsRecords: domain.dsRecords } },
    audit: { action: 'customer.domain.dnssec', before: { dsRecords: domain.dsRecords.length }, after: { dsRecords: dsRecords.length } },
    async change(tx, row) {
      await tx.update(domains).set({ dsRecords, modifyDate: now() }).where(eq(domains.domainId, row.domainId));
    },
  });
}
