/**
 * Account credit, as a registrar's customers expect it: money on the account that the next checkout spends before the
 * card (the cart shows it as "Account credit", the card pays the rest). Staff grant it (goodwill, a price match, a
 * service failure); the grant is a ledger row the statement shows, so the balance reads as credit. A checkout
 * reserves what it spends before the card is authorised, one row per cart; what the balance counts of it follows the
 * order: the whole reservation while it runs, the credit of the lines it kept once settled, nothing once it failed.
 */
import { subMinutes } from 'date-fns/subMinutes';
import { and, eq, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { type CreditAnswer, type CreditEntry, maxCreditGrant } from '../../contract/billing/account-credit.ts';
import { formatMoney } from '../../contract/money.ts';
import type { DbOrTx } from '../../db/client.ts';
import { accountCredits, accounts, transactions, users } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, requireReason, type StaffActor } from '../audit/audit-log.ts';
import { queueMessage } from '../platform/messages.ts';

/** A reservation no order came of within this time (a checkout that stopped at its checks) no longer holds credit. */
export const reservationMinutes = 30;

/** Cents of credit the account can spend now; `exceptCartId` leaves out that cart's own reservation. */
export async function creditBalance(db: DbOrTx, accountId: number, options: { exceptCartId?: number; exceptCreditId?: number } = {}): Promise<number> {
  const cutoff = subMinutes(now(), reservationMinutes).toISOString();
  const except = options.exceptCartId ?? null;
  const [row] = await db.execute<{ balance: number }>(sql`
    select coalesce(sum(case
      when c.kind in ('grant', 'revoke') then c.amount
      when o.order_id is null then case when c.create_date > ${cutoff}::timestamptz then c.amount else 0 end
      when o.status = 'failed' then 0
      when o.status in ('completed', 'unconfirmed')
        then -(select coalesce(sum(l.credit), 0) from order_lines l where l.order_id = o.order_id and l.state in ('pending', 'unknown', 'delivered'))
      else c.amount end), 0)::int as balance
    from account_credits c left join orders o on o.cart_id = c.cart_id
    where c.account_id = ${accountId} and (c.cart_id is null or c.cart_id is distinct from ${except}::int)
      and c.account_credit_id is distinct from ${options.exceptCreditId ?? null}::int`);
  return Number(row?.balance ?? 0);
}

/**
 * Reserves `amount` of the account's credit for a cart's checkout (replacing that cart's earlier reservation), or drops
 * the reservation when `amount` is 0. The caller holds the account's row lock, so two checkouts cannot spend it twice.
 */
export async function reserveCredit(tx: DbOrTx, input: { accountId: number; cartId: number; amount: number }): Promise<void> {
  if (input.amount <= 0) {
    await tx.delete(accountCredits).where(and(eq(accountCredits.cartId, input.cartId), eq(accountCredits.kind, 'spend')));
    return;
  }
  await tx
    .insert(accountCredits)
    .values({ accountId: input.accountId, kind: 'spend', amount: -input.amount, cartId: input.cartId, createDate: now() })
    .onConflictDoUpdate({ target: accountCredits.cartId, set: { amount: -input.amount, createDate: now() } });
}

/** Locks the account's row for the rest of the transaction: spending and granting its credit take turns. */
export async function lockAccount(tx: DbOrTx, accountId: number): Promise<void> {
  const [row] = await tx.select({ accountId: accounts.accountId }).from(accounts).where(eq(accounts.accountId, accountId)).for('update');
  if (!row) throw new AppError(404, 'Account not found');
}

export type CreditGrant = { accountCreditId: number; amount: number; balance: number; transactionId: number };

/**
 * Adds credit to an account: the credit row, a ledger row the customer's billing history and statement show
 * ("Account credit: <note>", negative like a payment), and an email. The note is what the customer reads; the reason
 * for the audit log stays with the caller.
 */
export async function grantCredit(
  deps: Deps,
  actor: StaffActor,
  input: { accountId: number; amount: number; note: string; reason: string },
): Promise<CreditGrant> {
  const reason = requireReason('account.credit', input.reason);
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw new AppError(400, 'The credit must be a positive number of cents');
  if (input.amount > maxCreditGrant) throw new AppError(400, `A credit is at most ${formatMoney(maxCreditGrant)} at a time`);
  const note = input.note.trim();
  if (!note) throw new AppError(400, 'Write a note the customer will see with the credit');
  const today = now();
  const grant = await deps.db.transaction(async (tx) => {
    await lockAccount(tx, input.accountId);
    const [row] = await tx
      .insert(transactions)
      .values({
        accountId: input.accountId,
        type: 'payment',
        description: `Account credit: ${note}`,
        amount: -input.amount,
        metaData: { accountCredit: true },
        startDate: today,
        createDate: today,
      })
      .returning({ transactionId: transactions.transactionId });
    const [credit] = await tx
      .insert(accountCredits)
      .values({
        accountId: input.accountId,
        kind: 'grant',
        amount: input.amount,
        note,
        transactionId: row.transactionId,
        staffId: actor.staffId,
        createDate: today,
      })
      .returning();
    const before = await creditBalance(tx, input.accountId, { exceptCreditId: credit.accountCreditId });
    const balance = before + input.amount;
    await recordAudit(tx, actor, {
      action: 'account.credit',
      targetType: 'account',
      targetId: input.accountId,
      targetLabel: `Account ${input.accountId}`,
      accountId: input.accountId,
      before: { balance: before },
      after: { balance, granted: input.amount, note },
      reason,
      customerSummary: `We added ${formatMoney(input.amount)} of account credit: ${note}.`,
    });
    return { accountCreditId: credit.accountCreditId, amount: input.amount, transactionId: row.transactionId, balance };
  });
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.accountId, input.accountId)).limit(1);
  if (user) {
    await queueMessage(deps.jobs, {
      channel: 'email',
      to: user.email,
      subject: `${formatMoney(input.amount)} credit added to your account`,
      text: `We added ${formatMoney(input.amount)} of credit to your account: ${note}. Your next order uses it before your card; your credit is now ${formatMoney(grant.balance)}.`,
    });
  }
  return grant;
}

/** The account's credit balance and its grants and spends, newest first. 404 for an account that does not exist. */
export async function listCredit(db: DbOrTx, accountId: number): Promise<CreditAnswer> {
  const [account] = await db.select({ accountId: accounts.accountId }).from(accounts).where(eq(accounts.accountId, accountId));
  if (!account) throw new AppError(404, `There is no account ${accountId}`);
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.accountId, accountId)).limit(1);
  const rows = await db
    .select()
    .from(accountCredits)
    .where(eq(accountCredits.accountId, accountId))
    .orderBy(sql`${accountCredits.accountCreditId} desc`)
    .limit(100);
  return {
    accountId,
    email: user?.email ?? null,
    balance: await creditBalance(db, accountId),
    entries: rows.map(
      (row): CreditEntry => ({
        accountCreditId: row.accountCreditId,
        kind: row.kind,
        amount: row.amount,
        note: row.note,
        cartId: row.cartId,
        createDate: row.createDate.toISOString(),
      }),
    ),
  };
}

/**
 * Takes credit back from an account (a grant made by mistake, credit given against a chargeback): never more than the
 * balance it can spend now, under the account's lock so a checkout spending it meanwhile waits. The ledger row undoes
 * a grant's (positive, under Payments); the reason stays in the audit log, the customer reads the note.
 */
export async function revokeCredit(
  deps: Deps,
  actor: StaffActor,
  input: { accountId: number; amount: number; note: string; reason: string },
): Promise<{ amount: number; balance: number }> {
  const reason = requireReason('account.credit-revoke', input.reason);
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw new AppError(400, 'Take back a positive number of cents');
  const note = input.note.trim();
  if (!note) throw new AppError(400, 'Write a note the customer will see');
  const today = now();
  const answer = await deps.db.transaction(async (tx) => {
    await lockAccount(tx, input.accountId);
    const before = await creditBalance(tx, input.accountId);
    if (input.amount > before) {
      throw new AppError(409, `The account has ${formatMoney(before)} of credit: at most that can be taken back`);
    }
    const [row] = await tx
      .insert(transactions)
      .values({
        accountId: input.accountId,
        type: 'payment',
        description: `Account credit taken back: ${note}`,
        amount: input.amount,
        metaData: { accountCredit: true },
        startDate: today,
        createDate: today,
      })
      .returning({ transactionId: transactions.transactionId });
    await tx.insert(accountCredits).values({
      accountId: input.accountId,
      kind: 'revoke',
      amount: -input.amount,
      note,
      transactionId: row.transactionId,
      staffId: actor.staffId,
      createDate: today,
    });
    const balance = before - input.amount;
    await recordAudit(tx, actor, {
      action: 'account.credit-revoke',
      targetType: 'account',
      targetId: input.accountId,
      targetLabel: `Account ${input.accountId}`,
      accountId: input.accountId,
      before: { balance: before },
      after: { balance, revoked: input.amount, note },
      reason,
      customerSummary: `We took back ${formatMoney(input.amount)} of account credit: ${note}.`,
    });
    return { amount: input.amount, balance };
  });
  return answer;
}
