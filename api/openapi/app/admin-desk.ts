/** The back office's desks: the audit log, failed auto-renewals, registrant verification and the registry connections. */
import { z } from 'zod';
import { auditEntrySchema } from '../../contract/audit/audit-entry.ts';
import { auditQuerySchema } from '../../contract/audit/audit-schemas.ts';
import { verificationQuerySchema, verificationRowSchema } from '../../contract/compliance/abuse-desk.ts';
import { markVerifiedSchema } from '../../contract/compliance/verification.ts';
import {
  connectionNameSchema,
  extensionLookupSchema,
  registriesOverviewSchema,
  registryCommandViewSchema,
  registryCommandsQuerySchema,
  registryPauseSchema,
} from '../../contract/registries.ts';
import { failedAutoRenewalSchema, failedRenewalsQuerySchema, retryOutcomeSchema } from '../../contract/renewals/failed-auto-renewals.ts';
import { idParamSchema } from '../../http/validate.ts';
import { listOf } from '../operations.ts';
import { answers } from './answers.ts';

const idPath = z.object({ id: idParamSchema });
const connectionPath = z.object({ name: connectionNameSchema });

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
  'GET /admin/registries': {
    summary: 'The registry connections, how each is doing, and the extensions none serves',
    response: answers('RegistriesOverview', registriesOverviewSchema),
  },
  'GET /admin/registries/extensions/:extension': {
    summary: 'Which connection serves an extension, and whether it is for sale',
    path: z.object({ extension: z.string() }),
    response: answers('ExtensionLookup', extensionLookupSchema),
  },
  'GET /admin/registries/commands': {
    summary: 'The registry commands sent for one name, newest first',
    query: registryCommandsQuerySchema,
    response: answers('RegistryCommandList', z.strictObject({ data: z.array(registryCommandViewSchema) })),
  },
  'POST /admin/registries/:name/pause': {
    summary: 'Pause a connection (with a reason)',
    path: connectionPath,
    body: { name: 'RegistryPause', schema: registryPauseSchema },
    response: answers('RegistriesOverview', registriesOverviewSchema),
  },
  'POST /admin/registries/:name/resume': {
    summary: 'Resume a paused connection',
    path: connectionPath,
    response: answers('RegistriesOverview', registriesOverviewSchema),
  },
};
