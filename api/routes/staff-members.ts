/** /api/admin/staff: owners invite staff, change roles, disable them and reset their second factors. */
import { Hono } from 'hono';
import brand from '../../content/brand.json' with { type: 'json' };
import { withReasonSchema } from '../contract/audit/audit-schemas.ts';
import { staffInviteSchema, staffUpdateSchema } from '../contract/staff/staff-schemas.ts';
import { answer } from '../http/answer.ts';
import { type AdminEnv, allow, staffActor } from '../http/staff-auth.ts';
import { parseBody, parseId } from '../http/validate.ts';
import { inviteStaff, listStaff, resendInvitation, resetStaffFactors, updateStaff } from '../services/staff/staff-members.ts';

export const adminStaffRoutes = new Hono<AdminEnv>()
  .get('/', allow('staff:manage'), async (c) => {
    const data = await listStaff(c.var.deps.db);
    return answer(c, 'GET /admin/staff', { total: data.length, limit: data.length, skip: 0, data });
  })
  .post('/', allow('staff:manage'), async (c) => {
    const input = await parseBody(c, staffInviteSchema);
    return answer(c, 'POST /admin/staff', await inviteStaff(c.var.deps, staffActor(c), input, brand.name));
  })
  .patch('/:id', allow('staff:manage'), async (c) => {
    const input = await parseBody(c, staffUpdateSchema);
    return answer(c, 'PATCH /admin/staff/:id', await updateStaff(c.var.deps, staffActor(c), parseId(c), input));
  })
  .post('/:id/resendInvitation', allow('staff:manage'), async (c) => {
    await resendInvitation(c.var.deps, staffActor(c), parseId(c), brand.name);
    return answer(c, 'POST /admin/staff/:id/resendInvitation', { success: true, message: 'Invitation sent again' });
  })
  .post('/:id/resetFactors', allow('staff:manage'), async (c) => {
    const { reason } = await parseBody(c, withReasonSchema);
    await resetStaffFactors(c.var.deps, staffActor(c), parseId(c), reason, brand.name);
    return answer(c, 'POST /admin/staff/:id/resetFactors', { success: true, message: 'Second factors reset; a new enrolment link was emailed' });
  });
