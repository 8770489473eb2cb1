/**
 * What we owe sellers of names sold through our market, and paying it. A sale's seller share is a payable (the ledger's
 * `payout` row on the seller's account), not our revenue; a payout settles it: through the payouts provider (claimed
 * with its audit row, sent after commit with the claim's key, recorded when it answered; a repeat of the request
 * finishes a claim whose answer was lost) or by hand with a bank reference. Each seller's payouts take turns (an
 * advisory lock), so a balance is never paid twice.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { SellerBalance, SellerEarnings, SellerPayoutView } from '../../contract/selling/payouts.ts';
import { formatMoney } from '../../contract/money.ts';
import type { DbOrTx } from '../../db/client.ts';
import { marketSales, sellerPayouts, transactions, users } from '../../db/schema/index.ts';
import type { SellerPayoutRow } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { PayoutError } from '../../providers/payouts/index.ts';
import { recordAudit, type StaffActor } from '../audit/audit-log.ts';
import { queueMessage } from '../platform/messages.ts';

const view = (row: SellerPayoutRow): SellerPayoutView => ({
  sellerPayoutId: row.sellerPayoutId,
  accountId: row.accountId,
  amount: row.amount,
  method: row.method,
  status: row.status,
  reference: row.reference,
  createDate: row.createDate.toISOString(),
});

/** Sellers with a share earned or paid: what they earned, what went out (claimed payouts included), what is owed. */
export async function listSellerBalances(db: DbOrTx): Promise<SellerBalance[]> {
  const rows = await db.execute<{ account_id: number; email: string | null; share: number; paid: number }>(sql`
    select s.account_id, (select u.email from users u where u.account_id = s.account_id order by u.user_id limit 1) as email,
      s.share::int as share, coalesce((select sum(p.amount) from seller_payouts p where p.account_id = s.account_id), 0)::int as paid
    from (select account_id, -sum(amount) as share from transactions where type = 'payout' group by account_id) s
    order by s.share - coalesce((select sum(p.amount) from seller_payouts p where p.account_id = s.account_id), 0) desc, s.account_id`);
  return rows.map((row) => ({
    accountId: Number(row.account_id),
    email: row.email,
    share: Number(row.share),
    paidOut: Number(row.paid),
    balance: Number(row.share) - Number(row.paid),
  }));
}

async function balanceOf(db: DbOrTx, accountId: number): Promise<{ share: number; paidOut: number }> {
  const [share] = await db
    .select({ cents: sql<number>`coalesce(-sum(${transactions.amount}), 0)::int` })
    .from(transactions)
    .where(and(eq(transactions.accountId, accountId), eq(transactions.type, 'payout')));
  const [paid] = await db
    .select({ cents: sql<number>`coalesce(sum(${sellerPayouts.amount}), 0)::int` })
    .from(sellerPayouts)
    .where(eq(sellerPayouts.accountId, accountId));
  return { share: Number(share.cents), paidOut: Number(paid.cents) };
}

/** The seller's Earnings: each sale with its price and their share, what was paid out, and the balance owed. */
export async function findSellerEarnings(db: DbOrTx, accountId: number): Promise<SellerEarnings> {
  const sales = await db
    .select()
    .from(marketSales)
    .where(and(eq(marketSales.sellerAccountId, accountId), eq(marketSales.status, 'completed')))
    .orderBy(desc(marketSales.saleId));
  const payouts = await db.select().from(sellerPayouts).where(eq(sellerPayouts.accountId, accountId)).orderBy(desc(sellerPayouts.sellerPayoutId));
  const { share, paidOut } = await balanceOf(db, accountId);
  return {
    sales: sales.map((sale) => ({
      domain: sale.domain,
      price: sale.price,
      payoutPercent: sale.payoutPercent,
      share: sale.payout,
      date: (sale.completeDate ?? sale.claimDate).toISOString(),
    })),
    share,
    paidOut,
    balance: share - paidOut,
    payouts: payouts.map(view),
  };
}

export type PayoutInput = {
  accountId: number;
  method: 'provider' | 'manual';
  /** The bank transfer's reference (manual), required for it. */
  reference?: string;
  /** The seller's connected account at the provider (`acct_…`); the sandbox makes one up when left out. */
  destination?: string;
  idempotencyKey: string;
};

/** Pays a seller what they are owed now; answers the payout (a repeat of the key answers the first one). */
export async function payOutSeller(deps: Deps, actor: StaffActor, input: PayoutInput): Promise<{ payout: SellerPayoutView; replayed: boolean }> {
  const reference = input.reference?.trim() ?? '';
  if (input.method === 'manual' && reference.length < 3) throw new AppError(400, 'Give the bank transfer’s reference');
  const destination = input.destination?.trim() || (deps.providers.payouts.name === 'sandbox' ? `acct_sandbox_${input.accountId}` : '');
  if (input.method === 'provider' && !destination) throw new AppError(400, 'Give the seller’s connected account at the payouts provider (acct_…)');
  const today = now();
  const claim = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payout:${input.accountId}`}))`);
    const [earlier] = await tx.select().from(sellerPayouts).where(eq(sellerPayouts.idempotencyKey, input.idempotencyKey));
    if (earlier) {
      if (earlier.accountId !== input.accountId) throw new AppError(409, 'This payout request was already used for another seller. Reload and try again.');
      return { row: earlier, replayed: true };
    }
    const { share, paidOut } = await balanceOf(tx, input.accountId);
    const owed = share - paidOut;
    if (owed <= 0) throw new AppError(409, 'Nothing is owed to this seller');
    const manual = input.method === 'manual';
    const [row] = await tx
      .insert(sellerPayouts)
      .values({
        accountId: input.accountId,
        amount: owed,
        method: input.method,
        status: manual ? 'paid' : 'claimed',
        reference: manual ? reference : null,
        destination: manual ? null : destination,
        staffId: actor.staffId,
        idempotencyKey: input.idempotencyKey,
        createDate: today,
      })
      .returning();
    if (manual) await recordPaid(tx, row);
    await recordAudit(tx, actor, {
      action: 'seller.payout',
      targetType: 'account',
      targetId: input.accountId,
      targetLabel: `Account ${input.accountId}`,
      accountId: input.accountId,
      before: { share, paidOut, balance: owed },
      after: {
        share,
        paidOut: paidOut + owed,
        balance: 0,
        payout: { sellerPayoutId: row.sellerPayoutId, amount: owed, method: input.method, reference: row.reference },
      },
      reason: null,
      customerSummary: `We paid out ${formatMoney(owed)} of your market sales${manual ? ` by bank transfer (${reference})` : ''}.`,
    });
    return { row, replayed: false };
  });
  let row = claim.row;
  if (row.status === 'claimed') {
    try {
      const transfer = await deps.providers.payouts.transfer({
        destination: row.destination ?? destination,
        amount: row.amount,
        idempotencyKey: `payout-${row.idempotencyKey}`,
        description: `Market sales payout ${row.sellerPayoutId}`,
      });
      row = await deps.db.transaction(async (tx) => {
        const [paid] = await tx
          .update(sellerPayouts)
          .set({ status: 'paid', reference: transfer.id })
          .where(and(eq(sellerPayouts.sellerPayoutId, row.sellerPayoutId), eq(sellerPayouts.status, 'claimed')))
          .returning();
        if (paid) await recordPaid(tx, paid);
        return paid ?? row;
      });
    } catch (error) {
      if (error instanceof PayoutError) {
        await deps.db.delete(sellerPayouts).where(and(eq(sellerPayouts.sellerPayoutId, row.sellerPayoutId), eq(sellerPayouts.status, 'claimed')));
        throw new AppError(409, `The payouts provider refused the payout: ${error.message}`);
      }
      console.error(`payout ${row.sellerPayoutId}: the payouts provider did not answer`, error);
      throw new AppError(502, 'The payouts provider did not answer, so the payout is on hold. Send the same payout again to finish it; it will not pay twice.');
    }
  }
  if (!claim.replayed && row.status === 'paid') await emailPayout(deps, row);
  return { payout: view(row), replayed: claim.replayed };
}

/** The seller's ledger: the payout settles the share their statement shows as owed to them. */
async function recordPaid(tx: DbOrTx, row: SellerPayoutRow): Promise<void> {
  await tx.insert(transactions).values({
    accountId: row.accountId,
    // A payment out, beside the share's `payout` row it settles (which alone sums to what the seller earned).
    type: 'payment',
    description: `Paid out to you${row.reference ? ` (${row.reference})` : ''}`,
    amount: row.amount,
    metaData: { sellerPayoutId: row.sellerPayoutId },
    startDate: row.createDate,
    createDate: row.createDate,
  });
}

async function emailPayout(deps: Deps, row: SellerPayoutRow): Promise<void> {
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.accountId, row.accountId)).limit(1);
  if (!user) return;
  await queueMessage(deps.jobs, {
    channel: 'email',
    to: user.email,
    subject: `We paid you ${formatMoney(row.amount)} for your market sales`,
    text: `We paid out ${formatMoney(row.amount)}, what your market sales earned you so far${row.reference ? ` (reference ${row.reference})` : ''}. Earnings in your account lists every sale and payout.`,
  });
}

export async function listRecentPayouts(db: DbOrTx): Promise<SellerPayoutView[]> {
  return (await db.select().from(sellerPayouts).orderBy(desc(sellerPayouts.sellerPayoutId)).limit(50)).map(view);
}
