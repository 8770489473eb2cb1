/** /api/admin/audit: search the audit log, and export what a search finds as CSV (the export is itself logged). */
import { addDays } from 'date-fns/addDays';
import { parseISO } from 'date-fns/parseISO';
import { Hono } from 'hono';
import { auditQuerySchema } from '../contract/audit/audit-schemas.ts';
import { answer } from '../http/answer.ts';
import { type AdminEnv, allow, staffActor } from '../http/staff-auth.ts';
import { parseWith } from '../http/validate.ts';
import { verifyAuditChain } from '../services/audit/audit-chain.ts';
import { auditCsv } from '../services/audit/audit-csv.ts';
import { type AuditFilters, auditEntriesForExport, recordAudit, searchAudit } from '../services/audit/audit-log.ts';
import { now } from '../clock.ts';

function filtersOf(query: ReturnType<typeof auditQuerySchema.parse>): AuditFilters {
  const { limit: _limit, skip: _skip, from, to, ...rest } = query;
  // A bare date as `to` means the whole of that day.
  const end = to ? (to.length === 10 ? addDays(parseISO(`${to}T00:00:00Z`), 1) : parseISO(to)) : undefined;
  return { ...rest, from: from ? parseISO(from.length === 10 ? `${from}T00:00:00Z` : from) : undefined, to: end };
}

export const adminAuditRoutes = new Hono<AdminEnv>()
  .get('/', allow('audit:read'), async (c) => {
    const query = parseWith(auditQuerySchema, c.req.query());
    return answer(c, 'GET /admin/audit', await searchAudit(c.var.deps.db, filtersOf(query), query));
  })
  // Whether the hash chain holds, and the first entry where it does not.
  .get('/chain', allow('audit:read'), async (c) => c.json(await verifyAuditChain(c.var.deps.db)))
  .get('/export', allow('audit:export'), async (c) => {
    const query = parseWith(auditQuerySchema, c.req.query());
    const filters = filtersOf(query);
    const entries = await auditEntriesForExport(c.var.deps.db, filters);
    await recordAudit(c.var.deps.db, staffActor(c), { action: 'audit.export', targetType: 'audit', after: { filters: query, rows: entries.length } });
    const stamp = now().toISOString().slice(0, 10);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="audit-log-${stamp}.csv"`);
    return c.body(auditCsv(entries));
  });
