/**
 * Editing a promo code: every term until a customer first redeems it; from then on only its end date and caps, since
 * its discount, extensions, years and start are what customers were given. Audited with before and after.
 */
import { eq } from 'drizzle-orm';
import { now } from '../../clock.ts';
import { type PromoCode, type PromoCodeEdit, promoFieldsAfterUse } from '../../contract/promotions/promo-codes.ts';
import type { Db } from '../../db/client.ts';
import { promoCodes } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, type StaffActor } from '../audit/audit-log.ts';
import { catalogue } from '../search/catalogue.ts';
import { findPromoCodeById } from './promo-codes.ts';

const fieldWords: Record<string, string> = {
  kind: 'its kind of discount',
  value: 'its discount',
  tlds: 'its extensions',
  years: 'the years it applies to',
  startDate: 'its start',
};

export async function editPromoCode(db: Db, actor: StaffActor, promoCodeId: number, input: PromoCodeEdit): Promise<PromoCode> {
  const { reason, ...changes } = input;
  if (Object.keys(changes).length === 0) throw new AppError(400, 'Nothing to change');
  return db.transaction(async (tx) => {
    await tx.select({ id: promoCodes.promoCodeId }).from(promoCodes).where(eq(promoCodes.promoCodeId, promoCodeId)).for('update');
    const before = await findPromoCodeById(tx, promoCodeId);
    const changed = (Object.keys(changes) as (keyof typeof changes)[]).filter(
      (key) =>
        JSON.stringify(changes[key]) !== JSON.stringify(key.endsWith('Date') && changes[key] ? new Date(changes[key] as string).toISOString() : before[key]),
    );
    if (before.hasBeenUsed) {
      const locked = changed.filter((key) => !(promoFieldsAfterUse as readonly string[]).includes(key));
      if (locked.length) {
        throw new AppError(
          409,
          `${before.code} has been used, so ${locked.map((key) => fieldWords[key] ?? key).join(' and ')} can no longer change: customers were given these terms. Only its end date and caps can change now.`,
          { field: locked[0] },
        );
      }
    }
    const at = now();
    const kind = changes.kind ?? before.kind;
    const value = changes.value ?? before.value;
    if (kind === 'percent' && value > 100) throw new AppError(400, 'A percent discount is at most 100', { field: 'value' });
    if (changes.tlds) {
      const sold = new Set(catalogue().list.map((tld) => tld.tld));
      const unknown = changes.tlds.filter((tld) => !sold.has(tld));
      if (unknown.length) throw new AppError(400, `We do not sell ${unknown.map((tld) => `.${tld}`).join(', ')}`, { field: 'tlds' });
    }
    const startDate = changes.startDate ? new Date(changes.startDate) : new Date(before.startDate);
    const endDate = changes.endDate === undefined ? (before.endDate ? new Date(before.endDate) : null) : changes.endDate ? new Date(changes.endDate) : null;
    if (changes.endDate && endDate && endDate <= at)
      throw new AppError(400, 'The end must be in the future (to end it now, use End now)', { field: 'endDate' });
    if (endDate && endDate <= startDate) throw new AppError(400, 'The end must be after the start', { field: 'endDate' });
    if (changes.maxRedemptions != null && changes.maxRedemptions < before.redemptions) {
      throw new AppError(400, `${before.code} has been redeemed ${before.redemptions} times: the total cap cannot be lower`, { field: 'maxRedemptions' });
    }
    await tx
      .update(promoCodes)
      .set({
        ...(changes.kind ? { kind: changes.kind } : {}),
        ...(changes.value ? { value: changes.value } : {}),
        ...(changes.tlds ? { tlds: [...new Set(changes.tlds)] } : {}),
        ...(changes.years ? { years: changes.years } : {}),
        startDate,
        endDate,
        ...(changes.maxRedemptions !== undefined ? { maxRedemptions: changes.maxRedemptions } : {}),
        ...(changes.maxPerCustomer !== undefined ? { maxPerCustomer: changes.maxPerCustomer } : {}),
        modifyDate: at,
      })
      .where(eq(promoCodes.promoCodeId, promoCodeId));
    const after = await findPromoCodeById(tx, promoCodeId);
    await recordAudit(tx, actor, {
      action: 'promo.edit',
      targetType: 'promo',
      targetId: promoCodeId,
      targetLabel: before.code,
      before,
      after,
      reason: reason || null,
    });
    return after;
  });
}
