/** Promo codes over HTTP: what staff send to create one, and how a code and the cart's applied code are answered. */
import '../zod-config.ts';
import { z } from 'zod';
import { maxStoredInteger } from '../stored-integers.ts';

export * from './promo-discounts.ts';

const timestamp = z.iso.datetime();

/** What a customer types: letters, digits and dashes, any case (stored upper case). */
export const promoCodeTextSchema = z
  .string({ error: 'Enter a promo code' })
  .trim()
  .min(1, 'Enter a promo code')
  .max(32, 'A promo code has at most 32 characters')
  .transform((code) => code.toUpperCase());

/** Extensions a code is for, without the dot; empty: every extension we sell. */
const promoTldsSchema = z
  .array(
    z
      .string()
      .trim()
      .toLowerCase()
      .transform((tld) => tld.replace(/^\./, ''))
      .pipe(z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)*$/, 'An extension is like com or co.uk')),
  )
  .max(50);

/** The most an amount code takes off a year: no price we sell comes near it, and a typo of extra zeros is refused. */
export const maxAmountOff = 1_000_000;

const promoValueSchema = z
  .number({ error: 'Enter how much the code takes off' })
  .max(maxAmountOff, { error: 'The discount is at most 100 percent, or $10,000.00 off a year', abort: true })
  .int('Whole percent or cents only')
  .positive('The discount must be more than 0');

/** A total or per-customer cap: a whole number of redemptions, or null for none. */
const capSchema = (name: string) =>
  z
    .number({ error: `The ${name} cap must be a whole number` })
    .max(maxStoredInteger, { error: `The ${name} cap is at most 2,147,483,647`, abort: true })
    .int(`The ${name} cap must be a whole number`)
    .positive(`The ${name} cap must be at least 1`)
    .nullable();

export const promoCodeCreateSchema = z
  .strictObject({
    code: z
      .string({ error: 'Enter the code customers will type' })
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9-]{2,31}$/, 'A code has 3 to 32 letters, digits or dashes, starting with a letter or digit')
      .transform((code) => code.toUpperCase()),
    kind: z.enum(['percent', 'amount'], { error: 'Choose percent or amount' }),
    /** Percent (1-100), or cents off each discounted year. */
    value: promoValueSchema,
    tlds: promoTldsSchema.default([]),
    years: z.enum(['first', 'every'], { error: 'Choose the first year only or every year' }),
    startDate: timestamp.optional(),
    endDate: timestamp.nullable().optional(),
    maxRedemptions: capSchema('total').optional(),
    maxPerCustomer: capSchema('per-customer').optional(),
    /** Why the code exists (a campaign, a partner): kept in the audit log, never shown to customers. */
    reason: z.string().trim().max(1000, 'A reason has at most 1000 characters').optional(),
  })
  .refine((input) => input.kind !== 'percent' || input.value <= 100, { message: 'A percent discount is at most 100', path: ['value'] })
  .refine((input) => !input.startDate || !input.endDate || input.endDate > input.startDate, { message: 'The end must be after the start', path: ['endDate'] });
export type PromoCodeCreate = z.infer<typeof promoCodeCreateSchema>;

/**
 * PATCH /api/admin/promoCodes/:id: any of its terms until its first use; after it only the end date and the caps
 * (the discount, extensions, years and start are what customers were given).
 */
export const promoCodeEditSchema = z
  .strictObject({
    kind: z.enum(['percent', 'amount'], { error: 'Choose percent or amount' }).optional(),
    value: promoValueSchema.optional(),
    tlds: promoTldsSchema.optional(),
    years: z.enum(['first', 'every'], { error: 'Choose the first year only or every year' }).optional(),
    startDate: timestamp.optional(),
    endDate: timestamp.nullable().optional(),
    maxRedemptions: capSchema('total').optional(),
    maxPerCustomer: capSchema('per-customer').optional(),
    reason: z.string().trim().max(1000, 'A reason has at most 1000 characters').optional(),
  })
  .refine((input) => input.kind !== 'percent' || input.value === undefined || input.value <= 100, {
    message: 'A percent discount is at most 100',
    path: ['value'],
  });
export type PromoCodeEdit = z.infer<typeof promoCodeEditSchema>;

/** The promo codes list's page. */
export const promoCodePageSchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  skip: z.coerce.number().int().min(0).default(0),
});

/** POST /api/admin/promoCodes/:id/expire: why it ends now (optional, kept in the audit log). */
export const promoCodeExpireSchema = z.object({ reason: z.string().trim().max(1000).optional() });

/** What may still change once a code has been used. */
export const promoFieldsAfterUse = ['endDate', 'maxRedemptions', 'maxPerCustomer'] as const;

export const promoCodeStatuses = ['scheduled', 'active', 'expired', 'usedUp'] as const;

export const promoCodeSchema = z.strictObject({
  promoCodeId: z.number().int(),
  code: z.string(),
  kind: z.enum(['percent', 'amount']),
  value: z.number().int(),
  tlds: z.array(z.string()),
  years: z.enum(['first', 'every']),
  startDate: timestamp,
  endDate: timestamp.nullable(),
  maxRedemptions: z.number().int().nullable(),
  maxPerCustomer: z.number().int().nullable(),
  /** Redemptions that count against the caps now (orders that did not fail). */
  redemptions: z.number().int(),
  /** Cents taken off orders with it so far. */
  discountTotal: z.number().int(),
  status: z.enum(promoCodeStatuses),
  description: z.string(),
  /** A customer has redeemed it: from then on only its end date and caps can change. */
  hasBeenUsed: z.boolean(),
  createDate: timestamp,
});
export type PromoCode = z.infer<typeof promoCodeSchema>;

/** The code on a cart as the cart answers it: what it takes off, or why it takes nothing. */
export const cartPromoSchema = z.strictObject({
  code: z.string(),
  description: z.string().nullable(),
  /** Cents off the cart now. */
  discount: z.number().int(),
  /** Why the code takes nothing off now ("This code has expired"); null when it applies. */
  error: z.string().nullable(),
});
export type CartPromo = z.infer<typeof cartPromoSchema>;
