/**
 * The DNS power tools, cookie-only (API tokens change records through /api/dnsRecords): the zone's change history
 * with diffs and restore (/api/dnsChanges), BIND zone files in and out (/api/dnsZoneFiles), one-click templates
 * (/api/dnsTemplates) and deleting several records at once (/api/dnsRecordDeletions).
 */
import { Hono } from 'hono';
import { dnsRecordDeletionSchema, domainIdQuerySchema } from '../contract/dns/dns.ts';
import { dnsTemplateApplySchema, dnsTemplatePreviewSchema } from '../contract/dns/dns-templates.ts';
import { zoneDiffQuerySchema, zoneRestoreSchema } from '../contract/dns/zone-history.ts';
import { zoneImportSchema } from '../contract/dns/zone-import.ts';
import { requireAccount } from '../http/auth.ts';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';
import { readListQuery } from '../http/list-query.ts';
import { parseBody, parseWith } from '../http/validate.ts';
import { zoneEditor } from '../http/zone-editor.ts';
import { applyDnsTemplate, listDnsTemplates, previewDnsTemplate } from '../services/dns/dns-templates.ts';
import { deleteDnsRecords } from '../services/dns/records.ts';
import { diffZoneVersions, listZoneChanges, restoreZoneVersion } from '../services/dns/zone-changes.ts';
import { applyZoneImport, exportZoneFile, previewZoneImport } from '../services/dns/zone-import.ts';

export const dnsChangesRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const { accountId } = requireAccount(c);
    const { domainId } = parseWith(domainIdQuerySchema, c.req.query());
    const page = readListQuery(c, { defaultLimit: 50 });
    c.header('Cache-Control', 'no-store');
    return answer(c, 'GET /dnsChanges', await listZoneChanges(c.var.deps.db, accountId, domainId, { limit: Math.min(page.limit, 200), skip: page.skip }));
  })
  .get('/diff', async (c) => {
    const { accountId } = requireAccount(c);
    const query = parseWith(zoneDiffQuerySchema, c.req.query());
    c.header('Cache-Control', 'no-store');
    return answer(c, 'GET /dnsChanges/diff', await diffZoneVersions(c.var.deps.db, accountId, query));
  })
  .post('/restore', async (c) => {
    const { accountId } = requireAccount(c);
    const input = await parseBody(c, zoneRestoreSchema);
    return answer(c, 'POST /dnsChanges/restore', await restoreZoneVersion(c.var.deps, accountId, input.domainId, input.changeId, await zoneEditor(c)));
  });

export const dnsZoneFilesRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const { accountId } = requireAccount(c);
    const { domainId } = parseWith(domainIdQuerySchema, c.req.query());
    const file = await exportZoneFile(c.var.deps.db, c.var.deps, accountId, domainId);
    c.header('Cache-Control', 'no-store');
    c.header('Content-Disposition', `attachment; filename="${file.filename}"`);
    // RFC 4027's media type for zone files.
    return c.body(file.text, 200, { 'Content-Type': 'text/dns; charset=utf-8' });
  })
  .post('/preview', async (c) => {
    const { accountId } = requireAccount(c);
    const input = await parseBody(c, zoneImportSchema);
    c.header('Cache-Control', 'no-store');
    return answer(c, 'POST /dnsZoneFiles/preview', await previewZoneImport(c.var.deps, accountId, input));
  })
  .post('/', async (c) => {
    const { accountId } = requireAccount(c);
    const input = await parseBody(c, zoneImportSchema);
    return answer(c, 'POST /dnsZoneFiles', await applyZoneImport(c.var.deps, accountId, input, await zoneEditor(c, 'import')));
  });

export const dnsTemplatesRoutes = new Hono<AppEnv>()
  .get('/', (c) => {
    requireAccount(c);
    return answer(c, 'GET /dnsTemplates', { total: listDnsTemplates().length, limit: 100, skip: 0, data: listDnsTemplates() });
  })
  .post('/:id/preview', async (c) => {
    const { accountId } = requireAccount(c);
    const { domainId } = await parseBody(c, dnsTemplatePreviewSchema);
    c.header('Cache-Control', 'no-store');
    return answer(c, 'POST /dnsTemplates/:id/preview', await previewDnsTemplate(c.var.deps, accountId, c.req.param('id'), domainId));
  })
  .post('/:id/apply', async (c) => {
    const { accountId } = requireAccount(c);
    const input = await parseBody(c, dnsTemplateApplySchema);
    return answer(c, 'POST /dnsTemplates/:id/apply', await applyDnsTemplate(c.var.deps, accountId, c.req.param('id'), input, await zoneEditor(c, 'template')));
  });

export const dnsRecordDeletionsRoutes = new Hono<AppEnv>().post('/', async (c) => {
  const { accountId } = requireAccount(c);
  const input = await parseBody(c, dnsRecordDeletionSchema);
  return answer(c, 'POST /dnsRecordDeletions', await deleteDnsRecords(c.var.deps, accountId, input.domainId, input.dnsRecordIds, await zoneEditor(c, 'bulk')));
});
