/**
 * Promo codes: staff create, list and expire them; carts and checkout look them up by what the customer typed. A
 * code's caps count its redemptions that still stand (see promoRedemptions): orders that did not fail, and checkouts
 * reserved in the last half hour that have not become an order yet.
 */
import { subMinutes } from 'date-fns/subMinutes';
import { desc, eq, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { formatMoney } from '../../contract/money.ts';
import { describePromo, type PromoCode, type PromoCodeCreate, type PromoTerms, promoMessages } from '../../contract/promotions/promo-codes.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { promoCodes } from '../../db/schema/index.ts';
import type { PromoCodeRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, type StaffActor } from '../audit/audit-log.ts';
import { catalogue } from '../search/catalogue.ts';

/** A checkout reserved a code this long ago without becoming an order: it no longer counts. */
export const redemptionReservationMinutes = 30;

/** Who redeems: an account (and its login email), or a visitor by the email they check out with. */
export type PromoCustomer = { accountId: number | null; email: string | null };

export function promoTerms(row: PromoCodeRow): PromoTerms {
  return { code: row.code, kind: row.kind, value: row.value, tlds: row.tlds, years: row.years };
}

export async function findPromoCode(db: DbOrTx, code: string, options: { forUpdate?: boolean } = {}): Promise<PromoCodeRow | null> {
  const query = db.select().from(promoCodes).where(eq(promoCodes.code, code.trim().toUpperCase())).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** The code's standing redemptions, in all and by this customer, leaving out one cart's own. */
export async function countRedemptions(
  db: DbOrTx,
  promoCodeId: number,
  options: { exceptCartId?: number; customer?: PromoCustomer } = {},
): Promise<{ total: number; byCustomer: number }> {
  const cutoff = subMinutes(now(), redemptionReservationMinutes).toISOString();
  const accountId = options.customer?.accountId ?? null;
  const email = options.customer?.email?.toLowerCase() ?? null;
  const [row] = await db.execute<{ total: number; by_customer: number }>(sql`
    select count(*)::int as total,
      count(*) filter (where r.account_id = ${accountId}::int or r.email = ${email}::text)::int as by_customer
    from promo_redemptions r left join orders o on o.cart_id = r.cart_id
    where r.promo_code_id = ${promoCodeId}
      and r.cart_id is distinct from ${options.exceptCartId ?? null}::int
      and case when o.order_id is null then r.create_date > ${cutoff}::timestamptz else o.status <> 'failed' end`);
  return { total: Number(row?.total ?? 0), byCustomer: Number(row?.by_customer ?? 0) };
}

/** Dates and caps; null when the code may be used now (its extensions are the cart's concern). */
export async function promoRefusal(db: DbOrTx, row: PromoCodeRow, options: { exceptCartId?: number; customer?: PromoCustomer } = {}): Promise<string | null> {
  const at = now();
  if (row.startDate > at) return promoMessages.notStarted;
  if (row.endDate && row.endDate <= at) return promoMessages.expired;
  if (row.maxRedemptions == null && row.maxPerCustomer == null) return null;
  const hasCustomer = options.customer?.accountId != null || Boolean(options.customer?.email);
  const counts = await countRedemptions(db, row.promoCodeId, options);
  if (row.maxRedemptions != null && counts.total >= row.maxRedemptions) return promoMessages.usedUp;
  if (row.maxPerCustomer != null && hasCustomer && counts.byCustomer >= row.maxPerCustomer) return promoMessages.perCustomer;
  return null;
}

function statusOf(row: PromoCodeRow, redemptions: number): PromoCode['status'] {
  const at = now();
  if (row.endDate && row.endDate <= at) return 'expired';
  if (row.maxRedemptions != null && redemptions >= row.maxRedemptions) return 'usedUp';
  if (row.startDate > at) return 'scheduled';
  return 'active';
}

export function promoView(row: PromoCodeRow, redemptions: number, discountTotal: number, used = redemptions > 0): PromoCode {
  return {
    promoCodeId: row.promoCodeId,
    code: row.code,
    kind: row.kind,
    value: row.value,
    tlds: row.tlds,
    years: row.years,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate?.toISOString() ?? null,
    maxRedemptions: row.maxRedemptions,
    maxPerCustomer: row.maxPerCustomer,
    redemptions,
    discountTotal,
    status: statusOf(row, redemptions),
    description: describePromo(row, formatMoney),
    hasBeenUsed: used,
    createDate: row.createDate.toISOString(),
  };
}

export async function createPromoCode(db: Db, actor: StaffActor, input: PromoCodeCreate): Promise<PromoCode> {
  const sold = new Set(catalogue().list.map((tld) => tld.tld));
  const unknown = input.tlds.filter((tld) => !sold.has(tld));
  if (unknown.length) throw new AppError(400, `We do not sell ${unknown.map((tld) => `.${tld}`).join(', ')}`, { field: 'tlds' });
  const today = now();
  const startDate = input.startDate ? new Date(input.startDate) : today;
  const endDate = input.endDate ? new Date(input.endDate) : null;
  if (endDate && endDate <= today) throw new AppError(400, 'The end must be in the future', { field: 'endDate' });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(promoCodes)
      .values({
        code: input.code,
        kind: input.kind,
        value: input.value,
        tlds: [...new Set(input.tlds)],
        years: input.years,
        startDate,
        endDate,
        maxRedemptions: input.maxRedemptions ?? null,
        maxPerCustomer: input.maxPerCustomer ?? null,
        createdBy: actor.staffId,
        createDate: today,
        modifyDate: today,
      })
      .onConflictDoNothing({ target: promoCodes.code })
      .returning();
    if (!row) throw new AppError(409, `The code ${input.code} already exists`, { field: 'code' });
    const view = promoView(row, 0, 0);
    await recordAudit(tx, actor, {
      action: 'promo.create',
      targetType: 'promo',
      targetId: row.promoCodeId,
      targetLabel: row.code,
      after: view,
      reason: input.reason || null,
    });
    return view;
  });
}

/** Every code, newest first, with what it has been used for. */
export async function listPromoCodes(db: DbOrTx, options: { limit?: number; skip?: number } = {}): Promise<{ total: number; data: PromoCode[] }> {
  const limit = Math.min(options.limit ?? 50, 200);
  const skip = options.skip ?? 0;
  const rows = await db.select().from(promoCodes).orderBy(desc(promoCodes.promoCodeId)).limit(limit).offset(skip);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(promoCodes);
  const usage = rows.length
    ? await usageOf(
        db,
        rows.map((row) => row.promoCodeId),
      )
    : new Map();
  return {
    total: Number(count),
    data: rows.map((row) => {
      const used = usage.get(row.promoCodeId);
      return promoView(row, used?.redemptions ?? 0, used?.discount ?? 0, used?.used ?? false);
    }),
  };
}

export async function findPromoCodeById(db: DbOrTx, promoCodeId: number): Promise<PromoCode> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.promoCodeId, promoCodeId));
  if (!row) throw new AppError(404, 'Promo code not found');
  const used = (await usageOf(db, [promoCodeId])).get(promoCodeId);
  return promoView(row, used?.redemptions ?? 0, used?.discount ?? 0, used?.used ?? false);
}

/** Ends a code now: carts holding it show "This code has expired", checkouts refuse it. Answers before and after. */
export async function expirePromoCode(
  db: Db,
  actor: StaffActor,
  promoCodeId: number,
  reason?: string | null,
): Promise<{ before: PromoCode; after: PromoCode }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: promoCodes.promoCodeId }).from(promoCodes).where(eq(promoCodes.promoCodeId, promoCodeId)).for('update');
    const before = await findPromoCodeById(tx, promoCodeId);
    if (before.status === 'expired') throw new AppError(409, `${before.code} has already expired`);
    const today = now();
    await tx.update(promoCodes).set({ endDate: today, modifyDate: today }).where(eq(promoCodes.promoCodeId, promoCodeId));
    const after = await findPromoCodeById(tx, promoCodeId);
    await recordAudit(tx, actor, {
      action: 'promo.expire',
      targetType: 'promo',
      targetId: promoCodeId,
      targetLabel: before.code,
      before,
      after,
      reason: reason?.trim() || null,
    });
    return { before, after };
  });
}

/**
 * Standing redemptions per code and the discount delivered lines took; `used`: any customer has ever redeemed it
 * (even an order that later failed), after which its terms are what customers were given and stay as they are.
 */
async function usageOf(db: DbOrTx, ids: number[]): Promise<Map<number, { redemptions: number; discount: number; used: boolean }>> {
  const cutoff = subMinutes(now(), redemptionReservationMinutes).toISOString();
  const rows = await db.execute<{ id: number; redemptions: number; discount: number }>(sql`
    select r.promo_code_id as id,
      count(*) filter (where case when o.order_id is null then r.create_date > ${cutoff}::timestamptz else o.status <> 'failed' end)::int as redemptions,
      coalesce(sum((select coalesce(sum(l.discount), 0) from order_lines l where l.order_id = o.order_id and l.state = 'delivered')), 0)::int as discount
    from promo_redemptions r left join orders o on o.cart_id = r.cart_id
    where r.promo_code_id in ${sql.raw(`(${ids.map(Number).join(',')})`)}
    group by r.promo_code_id`);
  return new Map([...rows].map((row) => [Number(row.id), { redemptions: Number(row.redemptions), discount: Number(row.discount), used: true }]));
}
