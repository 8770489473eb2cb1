/** The back office's money screens: orders, card payments and their refunds, sellers' payouts, account credit (all on /api/admin, staff-signed-in). */
import { z } from 'zod';
import { creditAnswerSchema, creditGrantSchema, creditQuerySchema, creditRevokeSchema } from '../../contract/billing/account-credit.ts';
import { accountPaymentRowSchema, orderDetailSchema, orderListRowSchema, refundAnswerSchema } from '../../contract/billing/refund-schemas.ts';
import { payoutRequestSchema, payoutResultsSchema, payoutsScreenSchema } from '../../contract/selling/payouts.ts';
import { orderListQuerySchema, refundRequestSchema } from '../../contract/billing/refunds.ts';
import { idParamSchema } from '../../http/validate.ts';
import { listOf } from '../operations.ts';
import { answers } from './answers.ts';

const paymentPath = z.object({ paymentIntentId: z.string() });
const creditChange = { balance: z.number().int(), credit: creditAnswerSchema };

export const adminBillingAppOperations = {
  'GET /admin/orders': {
    summary: 'Orders, by number, domain or email',
    query: orderListQuerySchema,
    response: answers('OrderList', listOf(orderListRowSchema).extend({ lineCount: z.number().int().optional() })),
  },
  'GET /admin/orders/:id': {
    summary: 'An order, its lines and its payment',
    path: z.object({ id: idParamSchema }),
    response: answers('OrderDetail', orderDetailSchema),
  },
  'POST /admin/orders/:id/refunds': {
    summary: "Refund an order's charges (201; a repeated request answers the first refund with 200)",
    path: z.object({ id: idParamSchema }),
    body: { name: 'RefundRequest', schema: refundRequestSchema },
    response: answers('RefundAnswer', refundAnswerSchema, 201),
  },
  'GET /admin/payments': {
    summary: "An account's card payments outside orders",
    query: z.object({ accountId: z.coerce.number().int().positive() }),
    response: answers('AccountPaymentList', listOf(accountPaymentRowSchema)),
  },
  'GET /admin/payments/:paymentIntentId': {
    summary: 'A card payment, its charges and its refunds',
    path: paymentPath,
    response: answers('PaymentDetail', orderDetailSchema.shape.payment.unwrap()),
  },
  'POST /admin/payments/:paymentIntentId/refunds': {
    summary: "Refund a payment's charges (201; a repeated request answers the first refund with 200)",
    path: paymentPath,
    body: { name: 'RefundRequest', schema: refundRequestSchema },
    response: answers('RefundAnswer', refundAnswerSchema, 201),
  },
  'GET /admin/payouts': { summary: 'What sellers are owed, and the latest payouts', response: answers('PayoutsScreen', payoutsScreenSchema) },
  'POST /admin/payouts': {
    summary: 'Pay sellers what they are owed, through the payouts provider or by bank transfer',
    body: { name: 'PayoutRequest', schema: payoutRequestSchema },
    response: answers('PayoutResults', payoutResultsSchema, 201),
  },
  'GET /admin/credits': { summary: "An account's credit and its history", query: creditQuerySchema, response: answers('CreditAnswer', creditAnswerSchema) },
  'POST /admin/credits': {
    summary: 'Grant account credit',
    body: { name: 'CreditGrant', schema: creditGrantSchema },
    response: answers(
      'CreditGranted',
      z.strictObject({ accountCreditId: z.number().int(), amount: z.number().int(), transactionId: z.number().int(), ...creditChange }),
      201,
    ),
  },
  'POST /admin/credits/revocations': {
    summary: 'Take account credit back',
    body: { name: 'CreditRevoke', schema: creditRevokeSchema },
    response: answers('CreditRevoked', z.strictObject({ amount: z.number().int(), ...creditChange }), 201),
  },
};
