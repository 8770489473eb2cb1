/**
 * The one check every path that could let a suspended name leave or change hands goes through (contract/domains/
 * suspension-gate.ts says what is held): customers are refused (409, the reason in the message, which the panel
 * shows), staff other than compliance and owners too (403, with the reason), and compliance or an owner only with a
 * reason, which their audit row keeps.
 */
import { minReasonLength } from '../../contract/audit/audit.ts';
import { type HeldAction, heldActionMessage, rolesActingOnHeldNames } from '../../contract/domains/suspension-gate.ts';
import type { StaffRole } from '../../contract/staff/roles.ts';
import { AppError } from '../../errors.ts';

type HeldDomain = { domain: string; suspendedAt: Date | null; suspensionReason: string | null };

/** Throws unless `action` may go ahead: any time for a name not suspended; for a suspended one, see above. */
export function assertNotHeld(domain: HeldDomain, action: HeldAction, staff?: { role: StaffRole | null; reason?: string | null }): void {
  if (domain.suspendedAt === null) return;
  const message = heldActionMessage(domain.domain, action, domain.suspensionReason);
  if (!staff) throw new AppError(409, message, { suspended: true, heldAction: action });
  if (!staff.role || !rolesActingOnHeldNames.includes(staff.role)) {
    throw new AppError(403, `${message} Only compliance or an owner may, with a reason.`, { suspended: true, heldAction: action });
  }
  if ((staff.reason?.trim().length ?? 0) < minReasonLength) {
    throw new AppError(400, `${message} Give a reason (at least ${minReasonLength} characters) to do it anyway: it is kept in the audit log.`, {
      errors: { reason: ['Give a reason'] },
    });
  }
}
