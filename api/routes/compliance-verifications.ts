/** /api/admin/verifications: registrant verification for staff (who waits, who is suspended) and a resend. */
import { Hono } from 'hono';
import { verificationQuerySchema } from '../contract/compliance/abuse-desk.ts';
import { answer } from '../http/answer.ts';
import { type AdminEnv, allow, staffActor } from '../http/staff-auth.ts';
import { parseBody, parseId, parseWith } from '../http/validate.ts';
import { markVerifiedSchema } from '../contract/compliance/verification.ts';
import { markRegistrantVerified } from '../services/compliance/verification/registrant-verification.ts';
import { listVerifications, staffResendVerification } from '../services/compliance/verification/verification-desk.ts';

export const adminVerificationsRoutes = new Hono<AdminEnv>()
  .get('/', allow('verification:manage'), async (c) =>
    answer(c, 'GET /admin/verifications', await listVerifications(c.var.deps, staffActor(c), parseWith(verificationQuerySchema, c.req.query()))),
  )
  .post('/:id/resend', allow('verification:manage'), async (c) => {
    await staffResendVerification(c.var.deps, staffActor(c), parseId(c));
    return answer(c, 'POST /admin/verifications/:id/resend', { message: 'The verification email was sent again.' });
  })
  .post('/:id/mark-verified', allow('verification:manage'), async (c) => {
    const { restoredDomains, heldDomains } = await markRegistrantVerified(c.var.deps, staffActor(c), parseId(c), await parseBody(c, markVerifiedSchema));
    const restored = restoredDomains.length ? ` ${restoredDomains.join(', ')} ${restoredDomains.length === 1 ? 'works' : 'work'} again.` : '';
    const held = heldDomains.length ? ` The registry has not released ${heldDomains.join(', ')} yet: it is retried automatically.` : '';
    return answer(c, 'POST /admin/verifications/:id/mark-verified', { message: `Marked verified.${restored}${held}`, restoredDomains, heldDomains });
  });
