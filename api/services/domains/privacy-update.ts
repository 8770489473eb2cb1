/**
 * Domain update, WHOIS privacy (control-panel spec §2 modal 10, §9: free): the registry's WHOIS follows it. A journal
 * entry: our record and its audit row commit with the intent; the registry is told after commit; a refusal puts the
 * switch back (502), so the answer never claims a privacy the public WHOIS does not show.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { now } from '../../clock.ts';
import type { privacyUpdate } from '../../contract/domains/domain-update.ts';
import { domains } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { DomainUpdateContext } from './domain-update-types.ts';

const changeable = (status: string) => status === 'active' || status === 'expired';

export async function applyPrivacyUpdate(ctx: DomainUpdateContext, fields: z.infer<typeof privacyUpdate>): Promise<void> {
  const { domain } = ctx;
  const enabled = fields.privacyEnabled;
  if (enabled === undefined || enabled === domain.privacyEnabled) return;
  if (!changeable(domain.status)) throw new AppError(400, 'WHOIS privacy can be changed once the domain is active');
  const params: Record<string, unknown> = { enabled };
  await ctx.journal(ctx, {
    kind: 'privacy',
    params,
    audit: { action: 'customer.domain.privacy', before: { privacyEnabled: domain.privacyEnabled }, after: { privacyEnabled: enabled } },
    async change(tx, row) {
      if (!changeable(row.status)) throw new AppError(400, 'WHOIS privacy can be changed once the domain is active');
      // What the row says under its lock is what a refusal puts back.
      params.before = { privacyEnabled: row.privacyEnabled };
      await tx.update(domains).set({ privacyEnabled: enabled, modifyDate: now() }).where(eq(domains.domainId, row.domainId));
    },
  });
}
