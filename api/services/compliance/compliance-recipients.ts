/**
 * Who receives the compliance desk's own mail (the daily list of overdue abuse cases): every active staff member with
 * the compliance role, and COMPLIANCE_EMAIL (default: the abuse address) when none is set up yet or as a shared inbox.
 */
import { and, eq } from 'drizzle-orm';
import { staffMembers } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';

export async function complianceRecipients(deps: Pick<Deps, 'config' | 'db'>): Promise<string[]> {
  const staff = await deps.db
    .select({ email: staffMembers.email })
    .from(staffMembers)
    .where(and(eq(staffMembers.role, 'compliance'), eq(staffMembers.status, 'active')));
  const addresses = new Set(staff.map((s) => s.email.toLowerCase()));
  if (deps.config.COMPLIANCE_EMAIL || addresses.size === 0) addresses.add(deps.config.complianceEmail.toLowerCase());
  return [...addresses];
}
