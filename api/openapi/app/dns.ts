/** The DNS tools the account app adds to the token routes: history, zone files, templates, deleting several records. */
import { z } from 'zod';
import { dnsRecordDeletionSchema, domainIdQuerySchema } from '../../contract/dns/dns.ts';
import {
  dnsTemplateAppliedSchema,
  dnsTemplateApplySchema,
  dnsTemplatePreviewAnswerSchema,
  dnsTemplatePreviewSchema,
  dnsTemplateSummarySchema,
} from '../../contract/dns/dns-templates.ts';
import { recordDiffSchema, zoneChangeSchema, zoneDiffQuerySchema, zoneRestoreAnswerSchema, zoneRestoreSchema } from '../../contract/dns/zone-history.ts';
import { zoneImportPreviewSchema, zoneImportResultSchema, zoneImportSchema } from '../../contract/dns/zone-import.ts';
import { listPageQuerySchema } from '../../contract/list.ts';
import { listOf } from '../operations.ts';
import { answers } from './answers.ts';

const templatePath = z.object({ id: z.string() });

export const dnsAppOperations = {
  'GET /dnsChanges': {
    summary: "A zone's change history, newest first",
    query: domainIdQuerySchema.extend(listPageQuerySchema.shape),
    response: answers('ZoneChangeList', listOf(zoneChangeSchema)),
  },
  'GET /dnsChanges/diff': {
    summary: 'What changed between two versions of a zone',
    query: zoneDiffQuerySchema,
    response: answers('RecordDiff', recordDiffSchema),
  },
  'POST /dnsChanges/restore': {
    summary: 'Put a zone back as it was at a version',
    body: { name: 'ZoneRestore', schema: zoneRestoreSchema },
    response: answers('ZoneRestored', zoneRestoreAnswerSchema),
  },
  'POST /dnsZoneFiles/preview': {
    summary: 'What importing a zone file would change',
    body: { name: 'ZoneImport', schema: zoneImportSchema },
    response: answers('ZoneImportPreview', zoneImportPreviewSchema),
  },
  'POST /dnsZoneFiles': {
    summary: 'Import a zone file',
    body: { name: 'ZoneImport', schema: zoneImportSchema },
    response: answers('ZoneImportResult', zoneImportResultSchema),
  },
  'GET /dnsTemplates': { summary: 'The one-click DNS templates', response: answers('DnsTemplateList', listOf(dnsTemplateSummarySchema)) },
  'POST /dnsTemplates/:id/preview': {
    summary: "What a template would add to a domain's zone, and what is in its way",
    path: templatePath,
    body: { name: 'DnsTemplatePreviewRequest', schema: dnsTemplatePreviewSchema },
    response: answers('DnsTemplatePreview', dnsTemplatePreviewAnswerSchema),
  },
  'POST /dnsTemplates/:id/apply': {
    summary: "Add a template's records",
    path: templatePath,
    body: { name: 'DnsTemplateApply', schema: dnsTemplateApplySchema },
    response: answers('DnsTemplateApplied', dnsTemplateAppliedSchema),
  },
  'POST /dnsRecordDeletions': {
    summary: 'Delete several records of a domain at once',
    body: { name: 'DnsRecordDeletion', schema: dnsRecordDeletionSchema },
    response: answers('DnsRecordsDeleted', z.strictObject({ deleted: z.number().int() })),
  },
};
