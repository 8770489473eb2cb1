/**
 * /api/admin/session and /api/admin/enrolment: a staff member signs in (password, then an authenticator code or a
 * passkey), enrols through a one-time link (name, password, then a second factor), adds factors, and signs out.
 * These routes are `open`: each step checks the session state it needs itself.
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { Hono } from 'hono';
import brand from '../../content/brand.json' with { type: 'json' };
import {
  staffCodeSchema,
  staffEmailCodeSchema,
  staffEnrolmentTokenSchema,
  staffEnrolSchema,
  staffPasskeyAnswerSchema,
  staffPasskeyOptionsSchema,
  staffSignInSchema,
  staffTotpConfirmSchema,
} from '../contract/staff/staff-schemas.ts';
import { AppError } from '../errors.ts';
import { answer } from '../http/answer.ts';
import { type AdminEnv, allow, applyStaffSignIn, clearStaffCookie, staffClient } from '../http/staff-auth.ts';
import { parseBody } from '../http/validate.ts';
import { enforce } from '../services/platform/rate-limit.ts';
import { completeEnrolment, readEnrolment } from '../services/staff/staff-members.ts';
import {
  registerStaffPasskey,
  staffPasskeyAuthenticationOptions,
  staffPasskeyRegistrationOptions,
  verifyStaffPasskey,
} from '../services/staff/staff-passkeys.ts';
import { sendStaffEmailCode, verifyStaffEmailCode } from '../services/staff/staff-email-codes.ts';
import { describeStaffSession, openStaffSession, signInStaff, signOutStaff, verifyStaffCode } from '../services/staff/staff-sign-in.ts';
import { confirmTotpSetup, startTotpSetup } from '../services/staff/staff-totp-setup.ts';

/** Link lookups per address: a token is 256 random bits, the limit keeps scanners off the database. */
const enrolmentLimit = (ip: string) => ({ key: `staff-enrol:ip:${ip}`, max: 30, windowSeconds: 15 * 60 });

export const adminSessionRoutes = new Hono<AdminEnv>()
  .get('/', allow('open'), async (c) => {
    const staff = c.var.staff;
    if (!staff) throw new AppError(401, 'Please sign in to the back office');
    return answer(c, 'GET /admin/session', await describeStaffSession(c.var.deps.db, staff));
  })
  .post('/', allow('open'), async (c) => {
    const input = await parseBody(c, staffSignInSchema);
    const result = await signInStaff(c.var.deps, input, staffClient(c));
    await signOutStaff(c.var.deps.db, c.var.staff, c.var.clientIp);
    return applyStaffSignIn(c, 'POST /admin/session', result);
  })
  .delete('/', allow('open'), async (c) => {
    await signOutStaff(c.var.deps.db, c.var.staff, c.var.clientIp);
    clearStaffCookie(c);
    return answer(c, 'DELETE /admin/session', { success: true });
  })
  .post('/code', allow('open'), async (c) => {
    const { code } = await parseBody(c, staffCodeSchema);
    return applyStaffSignIn(c, 'POST /admin/session/code', await verifyStaffCode(c.var.deps, c.var.staff, code, staffClient(c), brand.name));
  })
  .post('/passkeyOptions', allow('open'), async (c) =>
    answer(c, 'POST /admin/session/passkeyOptions', { ...(await staffPasskeyAuthenticationOptions(c.var.deps, c.var.staff, staffClient(c))) }),
  )
  .post('/passkey', allow('open'), async (c) => {
    const { passkey } = await parseBody(c, staffPasskeyAnswerSchema);
    return applyStaffSignIn(
      c,
      'POST /admin/session/passkey',
      await verifyStaffPasskey(c.var.deps, c.var.staff, passkey as unknown as AuthenticationResponseJSON, staffClient(c)),
    );
  })
  /** A lost authenticator app: a code by email, which with the password stands in for the app's code. */
  .post('/emailCode', allow('open'), async (c) => {
    const message = await sendStaffEmailCode(c.var.deps, c.var.staff, staffClient(c), brand.name);
    return answer(c, 'POST /admin/session/emailCode', { success: true, message });
  })
  /** At the code step of a sign-in: the emailed code opens a session that may only add a second factor. */
  .post('/emailCode/verify', allow('open'), async (c) => {
    const { emailCode } = await parseBody(c, staffEmailCodeSchema);
    return applyStaffSignIn(c, 'POST /admin/session/emailCode/verify', await verifyStaffEmailCode(c.var.deps, c.var.staff, emailCode, staffClient(c)));
  })
  /** A new authenticator secret to scan (enrolment, or replacing the app while signed in). */
  .post('/totp', allow('open'), async (c) => answer(c, 'POST /admin/session/totp', await startTotpSetup(c.var.deps, c.var.staff, brand.name)))
  .post('/totp/confirm', allow('open'), async (c) => {
    const { code, ...proof } = await parseBody(c, staffTotpConfirmSchema);
    const result = await confirmTotpSetup(c.var.deps, c.var.staff, code, staffClient(c), brand.name, proof);
    return result ? applyStaffSignIn(c, 'POST /admin/session/totp/confirm', result) : answer(c, 'POST /admin/session/totp/confirm', { next: 'active' });
  })
  .post('/passkeyRegistrationOptions', allow('open'), async (c) => {
    // Enrolment sends no body; a signed-in member adding one sends their proof.
    const proof = c.req.header('content-length') === '0' || !c.req.header('content-type') ? {} : await parseBody(c, staffPasskeyOptionsSchema);
    return answer(c, 'POST /admin/session/passkeyRegistrationOptions', {
      ...(await staffPasskeyRegistrationOptions(c.var.deps, c.var.staff, staffClient(c), brand.name, proof)),
    });
  })
  .post('/passkeys', allow('open'), async (c) => {
    const { passkey, name } = await parseBody(c, staffPasskeyAnswerSchema);
    const response = passkey as unknown as RegistrationResponseJSON;
    const result = await registerStaffPasskey(c.var.deps, c.var.staff, { response, name }, staffClient(c), brand.name);
    return result ? applyStaffSignIn(c, 'POST /admin/session/passkeys', result) : answer(c, 'POST /admin/session/passkeys', { next: 'active' });
  });

export const adminEnrolmentRoutes = new Hono<AdminEnv>()
  /** Whom a link enrols (the token travels in the body: it never lands in an access log). */
  .post('/check', allow('open'), async (c) => {
    await enforce(c.var.deps.db, [enrolmentLimit(c.var.clientIp)], 'Too many enrolment attempts.');
    const { token } = await parseBody(c, staffEnrolmentTokenSchema);
    return answer(c, 'POST /admin/enrolment/check', await readEnrolment(c.var.deps.db, token));
  })
  /** Name and password set, the link spent; the session that comes back may only add a second factor. */
  .post('/', allow('open'), async (c) => {
    await enforce(c.var.deps.db, [enrolmentLimit(c.var.clientIp)], 'Too many enrolment attempts.');
    const input = await parseBody(c, staffEnrolSchema);
    const staff = await completeEnrolment(c.var.deps.db, input, c.var.clientIp);
    await signOutStaff(c.var.deps.db, c.var.staff, c.var.clientIp);
    return applyStaffSignIn(c, 'POST /admin/enrolment', await openStaffSession(c.var.deps, staff, 'enrol', staffClient(c)));
  });
