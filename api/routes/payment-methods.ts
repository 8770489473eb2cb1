/**
 * /api/paymentMethods: saved cards. POST /setup is the card setup call of storefront spec §4 (type and
 * stripePaymentMethodId, then again with stripeSetupIntentId after authentication). In sandbox mode the local
 * card form posts to /sandboxCard (in place of Stripe.js) and the test dialog to /sandboxAuthenticate.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { cardSetupSchema, paymentMethodPatchSchema, sandboxAuthenticationSchema, sandboxCardSchema } from '../contract/billing/payment-methods.ts';
import { AppError } from '../errors.ts';
import { currentAccountId } from '../http/auth.ts';
import { cartOwner, writableCart } from '../http/cart-owner.ts';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';
import { parseBody, parseId } from '../http/validate.ts';
import { CardError } from '../providers/payments/index.ts';
import type { SandboxPayments } from '../providers/payments/sandbox.ts';
import { requireBotCheck } from '../services/auth/bot-check.ts';
import { findCurrentCart } from '../services/carts/carts.ts';
import { detachRemovedCards } from '../services/billing/card-detach.ts';
import { listPaymentMethods, type MethodOwner, makeDefault, removeMethod, setupCard } from '../services/billing/payment-methods.ts';
import { enforce } from '../services/platform/rate-limit.ts';

/** A signed-in caller's cards are the account's; a visitor's are their cart's. */
async function methodOwner(c: Context<AppEnv>): Promise<MethodOwner | null> {
  const accountId = currentAccountId(c);
  if (accountId != null) return { accountId };
  const cart = await findCurrentCart(c.var.deps.db, cartOwner(c));
  return cart ? { cartId: cart.cartId } : null;
}

function sandbox(c: Context<AppEnv>): SandboxPayments {
  const payments = c.var.deps.providers.payments;
  if (payments.name !== 'sandbox') throw new AppError(404, 'The sandbox card form is off: real payments are configured');
  return payments as SandboxPayments;
}

const setupsPerAddress = { max: 30, windowSeconds: 3600 };

export const paymentMethodsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const owner = await methodOwner(c);
    const status = c.req.query('status');
    if (status && !['active', 'pending', 'deleted'].includes(status)) throw new AppError(400, 'status must be active, pending or deleted');
    const data = owner ? await listPaymentMethods(c.var.deps.db, owner, status) : [];
    return answer(c, 'GET /paymentMethods', { total: data.length, limit: data.length, skip: 0, data });
  })
  .get('/config', (c) => answer(c, 'GET /paymentMethods/config', c.var.deps.providers.payments.publicConfig()))
  .post('/sandboxCard', async (c) => {
    const payments = sandbox(c);
    const body = await parseBody(c, sandboxCardSchema);
    await enforce(c.var.deps.db, [{ key: `sandbox-card:${c.var.clientIp}`, max: 60, windowSeconds: 600 }], 'Too many card attempts.');
    try {
      return answer(c, 'POST /paymentMethods/sandboxCard', { ...(await payments.createPaymentMethod(body)) });
    } catch (error) {
      if (error instanceof CardError) throw new AppError(402, error.message, { declineCode: error.declineCode });
      throw error;
    }
  })
  .post('/sandboxAuthenticate', async (c) => {
    const payments = sandbox(c);
    const body = await parseBody(c, sandboxAuthenticationSchema);
    try {
      return answer(c, 'POST /paymentMethods/sandboxAuthenticate', { ...(await payments.authenticate(body.intentId, body.outcome)) });
    } catch (error) {
      if (error instanceof CardError) throw new AppError(400, error.message);
      throw error;
    }
  })
  .post('/setup', async (c) => {
    const body = await parseBody(c, cardSetupSchema);
    const { db, providers, config } = c.var.deps;
    await requireBotCheck(providers.botCheck, body.recaptchaToken);
    await enforce(db, [{ key: `card-setup:ip:${c.var.clientIp}`, ...setupsPerAddress }], 'Too many card attempts.');
    await enforce(db, [{ key: 'card-setup:all', max: config.CARD_SETUPS_PER_HOUR, windowSeconds: 3600 }], 'We are setting up too many cards right now.');
    const accountId = currentAccountId(c);
    const cart = accountId != null ? await findCurrentCart(db, cartOwner(c)) : await writableCart(c);
    const owner: MethodOwner = accountId != null ? { accountId } : { cartId: cart?.cartId ?? 0 };
    return answer(
      c,
      'POST /paymentMethods/setup',
      await setupCard(db, providers.payments, {
        owner,
        cartId: cart?.cartId ?? null,
        providerPaymentMethodId: body.stripePaymentMethodId,
        setupIntentId: body.stripeSetupIntentId,
        email: cart?.contact?.email,
      }),
    );
  })
  .patch('/:id', async (c) => {
    await parseBody(c, paymentMethodPatchSchema);
    const owner = await methodOwner(c);
    if (!owner) throw new AppError(404, 'Payment method not found');
    return answer(c, 'PATCH /paymentMethods/:id', await makeDefault(c.var.deps.db, owner, parseId(c)));
  })
  .delete('/:id', async (c) => {
    const owner = await methodOwner(c);
    if (!owner) throw new AppError(404, 'Payment method not found');
    const id = parseId(c);
    const removed = await removeMethod(c.var.deps.db, owner, id);
    await detachRemovedCards(c.var.deps, [id]);
    return answer(c, 'DELETE /paymentMethods/:id', removed);
  });
