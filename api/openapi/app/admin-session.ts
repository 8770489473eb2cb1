/** The back office's session as its shell reads it, and signing out. */
import { z } from 'zod';
import { staffSessionViewSchema } from '../../contract/staff/staff-schemas.ts';
import { answers } from './answers.ts';

export const adminSessionAppOperations = {
  'GET /admin/session': { summary: 'Who is signed in to the back office', response: answers('StaffSessionView', staffSessionViewSchema) },
  'DELETE /admin/session': { summary: 'Sign out of the back office', response: answers('StaffSignedOut', z.strictObject({ success: z.literal(true) })) },
};
