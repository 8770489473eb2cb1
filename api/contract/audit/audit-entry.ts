/** One row of the audit log as the back office reads and exports it (GET /api/admin/audit), as a schema: audit.ts re-exports its type. */
import '../zod-config.ts';
import { z } from 'zod';

export const auditEntrySchema = z.strictObject({
  auditId: z.number().int(),
  at: z.string(),
  /** Who: null for the system (a job) or the command line. */
  staffId: z.number().int().nullable(),
  staffEmail: z.string().nullable(),
  staffRole: z.string().nullable(),
  clientIp: z.string().nullable(),
  /** `area.verb`: `customer.reset-factors`, `domain.suspend`, `staff.invite`, `customer.view` ... */
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** What a person reads: the domain name, the customer's email, the staff member's email. */
  targetLabel: z.string().nullable(),
  /** The customer account the entry concerns, when there is one (their Account activity shows it). */
  accountId: z.number().int().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  /** The hash chain, set by the database: `hash` covers this entry and the previous entry's hash (`prevHash`). */
  prevHash: z.string().nullable(),
  hash: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
