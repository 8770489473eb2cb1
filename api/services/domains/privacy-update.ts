/** Domain update, WHOIS privacy (control-panel spec §2 modal 10, §9: free): the registry's WHOIS follows it. */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { now } from '../../clock.ts';
import type { privacyUpdate } from '../../contract/domains/domain-update.ts';
import { accounts, domains } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { DomainUpdateContext } from './domain-update-types.ts';

export async function applyPrivacyUpdate(ctx: DomainUpdateContext, fields: z.infer<typeof privacyUpdate>): Promise<void> {
  const { deps, domain } = ctx;
  if (fields.privacyEnabled === undefined || fields.privacyEnabled === domain.privacyEnabled) return;
  if (domain.status !== 'active' && domain.status !== 'expired') throw new AppError(400, 'WHOIS privacy can be changed once the domain is active');
  const [account] = await deps.db.select({ contact: accounts.registrantContact }).from(accounts).where(eq(accounts.accountId, domain.accountId));
  // The registry first: the answer must not claim a privacy the public WHOIS does not show.
  await deps.providers.registry.setWhoisPrivacy(domain.domain, fields.privacyEnabled, account?.contact ?? null);
  await deps.db.update(domains).set({ privacyEnabled: fields.privacyEnabled, modifyDate: now() }).where(eq(domains.domainId, domain.domainId));
}
