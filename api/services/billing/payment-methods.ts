/** Saved cards: set up through the payments provider, owned by an account (or by a visitor's cart until checkout). */
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { PaymentMethod } from '../../contract/billing/payment-methods.ts';
import type { Db } from '../../db/client.ts';
import { accounts, carts, domains, paymentMethods } from '../../db/schema/index.ts';
import type { PaymentMethodRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { CardError, type PaymentsProvider, setupIntentMismatchCode } from '../../providers/payments/index.ts';
import { describeCard } from '../../contract/billing/card-names.ts';
import { now } from '../../clock.ts';

export type MethodOwner = { accountId: number } | { cartId: number };

export const setupFailedMessage = 'Failed to setup card';

function ownerCondition(owner: MethodOwner) {
  return 'accountId' in owner ? eq(paymentMethods.accountId, owner.accountId) : eq(paymentMethods.cartId, owner.cartId);
}

export function paymentMethodView(m: PaymentMethodRow): PaymentMethod {
  return {
    paymentMethodId: m.paymentMethodId,
    description: describeCard(m),
    brand: m.brand,
    last4: m.last4,
    expMonth: m.expMonth,
    expYear: m.expYear,
    isDefault: m.isDefault,
    status: m.status,
    createDate: m.createDate.toISOString(),
  };
}

export async function listPaymentMethods(db: Db, owner: MethodOwner, status?: string) {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(and(ownerCondition(owner), status ? eq(paymentMethods.status, status as 'active') : ne(paymentMethods.status, 'deleted')))
    .orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.paymentMethodId));
  return rows.map(paymentMethodView);
}

export async function findOwnedMethod(db: Db, owner: MethodOwner, paymentMethodId: number): Promise<PaymentMethodRow> {
  const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.paymentMethodId, paymentMethodId)).limit(1);
  if (!row || row.status === 'deleted') throw new AppError(404, 'Payment method not found');
  const mine = 'accountId' in owner ? row.accountId === owner.accountId : row.cartId === owner.cartId && row.accountId == null;
  if (!mine) throw new AppError(403, 'You do not have access to this payment method');
  return row;
}

/**
 * The provider customer a card is set up under: the account's, or the visitor's cart's, created at the first setup
 * and then fixed, so the call that finishes an authenticated setup names the customer that started it. Of two
 * first setups at once, the first to record its customer wins and the other uses that one.
 */
async function customerFor(db: Db, payments: PaymentsProvider, owner: MethodOwner, email?: string): Promise<string> {
  if ('accountId' in owner) {
    const [account] = await db.select({ customer: accounts.paymentCustomerId }).from(accounts).where(eq(accounts.accountId, owner.accountId));
    if (account?.customer) return account.customer;
    const created = await payments.createCustomer({ email });
    const [kept] = await db
      .update(accounts)
      .set({ paymentCustomerId: created })
      .where(and(eq(accounts.accountId, owner.accountId), isNull(accounts.paymentCustomerId)))
      .returning({ customer: accounts.paymentCustomerId });
    if (kept) return created;
    const [winner] = await db.select({ customer: accounts.paymentCustomerId }).from(accounts).where(eq(accounts.accountId, owner.accountId));
    return winner.customer ?? created;
  }
  const [cart] = await db.select({ customer: carts.paymentCustomerId }).from(carts).where(eq(carts.cartId, owner.cartId));
  if (cart?.customer) return cart.customer;
  // A cart whose first card predates the cart's own record: keep that card's customer.
  const [earlier] = await db
    .select({ customer: paymentMethods.providerCustomerId })
    .from(paymentMethods)
    .where(eq(paymentMethods.cartId, owner.cartId))
    .limit(1);
  const candidate = earlier?.customer ?? (await payments.createCustomer({ email }));
  const [kept] = await db
    .update(carts)
    .set({ paymentCustomerId: candidate })
    .where(and(eq(carts.cartId, owner.cartId), isNull(carts.paymentCustomerId)))
    .returning({ customer: carts.paymentCustomerId });
  if (kept) return candidate;
  const [winner] = await db.select({ customer: carts.paymentCustomerId }).from(carts).where(eq(carts.cartId, owner.cartId));
  return winner?.customer ?? candidate;
}

/**
 * Card setup (storefront spec §4): the first call sends the provider's payment method id and may answer
 * requires_action; after the buyer authenticates, the second call sends the method id and setup intent id.
 * A succeeded setup saves the card (brand, last 4, expiry only) and makes it the cart's payment method.
 */
export async function setupCard(
  db: Db,
  payments: PaymentsProvider,
  input: { owner: MethodOwner; cartId: number | null; providerPaymentMethodId: string; setupIntentId?: string; email?: string },
) {
  const customerId = await customerFor(db, payments, input.owner, input.email);
  let setupIntent: Awaited<ReturnType<PaymentsProvider['setupCard']>>;
  try {
    setupIntent = await payments.setupCard({ customerId, paymentMethodId: input.providerPaymentMethodId, setupIntentId: input.setupIntentId });
  } catch (error) {
    if (error instanceof CardError && error.declineCode === setupIntentMismatchCode) throw new AppError(403, error.message);
    if (error instanceof CardError) throw new AppError(402, error.message || setupFailedMessage, { declineCode: error.declineCode });
    throw error;
  }
  const answer = { id: setupIntent.id, status: setupIntent.status, client_secret: setupIntent.client_secret };
  if (setupIntent.status !== 'succeeded') return { setupIntent: answer, paymentMethod: null };
  const card = setupIntent.card;
  if (!card) throw new AppError(502, setupFailedMessage);
  const paymentMethod = await db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: paymentMethods.paymentMethodId })
      .from(paymentMethods)
      .where(and(ownerCondition(input.owner), eq(paymentMethods.status, 'active')));
    const isAccount = 'accountId' in input.owner;
    if (!isAccount || existing.length === 0) {
      await tx.update(paymentMethods).set({ isDefault: false }).where(ownerCondition(input.owner));
    }
    const [row] = await tx
      .insert(paymentMethods)
      .values({
        accountId: isAccount ? (input.owner as { accountId: number }).accountId : null,
        cartId: input.cartId,
        provider: payments.name,
        providerPaymentMethodId: input.providerPaymentMethodId,
        providerCustomerId: customerId,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        isDefault: !isAccount || existing.length === 0,
      })
      .returning();
    if (input.cartId != null) {
      await tx.update(carts).set({ paymentMethodId: row.paymentMethodId, paymentSetupComplete: true, modifyDate: now() }).where(eq(carts.cartId, input.cartId));
    }
    return row;
  });
  return { setupIntent: answer, paymentMethod: paymentMethodView(paymentMethod) };
}

export async function makeDefault(db: Db, owner: MethodOwner, paymentMethodId: number) {
  const method = await findOwnedMethod(db, owner, paymentMethodId);
  await db.transaction(async (tx) => {
    await tx.update(paymentMethods).set({ isDefault: false }).where(ownerCondition(owner));
    await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.paymentMethodId, method.paymentMethodId));
  });
  return paymentMethodView({ ...method, isDefault: true });
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * Why the account's only card cannot go: the auto-renewals and monthly plans charged to it, in words; null when
 * nothing depends on it or another card remains.
 */
async function dependentsOfOnlyCard(db: Db, accountId: number, paymentMethodId: number): Promise<string | null> {
  const others = await db
    .select({ id: paymentMethods.paymentMethodId })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.accountId, accountId), eq(paymentMethods.status, 'active'), ne(paymentMethods.paymentMethodId, paymentMethodId)))
    .limit(1);
  if (others.length > 0) return null;
  const [counts] = await db
    .select({
      autoRenew: sql<number>`count(*) filter (where ${domains.autoRenewEnabled} and ${domains.status} = 'active')::int`,
      plans: sql<number>`count(*) filter (where ${domains.mrc} > 0)::int`,
    })
    .from(domains)
    .where(and(eq(domains.accountId, accountId), ne(domains.status, 'deleted')));
  const reasons = [
    counts.autoRenew > 0 ? `auto-renew of ${plural(counts.autoRenew, 'domain')}` : null,
    counts.plans > 0 ? `monthly plans on ${plural(counts.plans, 'domain')}` : null,
  ].filter(Boolean);
  if (reasons.length === 0) return null;
  return `You can't delete your only card while it pays for ${reasons.join(' and ')}. Add another card first, or turn those off.`;
}

export async function removeMethod(db: Db, owner: MethodOwner, paymentMethodId: number) {
  const method = await findOwnedMethod(db, owner, paymentMethodId);
  if ('accountId' in owner && method.status === 'active') {
    const why = await dependentsOfOnlyCard(db, owner.accountId, method.paymentMethodId);
    if (why) throw new AppError(409, why, { reason: 'only-card-in-use' });
  }
  const [row] = await db
    .update(paymentMethods)
    .set({ status: 'deleted', isDefault: false })
    .where(eq(paymentMethods.paymentMethodId, method.paymentMethodId))
    .returning();
  if (method.isDefault) {
    const [next] = await db
      .select()
      .from(paymentMethods)
      .where(and(ownerCondition(owner), eq(paymentMethods.status, 'active')))
      .orderBy(asc(paymentMethods.paymentMethodId))
      .limit(1);
    if (next) await db.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.paymentMethodId, next.paymentMethodId));
  }
  return paymentMethodView(row);
}
