/** /api/admin/payouts: what sellers are owed for their market sales, and paying one or a batch (billing and owner). */
import { Hono } from 'hono';
import { payoutRequestSchema } from '../contract/selling/payouts.ts';
import { AppError } from '../errors.ts';
import { answer } from '../http/answer.ts';
import { type AdminEnv, allow, staffActor } from '../http/staff-auth.ts';
import { parseBody } from '../http/validate.ts';
import { listRecentPayouts, listSellerBalances, payOutSeller } from '../services/selling/payouts.ts';

export const adminPayoutsRoutes = new Hono<AdminEnv>()
  .get('/', allow('orders:read'), async (c) => {
    const db = c.var.deps.db;
    return answer(c, 'GET /admin/payouts', { sellers: await listSellerBalances(db), payouts: await listRecentPayouts(db) });
  })
  .post('/', allow('orders:refund'), async (c) => {
    const input = await parseBody(c, payoutRequestSchema);
    const results = [];
    for (const accountId of input.accountIds) {
      try {
        const { payout, replayed } = await payOutSeller(c.var.deps, staffActor(c), {
          ...input,
          accountId,
          idempotencyKey: `${input.idempotencyKey}:${accountId}`,
        });
        results.push({ accountId, payout, replayed, error: null });
      } catch (error) {
        // One seller's refusal does not stop the batch; each answer says what happened to that seller.
        if (!(error instanceof AppError) || input.accountIds.length === 1) throw error;
        results.push({ accountId, payout: null, replayed: false, error: error.message });
      }
    }
    return answer(c, 'POST /admin/payouts', { results });
  });
