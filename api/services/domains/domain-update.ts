/**
 * PATCH /api/domains/:id: checks ownership, then hands each group of fields present to the service that owns it, in a
 * fixed order, and answers with the domain as it now is. Groups that talk to the registry go through its budget
 * (registry-changes.ts): unchanged values never reach it, and changes are limited per domain, account and overall.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type DomainUpdate, type DomainUpdateGroup, domainUpdateGroups } from '../../contract/domains/domain-update.ts';
import type { Domain } from '../../contract/domains/domain.ts';
import { domains } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { applyDnssecUpdate } from '../dns/dnssec-update.ts';
import { applyEmailServiceUpdate } from '../email/email-service-update.ts';
import { applyNameserversUpdate } from '../dns/nameservers-update.ts';
import { applyPrivacyUpdate } from './privacy-update.ts';
import { applyRenewalSettings } from '../renewals/renewal-settings-update.ts';
import { applySaleUpdate } from '../selling/sale-update.ts';
import { applyTransferUpdate } from '../transfers/transfer-lock-update.ts';
import type { DomainUpdateContext } from './domain-update-types.ts';
import { applyWebsiteUpdate } from '../websites/website-update.ts';
import { syncZone } from '../dns/zone.ts';
import { findDomain } from './domains.ts';
import { reachesRegistry, registryGroups, skippedWhenUnchanged, spendRegistryChange, withDomainTurn } from './registry-changes.ts';
import { now } from '../../clock.ts';

/** A handler may add to the answer what only it can say (the auth code it just revealed). */
// biome-ignore lint/suspicious/noConfusingVoidType: most handlers return Promise<void>
type Handlers = { [G in DomainUpdateGroup]: (ctx: DomainUpdateContext, fields: z.infer<(typeof domainUpdateGroups)[G]>) => Promise<void | Partial<Domain>> };

const handlers: Handlers = {
  renewalSettings: applyRenewalSettings,
  transfer: applyTransferUpdate,
  privacy: applyPrivacyUpdate,
  sale: applySaleUpdate,
  nameservers: applyNameserversUpdate,
  dnssec: applyDnssecUpdate,
  website: applyWebsiteUpdate,
  emailService: applyEmailServiceUpdate,
};

export async function updateDomain(ctx: Omit<DomainUpdateContext, 'domain'>, domainId: number, update: DomainUpdate): Promise<Domain> {
  const { db } = ctx.deps;
  const groups = (Object.keys(domainUpdateGroups) as DomainUpdateGroup[]).filter((group) =>
    Object.keys(domainUpdateGroups[group].shape).some((key) => update[key as keyof DomainUpdate] !== undefined),
  );
  if (groups.length === 0) throw new AppError(400, 'Nothing to change');
  let additions: Partial<Domain> = {};
  for (const group of groups) {
    const apply = async () => {
      // Read for each group (and after waiting for a turn): each one sees what the previous one wrote.
      const [domain] = await db.select().from(domains).where(eq(domains.domainId, domainId)).limit(1);
      if (!domain || domain.status === 'deleted') throw new AppError(404, 'Domain not found');
      if (domain.accountId !== ctx.accountId) throw new AppError(403, 'You do not have access to this domain');
      const fields = domainUpdateGroups[group].parse(pick(update, Object.keys(domainUpdateGroups[group].shape)));
      const handler = handlers[group] as (ctx: DomainUpdateContext, fields: unknown) => Promise<Partial<Domain> | undefined>;
      const run = () => handler({ ...ctx, domain }, fields);
      if (!registryGroups.has(group)) return run();
      if (!reachesRegistry(group, fields, domain, ctx.deps.providers.registry.defaultNameservers, now())) {
        return skippedWhenUnchanged.has(group) ? undefined : run();
      }
      return spendRegistryChange(ctx.deps, { accountId: ctx.accountId, domain }, run);
    };
    // Changes that may reach the registry take turns per domain, so a repeat finds the first one done.
    const added = registryGroups.has(group) ? await withDomainTurn(ctx.deps, domainId, apply) : await apply();
    if (added) additions = { ...additions, ...added };
  }
  // Whatever changed (nameservers, email, website type, forwarding, builder), the served zone and the website type follow.
  await syncZone(ctx.deps, domainId);
  const answer = await findDomain(
    db,
    ctx.accountId,
    domainId,
    { limit: 1, skip: 0, sort: [], relations: ['dnsRecords', 'emails'], filters: {}, flags: {} },
    {
      defaultNameservers: ctx.deps.providers.registry.defaultNameservers,
    },
  );
  return { ...answer, ...additions };
}

function pick(update: DomainUpdate, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => Object.hasOwn(update, key)).map((key) => [key, update[key as keyof DomainUpdate]]));
}
