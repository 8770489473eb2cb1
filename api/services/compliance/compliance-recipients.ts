/**
 * Who receives the compliance desk's own mail (the daily list of overdue abuse cases): the COMPLIANCE_EMAIL address
 * (default: the abuse address) until staff accounts with the compliance role exist to receive it.
 */
import type { Deps } from '../../deps.ts';

export async function complianceRecipients(deps: Pick<Deps, 'config'>): Promise<string[]> {
  return [deps.config.complianceEmail];
}
