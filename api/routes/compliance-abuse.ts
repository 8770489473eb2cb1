/**
 * /api/admin/abuse: the abuse desk. Cases (list with clocks, one case, its evidence files), figures, the first-action
 * setting, and the actions on a case, each gated by its permission and carrying the reason for the audit log.
 */
import { recordStaffRead } from '../services/audit/staff-reads.ts';
import { Hono } from 'hono';
import {
  abuseCaseListQuerySchema,
  abuseSettingsSchema,
  askReporterSchema,
  closeCaseSchema,
  notifyRegistrantSchema,
  removeContentSchema,
  withCaseReasonSchema,
} from '../contract/compliance/abuse-desk.ts';
import { answer } from '../http/answer.ts';
import { type AdminEnv, allow, staffActor } from '../http/staff-auth.ts';
import { parseBody, parseId, parseWith } from '../http/validate.ts';
import {
  acknowledgeAbuseCase,
  askReporter,
  closeAbuseCase,
  liftAbuseSuspension,
  lockForAbuse,
  notifyRegistrant,
  removeAbusiveContent,
  setFirstActionHours,
  suspendForAbuse,
} from '../services/compliance/abuse/abuse-actions.ts';
import { abuseFigures, listAbuseCases, readAbuseCase, readEvidenceFile } from '../services/compliance/abuse/abuse-desk.ts';

export const adminAbuseRoutes = new Hono<AdminEnv>()
  .get('/cases', allow('abuse:read'), async (c) =>
    answer(c, 'GET /admin/abuse/cases', await listAbuseCases(c.var.deps, parseWith(abuseCaseListQuerySchema, c.req.query()))),
  )
  .get('/figures', allow('abuse:read'), async (c) => answer(c, 'GET /admin/abuse/figures', await abuseFigures(c.var.deps)))
  .patch('/settings', allow('abuse:manage'), async (c) => {
    await setFirstActionHours(c.var.deps, staffActor(c), await parseBody(c, abuseSettingsSchema));
    return answer(c, 'PATCH /admin/abuse/settings', await abuseFigures(c.var.deps));
  })
  .get('/cases/:id', allow('abuse:read'), async (c) => {
    const found = await readAbuseCase(c.var.deps, parseId(c));
    // The reporters' and the registrant's details are personal data: the read is logged.
    await recordStaffRead(c.var.deps.db, staffActor(c), { action: 'abuse.view', targetType: 'abuse-case', targetId: parseId(c) });
    return answer(c, 'GET /admin/abuse/cases/:id', found);
  })
  .get('/cases/:id/reports/:reportId/evidence', allow('abuse:read'), async (c) => {
    const file = await readEvidenceFile(c.var.deps, parseId(c), parseId(c, 'reportId'));
    // Served as a download: a reported file must never run in the back office's origin.
    c.header('Content-Type', file.type);
    c.header('Content-Disposition', `attachment; filename="${file.name.replace(/"/g, '')}"`);
    c.header('X-Content-Type-Options', 'nosniff');
    return c.body(new Uint8Array(file.bytes));
  })
  .post('/cases/:id/acknowledge', allow('abuse:manage'), async (c) => {
    await acknowledgeAbuseCase(c.var.deps, staffActor(c), parseId(c));
    return answer(c, 'POST /admin/abuse/cases/:id/acknowledge', await readAbuseCase(c.var.deps, parseId(c)));
  })
  .post('/cases/:id/ask-reporter', allow('abuse:manage'), async (c) => {
    await askReporter(c.var.deps, staffActor(c), parseId(c), await parseBody(c, askReporterSchema));
    return answer(c, 'POST /admin/abuse/cases/:id/ask-reporter', await readAbuseCase(c.var.deps, parseId(c)));
  })
  .post('/cases/:id/notify-registrant', allow('abuse:manage'), async (c) => {
    await notifyRegistrant(c.var.deps, staffActor(c), parseId(c), await parseBody(c, notifyRegistrantSchema));
    return answer(c, 'POST /admin/abuse/cases/:id/notify-registrant', await readAbuseCase(c.var.deps, parseId(c)));
  })
  .post('/cases/:id/suspend', allow('domains:suspend'), async (c) => {
    await suspendForAbuse(c.var.deps, staffActor(c), parseId(c), await parseBody(c, withCaseReasonSchema));
    return answer(c, 'POST /admin/abuse/cases/:id/suspend', await readAbuseCase(c.var.deps, parseId(c)));
  })
  .post('/cases/:id/unsuspend', allow('domains:suspend'), async (c) => {
    await liftAbuseSuspension(c.var.deps, staffActor(c), parseId(c), await parseBody(c, withCaseReasonSchema));
    return answer(c, 'POST /admin/abuse/cases/:id/unsuspend', await readAbuseCase(c.var.deps, parseId(c)));
  })
  .post('/cases/:id/lock', allow('abuse:manage'), async (c) => {
    await lockForAbuse(c.var.deps, staffActor(c), parseId(c), await parseBody(c, withCaseReasonSchema));
    return answer(c, 'POST /admin/abuse/cases/:id/lock', await readAbuseCase(c.var.deps, parseId(c)));
  })
  .post('/cases/:id/remove-content', allow('abuse:manage'), async (c) => {
    await removeAbusiveContent(c.var.deps, staffActor(c), parseId(c), await parseBody(c, removeContentSchema));
    return answer(c, 'POST /admin/abuse/cases/:id/remove-content', await readAbuseCase(c.var.deps, parseId(c)));
  })
  .post('/cases/:id/close', allow('abuse:manage'), async (c) => {
    await closeAbuseCase(c.var.deps, staffActor(c), parseId(c), await parseBody(c, closeCaseSchema));
    return answer(c, 'POST /admin/abuse/cases/:id/close', await readAbuseCase(c.var.deps, parseId(c)));
  });
