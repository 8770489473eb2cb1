/** Billing and orders as the account app and the card forms use them: cards, the statement, orders, a seller's earnings. */
import { z } from 'zod';
import {
  cardSetupSchema,
  paymentMethodPatchSchema,
  paymentMethodSchema,
  sandboxAuthenticationSchema,
  sandboxCardSchema,
} from '../../contract/billing/payment-methods.ts';
import { transactionsAnswerSchema, transactionsQuerySchema } from '../../contract/billing/transactions.ts';
import { orderConfirmationSchema, orderSummarySchema } from '../../contract/orders/order-schemas.ts';
import { sellerEarningsSchema } from '../../contract/selling/payouts.ts';
import { idParamSchema } from '../../http/validate.ts';
import { listOf } from '../operations.ts';
import { answers } from './answers.ts';

const idPath = z.object({ id: idParamSchema });

export const billingAppOperations = {
  'GET /paymentMethods': {
    summary: "The account's (or the visitor's cart's) cards",
    query: z.object({ status: z.enum(['active', 'pending', 'deleted']).optional() }),
    response: answers('PaymentMethodList', listOf(paymentMethodSchema)),
  },
  'GET /paymentMethods/config': {
    summary: 'Which payments provider the card forms talk to',
    response: answers('PaymentsConfig', z.strictObject({ provider: z.enum(['sandbox', 'stripe']), publishableKey: z.string().optional() })),
  },
  'POST /paymentMethods/sandboxCard': {
    summary: "The sandbox's stand-in for Stripe.js creating a card",
    body: { name: 'SandboxCard', schema: sandboxCardSchema },
    response: answers('SandboxCardCreated', z.looseObject({ id: z.string() }), 201),
  },
  'POST /paymentMethods/sandboxAuthenticate': {
    summary: "The sandbox's test authentication dialog answering",
    body: { name: 'SandboxAuthentication', schema: sandboxAuthenticationSchema },
    response: answers('SandboxAuthenticated', z.looseObject({ status: z.string() })),
  },
  'POST /paymentMethods/setup': {
    summary: 'Save a card for later charges (may ask the buyer to authenticate)',
    body: { name: 'CardSetup', schema: cardSetupSchema },
    response: answers(
      'CardSetupAnswer',
      z.strictObject({
        setupIntent: z.looseObject({ id: z.string(), status: z.string(), client_secret: z.string() }),
        paymentMethod: paymentMethodSchema.nullable(),
      }),
    ),
  },
  'PATCH /paymentMethods/:id': {
    summary: 'Make a card the default',
    path: idPath,
    body: { name: 'PaymentMethodPatch', schema: paymentMethodPatchSchema },
    response: answers('PaymentMethod', paymentMethodSchema),
  },
  'DELETE /paymentMethods/:id': { summary: 'Remove a card', path: idPath, response: answers('PaymentMethod', paymentMethodSchema) },
  'GET /transactions': {
    summary: "A month's billing history (`$pdf=true`: the statement as a PDF instead)",
    query: transactionsQuerySchema,
    response: answers('TransactionsAnswer', transactionsAnswerSchema),
  },
  'GET /orders': { summary: "The account's orders, newest first", response: answers('OrderSummaryList', listOf(orderSummarySchema)) },
  'GET /orders/:id': { summary: 'An order as its buyer reads it', path: idPath, response: answers('OrderConfirmation', orderConfirmationSchema) },
  'GET /earnings': { summary: "A seller's market sales and payouts", response: answers('SellerEarnings', sellerEarningsSchema) },
};
