/**
 * POST /api/validate: new-account email or password while typing, and the checkout phone code (send and check).
 * Sending a code and learning whether an email has an account both need a solved bot check (`recaptchaToken`).
 */
import { Hono } from 'hono';
import brand from '../../content/brand.json' with { type: 'json' };
import { validateRequestSchema } from '../contract/carts/validate.ts';
import { AppError } from '../errors.ts';
import { cartById } from '../http/cart-owner.ts';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';
import { parseBody } from '../http/validate.ts';
import { requireBotCheck } from '../services/auth/bot-check.ts';
import { checkLoginEmail } from '../services/accounts/login-change.ts';
import { enforce } from '../services/platform/rate-limit.ts';
import { checkEmailFormat, checkNewEmail, checkNewPassword, checkPhoneCode, sendPhoneCode } from '../services/accounts/phone-verification.ts';

export const validateRoutes = new Hono<AppEnv>().post('/', async (c) => {
  const body = await parseBody(c, validateRequestSchema);
  const { db, providers, config } = c.var.deps;
  if ('email' in body) {
    const auth = c.var.auth;
    // A signed-in user changing their login email: their session stands in for the bot check, limited per account.
    if (auth?.state === 'active' && auth.userId != null && auth.accountId != null) {
      await enforce(db, [{ key: `validate-email:account:${auth.accountId}`, max: 120, windowSeconds: 600 }], 'Too many checks.');
      return answer(c, 'POST /validate', await checkLoginEmail(db, auth.userId, body.email));
    }
    await enforce(db, [{ key: `validate-email:${c.var.clientIp}`, max: 120, windowSeconds: 600 }], 'Too many checks.');
    const format = checkEmailFormat(body.email);
    if (!format.valid) return answer(c, 'POST /validate', format);
    // Whether an account exists is worth a proof of work, so this is no cheaper a list of customers than login.
    await requireBotCheck(providers.botCheck, body.recaptchaToken);
    return answer(c, 'POST /validate', await checkNewEmail(db, body.email));
  }
  if ('password' in body) return answer(c, 'POST /validate', checkNewPassword(body.password));
  const cart = await cartById(c, body.cartId, { create: false });
  if (!cart) throw new AppError(400, 'Add a domain to your cart first');
  if ('code' in body) return answer(c, 'POST /validate', await checkPhoneCode(db, { cartId: cart.cartId, phone: body.phone, code: body.code }));
  await requireBotCheck(providers.botCheck, body.recaptchaToken);
  return answer(
    c,
    'POST /validate',
    await sendPhoneCode(
      db,
      providers.sms,
      { cartId: cart.cartId, phone: body.phone, brandName: brand.name },
      { ip: c.var.clientIp, hourlyLimit: config.VERIFICATION_SMS_PER_HOUR },
    ),
  );
});
