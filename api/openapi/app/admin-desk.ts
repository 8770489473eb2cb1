/** The back office's desks: the audit log, failed auto-renewals and registrant verification. */
import { z } from 'zod';
import { auditEntrySchema } from '../../contract/audit/audit-entry.ts';
import { auditQuerySchema } from '../../contract/audit/audit-schemas.ts';
import { verificationQuerySchema, verificationRowSchema } from '../../contract/compliance/abuse-desk.ts';
import { markVerifiedSchema } from '../../contract/compliance/verification.ts';
import { failedAutoRenewalSchema, failedRenewalsQuerySchema, retryOutcomeSchema } from '../../contract/renewals/failed-auto-renewals.ts';
import { idParamSchema } from '../../http/validate.ts';
import { listOf } from '../operations.ts';
import { answers } from './answers.ts';

const idPath = z.object({ id: idParamSchema });

export const adminDeskAppOperations = {
  'GET /admin/audit': { summary: 'Search the audit log', query: auditQuerySchema, response: answers('AuditEntryList', listOf(auditEntrySchema)) },
  'GET /admin/failedRenewals': {
    summary: 'Auto-renewals whose charge failed',
    query: failedRenewalsQuerySchema,
    response: answers('FailedAutoRenewalList', listOf(failedAutoRenewalSchema)),
  },
  'POST /admin/failedRenewals/:id/retry': { summary: 'Retry a failed auto-renewal now', path: idPath, response: answers('RetryOutcome', retryOutcomeSchema) },
  'GET /admin/verifications': {
    summary: 'Registrant verifications: who waits, who is suspended (each search is audited)',
    query: verificationQuerySchema,
    response: answers('VerificationRowList', listOf(verificationRowSchema)),
  },
  'POST /admin/verifications/:id/resend': {
    summary: 'Send the verification email again',
    path: idPath,
    response: answers('VerificationResent', z.strictObject({ message: z.string() })),
  },
  'POST /admin/verifications/:id/mark-verified': {
    summary: 'Mark a registrant verified by other means (the evidence and a reason go in the audit log)',
    path: idPath,
    body: { name: 'MarkVerified', schema: markVerifiedSchema },
    response: answers('MarkedVerified', z.strictObject({ message: z.string(), restoredDomains: z.array(z.string()), heldDomains: z.array(z.string()) })),
  },
};
