/** Sellers' earnings from market sales and their payouts (GET /api/earnings, /api/admin/payouts). */
import '../zod-config.ts';
import { z } from 'zod';

export type SellerPayoutView = {
  sellerPayoutId: number;
  accountId: number;
  amount: number;
  method: 'provider' | 'manual';
  /** `claimed` while the payouts provider has not answered. */
  status: 'claimed' | 'paid';
  reference: string | null;
  createDate: string;
};

export type SellerEarnings = {
  sales: { domain: string; price: number; payoutPercent: number; share: number; date: string }[];
  /** What the sales earned the seller, what was paid out, what is still owed (cents). */
  share: number;
  paidOut: number;
  balance: number;
  payouts: SellerPayoutView[];
};

export type SellerBalance = { accountId: number; email: string | null; share: number; paidOut: number; balance: number };

/** POST /api/admin/payouts: pay one seller, or a batch, all they are owed. */
export const payoutRequestSchema = z.strictObject({
  accountIds: z.array(z.number().int().positive()).min(1, 'Choose whom to pay').max(100),
  method: z.enum(['provider', 'manual'], { error: 'Choose the payouts provider or a bank transfer' }),
  reference: z.string().trim().max(200).optional(),
  destination: z.string().trim().max(100).optional(),
  /** One per payout the staff member means: each seller's key is this plus their account number. */
  idempotencyKey: z.string().trim().min(8).max(100),
});
