/** Sellers' earnings from market sales and their payouts (GET /api/earnings, /api/admin/payouts). */
import '../zod-config.ts';
import { z } from 'zod';

export const sellerPayoutViewSchema = z.strictObject({
  sellerPayoutId: z.number().int(),
  accountId: z.number().int(),
  amount: z.number().int(),
  method: z.enum(['provider', 'manual']),
  /** `claimed` while the payouts provider has not answered. */
  status: z.enum(['claimed', 'paid']),
  reference: z.string().nullable(),
  createDate: z.string(),
});
export type SellerPayoutView = z.infer<typeof sellerPayoutViewSchema>;

export const sellerEarningsSchema = z.strictObject({
  sales: z.array(z.strictObject({ domain: z.string(), price: z.number().int(), payoutPercent: z.number(), share: z.number().int(), date: z.string() })),
  /** What the sales earned the seller, what was paid out, what is still owed (cents). */
  share: z.number().int(),
  paidOut: z.number().int(),
  balance: z.number().int(),
  payouts: z.array(sellerPayoutViewSchema),
});
export type SellerEarnings = z.infer<typeof sellerEarningsSchema>;

export const sellerBalanceSchema = z.strictObject({
  accountId: z.number().int(),
  email: z.string().nullable(),
  share: z.number().int(),
  paidOut: z.number().int(),
  balance: z.number().int(),
});
export type SellerBalance = z.infer<typeof sellerBalanceSchema>;

/** GET /api/admin/payouts: what each seller is owed, and the latest payouts. */
export const payoutsScreenSchema = z.strictObject({ sellers: z.array(sellerBalanceSchema), payouts: z.array(sellerPayoutViewSchema) });

/** POST /api/admin/payouts: what happened to each seller of the batch (a refused one says why, the rest are paid). */
export const payoutResultsSchema = z.strictObject({
  results: z.array(
    z.strictObject({ accountId: z.number().int(), payout: sellerPayoutViewSchema.nullable(), replayed: z.boolean(), error: z.string().nullable() }),
  ),
});

/** POST /api/admin/payouts: pay one seller, or a batch, all they are owed. */
export const payoutRequestSchema = z.strictObject({
  accountIds: z.array(z.number().int().positive()).min(1, 'Choose whom to pay').max(100),
  method: z.enum(['provider', 'manual'], { error: 'Choose the payouts provider or a bank transfer' }),
  reference: z.string().trim().max(200).optional(),
  destination: z.string().trim().max(100).optional(),
  /** One per payout the staff member means: each seller's key is this plus their account number. */
  idempotencyKey: z.string().trim().min(8).max(100),
});
