/** /api/paymentMethods: the card setup call (storefront spec §4), and the sandbox's stand-ins for Stripe.js. */
import '../zod-config.ts';
import { z } from 'zod';

export const cardSetupSchema = z.object({
  type: z.literal('card').default('card'),
  stripePaymentMethodId: z.string().min(1, 'stripePaymentMethodId is required').max(200),
  stripeSetupIntentId: z.string().max(200).optional(),
  /** A solved bot check: every setup tries a card on the provider, which card testers would otherwise use for free. */
  recaptchaToken: z.string().max(20000).optional(),
});

export const paymentMethodPatchSchema = z.object({ isDefault: z.literal(true) }).strict();

/** The sandbox card form, posted in place of Stripe.js. */
export const sandboxCardSchema = z.object({
  number: z.string().max(30),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  cvc: z.string().max(4),
});

/** The sandbox's test dialog for a card that asks for authentication. */
export const sandboxAuthenticationSchema = z.object({ intentId: z.string().max(200), outcome: z.enum(['complete', 'fail']) });

/** A saved card as GET /api/paymentMethods lists it (control-panel spec §3 Payment method). */
export const paymentMethodSchema = z.strictObject({
  paymentMethodId: z.number().int(),
  description: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean(),
  status: z.enum(['pending', 'active', 'deleted']),
  createDate: z.iso.datetime(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
