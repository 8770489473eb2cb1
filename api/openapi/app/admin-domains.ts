/** The back office's domains: the search and the lists behind the dashboard, a domain's page, its timeline, and the staff actions on it (each with a reason). */
import { z } from 'zod';
import { staffDomainRecordSchema, staffDomainRowSchema } from '../../contract/support/customers.ts';
import { domainDeletionTermsSchema, domainTimelineEntrySchema } from '../../contract/support/domain-history.ts';
import {
  courtesyRenewSchema,
  domainDeleteSchema,
  domainLockSchema,
  domainMoveSchema,
  domainRestoreSchema,
  domainSearchSchema,
  domainSuspendSchema,
} from '../../contract/support/support-schemas.ts';
import { idParamSchema } from '../../http/validate.ts';
import { listOf } from '../operations.ts';
import { answers } from './answers.ts';

const domainPath = z.object({ id: idParamSchema });

export const adminDomainsAppOperations = {
  'GET /admin/domains': {
    summary: 'Find domains by name or owner, or one of the lists the dashboard opens',
    query: domainSearchSchema,
    response: answers('StaffDomainRowList', listOf(staffDomainRowSchema)),
  },
  'GET /admin/domains/:id': {
    summary: 'A domain beside what the registry answers now, its suspensions and audit entries (the read is audited)',
    path: domainPath,
    response: answers('StaffDomainRecord', staffDomainRecordSchema),
  },
  'GET /admin/domains/:id/timeline': {
    summary: "One timeline of the domain's changes: staff, the customer, the registry",
    path: domainPath,
    response: answers('DomainTimeline', z.strictObject({ data: z.array(domainTimelineEntrySchema) })),
  },
  'GET /admin/domains/:id/deletion': {
    summary: 'What deleting the domain now does with money, or why it cannot be deleted',
    path: domainPath,
    response: answers('DomainDeletionTerms', domainDeletionTermsSchema),
  },
  'POST /admin/domains/:id/delete': {
    summary: 'Delete the domain at the registry (refunded within the add grace period)',
    path: domainPath,
    body: { name: 'DomainDelete', schema: domainDeleteSchema },
    response: answers('DomainDeleted', z.strictObject({ refunded: z.number().int(), message: z.string() })),
  },
  'POST /admin/domains/:id/lock': {
    summary: 'Lock or unlock the domain against transfer',
    path: domainPath,
    body: { name: 'DomainLock', schema: domainLockSchema },
    response: answers('DomainLocked', z.strictObject({ success: z.literal(true), locked: z.boolean() })),
  },
  'POST /admin/domains/:id/suspend': {
    summary: 'Suspend the domain: the registry holds it and our DNS stops answering',
    path: domainPath,
    body: { name: 'DomainSuspend', schema: domainSuspendSchema },
    response: answers('DomainSuspended', z.strictObject({ success: z.literal(true), message: z.string() })),
  },
  'POST /admin/domains/:id/unsuspend': {
    summary: "Lift staff's suspension (another may still hold the domain)",
    path: domainPath,
    body: { name: 'DomainSuspend', schema: domainSuspendSchema },
    response: answers('DomainUnsuspended', z.strictObject({ stillSuspended: z.boolean() })),
  },
  'POST /admin/domains/:id/courtesyRenew': {
    summary: 'Renew the domain at our cost',
    path: domainPath,
    body: { name: 'CourtesyRenew', schema: courtesyRenewSchema },
    response: answers('CourtesyRenewed', z.strictObject({ expireDate: z.string() })),
  },
  'POST /admin/domains/:id/restore': {
    summary: 'Restore a domain in redemption',
    path: domainPath,
    body: { name: 'DomainRestore', schema: domainRestoreSchema },
    response: answers('DomainRestored', z.strictObject({ status: z.string(), expireDate: z.string() })),
  },
  'POST /admin/domains/:id/move': {
    summary: 'Move the domain to another account (with its transfer hold)',
    path: domainPath,
    body: { name: 'DomainMove', schema: domainMoveSchema },
    response: answers('DomainMoved', z.strictObject({ accountId: z.number().int(), tdrpHoldDate: z.string().nullable() })),
  },
};
