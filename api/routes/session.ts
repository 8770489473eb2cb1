/**
 * /api/session (storefront spec §7): POST signs in step by step, by the body's shape; GET logs out;
 * GET /admin gives admins their JWT.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { mfaPickSchema, mfaVerifySchema, passwordLoginSchema, recoveryRequestSchema, recoveryTokenSchema } from '../contract/login-schemas.ts';
import { AppError } from '../errors.ts';
import { cartCookie, clearCookie, readCookie, sessionCookie, writeCookie } from '../http/cookies.ts';
import type { AppEnv } from '../http/env.ts';
import { parseWith, readJson } from '../http/validate.ts';
import { type Client, chooseMfa, type SignInResult, signInWithPassword, signOut, verifyMfa } from '../services/auth.ts';
import { adminSession } from '../services/auth-admin.ts';
import { recoverySentMessage, redeemRecoveryToken, requestRecovery } from '../services/recovery.ts';
import { sessionLifetimeMs } from '../services/sessions.ts';
import { assertSignInAllowed } from '../services/sign-in-guard.ts';

const pendingCookieSeconds = 15 * 60;

export function clientOf(c: Context<AppEnv>): Client {
  return { ip: c.var.clientIp, userAgent: c.req.header('user-agent'), anonCartToken: readCookie(c, cartCookie) };
}

/** Puts a new session in the cookie; the previous pending session (if any) stops being usable. */
export function applySignIn(c: Context<AppEnv>, result: SignInResult) {
  if (result.session) {
    const maxAge = result.session.state === 'active' ? sessionLifetimeMs / 1000 : pendingCookieSeconds;
    writeCookie(c, sessionCookie, result.session.token, maxAge);
  }
  if (result.clearCartCookie) clearCookie(c, cartCookie);
  c.header('Cache-Control', 'no-store');
  return c.json(result.body);
}

export const sessionRoutes = new Hono<AppEnv>()
  .post('/', async (c) => {
    const body = (await readJson(c)) as Record<string, unknown>;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new AppError(400, 'The request body must be an object');
    const { deps } = c.var;
    const client = clientOf(c);
    if (body.type === 'recovery') {
      if ('token' in body) {
        const { token } = parseWith(recoveryTokenSchema, body);
        const result = await redeemRecoveryToken(deps, token, client);
        if (c.var.auth) await signOut(deps.db, c.var.auth);
        return applySignIn(c, result);
      }
      const input = parseWith(recoveryRequestSchema, body);
      const verdict = await deps.providers.botCheck.verify(input.recaptchaToken);
      if (!verdict.ok) throw new AppError(400, verdict.message);
      await requestRecovery(deps, { email: input.email, origin: deps.config.publicOrigin }, client);
      return c.json({ success: true, message: recoverySentMessage });
    }
    if ('mfaChallengeId' in body || 'mfaToken' in body) {
      return applySignIn(c, await verifyMfa(deps, c.var.auth, parseWith(mfaVerifySchema, body), client));
    }
    if ('mfaId' in body) {
      return applySignIn(c, await chooseMfa(deps, c.var.auth, parseWith(mfaPickSchema, body).mfaId, client));
    }
    if ('email' in body || 'password' in body) {
      const input = parseWith(passwordLoginSchema, body);
      await assertSignInAllowed(deps, input.email);
      const postLoginUrl = parseWith(z.string().max(2000).optional(), c.req.query('postLoginUrl'));
      const result = await signInWithPassword(deps, { ...input, postLoginUrl }, client);
      // A new sign-in replaces whatever session the browser held.
      if (c.var.auth) await signOut(deps.db, c.var.auth);
      return applySignIn(c, result);
    }
    throw new AppError(400, 'Send email and password, mfaId, mfaChallengeId with mfaToken and mfaId, or type recovery');
  })
  .get('/', async (c) => {
    // Logout stays a GET (storefront spec §7), so another site could fire it from an <img>: the browser says so.
    if (c.req.header('sec-fetch-site') === 'cross-site') throw new AppError(403, 'Cross-site requests are not allowed');
    await signOut(c.var.deps.db, c.var.auth);
    clearCookie(c, sessionCookie);
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true });
  })
  .get('/admin', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await adminSession(c.var.deps.db, c.var.auth, c.var.deps.secrets.adminJwt));
  });
