/** /api/admin/verifications: registrant verification for staff (who waits, who is suspended) and a resend. */
import { Hono } from 'hono';
import { verificationQuerySchema } from '../contract/compliance/abuse-desk.ts';
import { type AdminEnv, allow, staffActor } from '../http/staff-auth.ts';
import { parseId, parseWith } from '../http/validate.ts';
import { listVerifications, staffResendVerification } from '../services/compliance/verification/verification-desk.ts';

export const adminVerificationsRoutes = new Hono<AdminEnv>()
  .get('/', allow('verification:manage'), async (c) =>
    c.json(await listVerifications(c.var.deps, staffActor(c), parseWith(verificationQuerySchema, c.req.query()))),
  )
  .post('/:id/resend', allow('verification:manage'), async (c) => {
    await staffResendVerification(c.var.deps, staffActor(c), parseId(c));
    return c.json({ message: 'The verification email was sent again.' });
  });
