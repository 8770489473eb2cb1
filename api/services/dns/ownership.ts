/** The one ownership check of the DNS services: the caller's domain, locked for a change when asked. */
import { eq } from 'drizzle-orm';
import { domains } from '../../db/schema/index.ts';
import type { DomainRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { DbOrTx } from '../../db/client.ts';

/** The caller's domain, locked for the change when inside a transaction; 404 when there is none, 403 when not theirs. */
export async function ownedDomain(db: DbOrTx, accountId: number, domainId: number, options: { lock?: boolean } = {}): Promise<DomainRow> {
  const query = db.select().from(domains).where(eq(domains.domainId, domainId)).limit(1);
  const [domain] = options.lock ? await query.for('update') : await query;
  if (!domain || domain.status === 'deleted') throw new AppError(404, 'Domain not found');
  if (domain.accountId !== accountId) throw new AppError(403, 'You do not have access to this domain');
  return domain;
}
