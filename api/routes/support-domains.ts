/** /api/admin/domains: find a domain, see it beside the registry and its timeline, lock, suspend, renew as a courtesy, restore, move, delete. */
import { Hono } from 'hono';
import brand from '../../content/brand.json' with { type: 'json' };
import {
  courtesyRenewSchema,
  domainDeleteSchema,
  domainLockSchema,
  domainMoveSchema,
  domainRestoreSchema,
  domainSearchSchema,
  domainSuspendSchema,
} from '../contract/support/support-schemas.ts';
import { answer } from '../http/answer.ts';
import { type AdminEnv, allow, staffActor } from '../http/staff-auth.ts';
import { parseBody, parseId, parseWith } from '../http/validate.ts';
import { recordStaffRead } from '../services/audit/staff-reads.ts';
import { domainRecordForStaff, restoreDomainAsStaff, searchDomainsAsStaff } from '../services/support/domain-admin.ts';
import { courtesyRenew, setDomainLockAsStaff, suspendDomainAsStaff, unsuspendDomainAsStaff } from '../services/support/domain-staff-actions.ts';
import { moveDomain } from '../services/support/domain-move.ts';
import { deleteDomainAsStaff, domainDeletionTerms } from '../services/support/domain-delete.ts';
import { domainTimeline } from '../services/support/domain-timeline.ts';

export const adminDomainsRoutes = new Hono<AdminEnv>()
  .get('/', allow('domains:read'), async (c) => {
    const { q, state } = parseWith(domainSearchSchema, { q: c.req.query('q'), state: c.req.query('state') || undefined });
    const data = await searchDomainsAsStaff(c.var.deps.db, q, state);
    return answer(c, 'GET /admin/domains', { total: data.length, limit: data.length, skip: 0, data });
  })
  .get('/:id', allow('domains:read'), async (c) => {
    const record = await domainRecordForStaff(c.var.deps, parseId(c));
    await recordStaffRead(c.var.deps.db, staffActor(c), {
      action: 'domain.view',
      targetType: 'domain',
      targetId: record.domainId,
      targetLabel: `${record.domain} (${record.ownerEmail})`,
      accountId: record.accountId,
    });
    return answer(c, 'GET /admin/domains/:id', record);
  })
  .get('/:id/timeline', allow('domains:read'), async (c) =>
    answer(c, 'GET /admin/domains/:id/timeline', { data: await domainTimeline(c.var.deps.db, parseId(c)) }),
  )
  .get('/:id/deletion', allow('domains:delete'), async (c) =>
    answer(c, 'GET /admin/domains/:id/deletion', await domainDeletionTerms(c.var.deps.db, parseId(c))),
  )
  .post('/:id/delete', allow('domains:delete'), async (c) => {
    const { reason } = await parseBody(c, domainDeleteSchema);
    return answer(c, 'POST /admin/domains/:id/delete', await deleteDomainAsStaff(c.var.deps, staffActor(c), parseId(c), reason, brand.name));
  })
  .post('/:id/lock', allow('domains:manage'), async (c) => {
    const { locked, reason } = await parseBody(c, domainLockSchema);
    await setDomainLockAsStaff(c.var.deps, staffActor(c), parseId(c), locked, reason, brand.name);
    return answer(c, 'POST /admin/domains/:id/lock', { success: true, locked });
  })
  .post('/:id/suspend', allow('domains:suspend'), async (c) => {
    const { reason } = await parseBody(c, domainSuspendSchema);
    await suspendDomainAsStaff(c.var.deps, staffActor(c), parseId(c), reason, brand.name);
    return answer(c, 'POST /admin/domains/:id/suspend', { success: true, message: 'Suspended: the registry holds it and our DNS stopped answering' });
  })
  .post('/:id/unsuspend', allow('domains:suspend'), async (c) => {
    const { reason } = await parseBody(c, domainSuspendSchema);
    return answer(c, 'POST /admin/domains/:id/unsuspend', await unsuspendDomainAsStaff(c.var.deps, staffActor(c), parseId(c), reason));
  })
  .post('/:id/courtesyRenew', allow('domains:courtesy-renew'), async (c) => {
    const { years, reason } = await parseBody(c, courtesyRenewSchema);
    return answer(c, 'POST /admin/domains/:id/courtesyRenew', await courtesyRenew(c.var.deps, staffActor(c), parseId(c), years, reason));
  })
  .post('/:id/restore', allow('domains:manage'), async (c) => {
    const { reason } = await parseBody(c, domainRestoreSchema);
    return answer(c, 'POST /admin/domains/:id/restore', await restoreDomainAsStaff(c.var.deps, staffActor(c), parseId(c), reason, brand.name));
  })
  .post('/:id/move', allow('domains:move'), async (c) => {
    const input = await parseBody(c, domainMoveSchema);
    return answer(c, 'POST /admin/domains/:id/move', await moveDomain(c.var.deps, staffActor(c), parseId(c), input, brand.name));
  });
