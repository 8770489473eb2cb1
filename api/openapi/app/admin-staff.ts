/** The back office's Staff screen (owners): the members, inviting one, changing a role or status, an invitation sent again, a sign-in reset. */
import { z } from 'zod';
import { withReasonSchema } from '../../contract/audit/audit-schemas.ts';
import { staffInviteSchema, staffMemberSchema, staffUpdateSchema } from '../../contract/staff/staff-schemas.ts';
import { idParamSchema } from '../../http/validate.ts';
import { listOf } from '../operations.ts';
import { answers } from './answers.ts';

const memberPath = z.object({ id: idParamSchema });
const member = answers('StaffMember', staffMemberSchema);
const done = answers('StaffHelped', z.strictObject({ success: z.literal(true), message: z.string() }));

export const adminStaffAppOperations = {
  'GET /admin/staff': { summary: 'Every staff member, owners first', response: answers('StaffMemberList', listOf(staffMemberSchema)) },
  'POST /admin/staff': {
    summary: 'Invite a staff member (emailed a one-time enrolment link)',
    body: { name: 'StaffInvite', schema: staffInviteSchema },
    response: answers('StaffMember', staffMemberSchema, 201),
  },
  'PATCH /admin/staff/:id': {
    summary: "Change a member's role or status",
    path: memberPath,
    body: { name: 'StaffUpdate', schema: staffUpdateSchema },
    response: member,
  },
  'POST /admin/staff/:id/resendInvitation': { summary: 'Send the invitation again, with a new link', path: memberPath, response: done },
  'POST /admin/staff/:id/resetFactors': {
    summary: "Reset a member's sign-in: password and second factors removed, a new enrolment link emailed",
    path: memberPath,
    body: { name: 'StaffResetFactors', schema: withReasonSchema },
    response: done,
  },
};
