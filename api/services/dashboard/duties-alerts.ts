/** The dashboard's registrar-duty alerts: an escrow deposit failed or missing, and abuse cases past their clock. */
import type { Dashboard } from '../../contract/dashboard/dashboard.ts';
import type { Deps } from '../../deps.ts';
import { overdueCases } from '../compliance/abuse/abuse-clocks.ts';
import { readEscrowProblem } from '../compliance/escrow/escrow-screen.ts';

export async function readDutiesAlerts(deps: Pick<Deps, 'db' | 'config'>): Promise<Pick<Dashboard, 'escrowProblem' | 'overdueAbuseCases'>> {
  const [escrowProblem, overdue] = await Promise.all([readEscrowProblem(deps), overdueCases(deps)]);
  return { escrowProblem, overdueAbuseCases: overdue.length };
}
