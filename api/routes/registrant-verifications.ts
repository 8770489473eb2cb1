/**
 * /api/registrantVerifications: the account's verification status for the banner (GET /0), a new link (POST
 * /0/resend), and the emailed link's answer (POST /verify {token}: no sign-in, the token is the proof).
 */
import { Hono } from 'hono';
import { verifyRegistrantSchema } from '../contract/compliance/verification.ts';
import { ownAccountId } from '../http/auth.ts';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';
import { parseBody, parseId } from '../http/validate.ts';
import { readVerificationStatus, resendVerification, verifyRegistrant } from '../services/compliance/verification/registrant-verification.ts';

export const registrantVerificationsRoutes = new Hono<AppEnv>()
  .post('/verify', async (c) => {
    const { token } = await parseBody(c, verifyRegistrantSchema);
    return answer(c, 'POST /registrantVerifications/verify', await verifyRegistrant(c.var.deps, token, c.var.clientIp));
  })
  .get('/:id', async (c) => {
    const accountId = ownAccountId(c, parseId(c));
    c.header('Cache-Control', 'no-store');
    return answer(c, 'GET /registrantVerifications/0', await readVerificationStatus(c.var.deps, accountId));
  })
  .post('/:id/resend', async (c) => {
    const accountId = ownAccountId(c, parseId(c));
    return answer(c, 'POST /registrantVerifications/0/resend', await resendVerification(c.var.deps, accountId));
  });
