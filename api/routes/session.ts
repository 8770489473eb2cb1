/**
 * /api/session (storefront spec §7): POST signs in step by step, by the body's shape; GET logs out;
 * GET /admin gives admins their JWT.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import brand from '../../content/brand.json' with { type: 'json' };
import { confirmCodeSchema, confirmPasskeySchema, confirmPasswordSchema, confirmPickSchema, passkeyOptionsSchema } from '../contract/auth/mfa.ts';
import {
  mfaPickSchema,
  mfaVerifySchema,
  passwordLoginSchema,
  recoveryCodeSignInSchema,
  recoveryRequestSchema,
  recoveryTokenSchema,
} from '../contract/auth/login-schemas.ts';
import { AppError } from '../errors.ts';
import { requireAccount } from '../http/auth.ts';
import { clearCookie, sessionCookie } from '../http/cookies.ts';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';
import { applySignIn, clientOf } from '../http/sign-in.ts';
import { parseBody, parseWith, readJson } from '../http/validate.ts';
import { chooseMfa, signInWithPassword, signInWithRecoveryCode, signOut, verifyMfa } from '../services/auth/sign-in.ts';
import { adminSession } from '../services/auth/auth-admin.ts';
import { confirmChoices, confirmWithCode, confirmWithPassword, startConfirmCode } from '../services/auth/confirm-identity.ts';
import { confirmWithPasskey, passkeyAuthenticationOptions, signInWithPasskey } from '../services/auth/second-factors/passkeys.ts';
import { recoverySentMessage, redeemRecoveryToken, requestRecovery } from '../services/auth/recovery.ts';
import { assertSignInAllowed } from '../services/auth/sign-in-guard.ts';

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
      return answer(c, 'POST /session', { success: true, message: recoverySentMessage });
    }
    if ('passkey' in body) {
      const { passkey } = parseWith(confirmPasskeySchema, body);
      const postLoginUrl = parseWith(z.string().max(2000).optional(), c.req.query('postLoginUrl'));
      const result = await signInWithPasskey(deps, c.var.auth, passkey as unknown as AuthenticationResponseJSON, client, postLoginUrl);
      // A pending sign-in's session is replaced inside; any other session the browser held ends here.
      if (c.var.auth && c.var.auth.state !== 'mfa') await signOut(deps.db, c.var.auth);
      return applySignIn(c, result);
    }
    if ('recoveryCode' in body) {
      const { recoveryCode } = parseWith(recoveryCodeSignInSchema, body);
      return applySignIn(c, await signInWithRecoveryCode(deps, c.var.auth, recoveryCode, client));
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
    throw new AppError(400, 'Send email and password, mfaId, mfaChallengeId with mfaToken and mfaId, recoveryCode, passkey, or type recovery');
  })
  /** Options for navigator.credentials.get: a passkey sign-in, the second factor of a pending one, or a confirmation. */
  .post('/passkeyOptions', async (c) => {
    const { purpose } = await parseBody(c, passkeyOptionsSchema);
    c.header('Cache-Control', 'no-store');
    return answer(c, 'POST /session/passkeyOptions', { ...(await passkeyAuthenticationOptions(c.var.deps, c.var.auth, purpose, clientOf(c))) });
  })
  /** "Confirm it's you": the proofs this holder can give. */
  .get('/confirm', async (c) => {
    const holder = requireAccount(c);
    c.header('Cache-Control', 'no-store');
    return answer(c, 'GET /session/confirm', await confirmChoices(c.var.deps, holder));
  })
  /** "Confirm it's you": a password, a code (mfaId to send one, then mfaChallengeId with mfaToken) or a passkey. */
  .post('/confirm', async (c) => {
    const holder = requireAccount(c);
    const body = (await readJson(c)) as Record<string, unknown>;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new AppError(400, 'The request body must be an object');
    const { deps } = c.var;
    const client = clientOf(c);
    c.header('Cache-Control', 'no-store');
    if ('passkey' in body) {
      const { passkey } = parseWith(confirmPasskeySchema, body);
      await confirmWithPasskey(deps, holder, passkey as unknown as AuthenticationResponseJSON, client);
      return answer(c, 'POST /session/confirm', { confirmed: true });
    }
    if ('mfaChallengeId' in body || 'mfaToken' in body) {
      await confirmWithCode(deps, holder, parseWith(confirmCodeSchema, body), client);
      return answer(c, 'POST /session/confirm', { confirmed: true });
    }
    if ('mfaId' in body)
      return answer(c, 'POST /session/confirm', await startConfirmCode(deps, holder, parseWith(confirmPickSchema, body).mfaId, client, brand.name));
    if ('password' in body) {
      await confirmWithPassword(deps, holder, parseWith(confirmPasswordSchema, body).password, client);
      return answer(c, 'POST /session/confirm', { confirmed: true });
    }
    throw new AppError(400, 'Send password, mfaId, mfaChallengeId with mfaToken and mfaId, or passkey');
  })
  .get('/', async (c) => {
    // Logout stays a GET (storefront spec §7), so another site could fire it from an <img>: the browser says so.
    if (c.req.header('sec-fetch-site') === 'cross-site') throw new AppError(403, 'Cross-site requests are not allowed');
    await signOut(c.var.deps.db, c.var.auth);
    clearCookie(c, sessionCookie);
    c.header('Cache-Control', 'no-store');
    return answer(c, 'GET /session', { success: true });
  })
  .get('/admin', async (c) => {
    c.header('Cache-Control', 'no-store');
    return answer(c, 'GET /session/admin', await adminSession(c.var.deps.db, c.var.auth, c.var.deps.secrets.adminJwt));
  });
