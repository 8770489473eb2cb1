/** POST /api/stripeWebhook: Stripe events, signature-checked; logs payment outcomes (checkout itself is synchronous). */
import { Hono } from 'hono';
import { AppError } from '../errors.ts';
import type { AppEnv } from '../http/env.ts';

type WebhookCapable = { verifyWebhook?: (body: string, signature: string) => Promise<{ type: string; id: string }> };

export const stripeWebhookRoutes = new Hono<AppEnv>().post('/', async (c) => {
  const payments = c.var.deps.providers.payments as WebhookCapable;
  if (!payments.verifyWebhook) throw new AppError(404, 'Stripe is not configured');
  const signature = c.req.header('stripe-signature');
  if (!signature) throw new AppError(400, 'Missing Stripe-Signature header');
  let event: { type: string; id: string };
  try {
    event = await payments.verifyWebhook(await c.req.text(), signature);
  } catch (error) {
    throw new AppError(400, `Webhook signature check failed: ${(error as Error).message}`);
  }
  if (event.type === 'payment_intent.payment_failed' || event.type === 'charge.dispute.created') {
    console.warn(`stripe event ${event.type} (${event.id})`);
  }
  return c.json({ received: true });
});
