/**
 * The cart calls (storefront spec §3, §7): what /api/carts and /api/cartItems accept, and the cart and cart item they
 * answer with. The server types its answers by these; the site's cart store reads them.
 */
import '../zod-config.ts';
import { z } from 'zod';
import { cartContactSchema, contactSchema } from '../contact.ts';
import { cartPromoSchema } from '../promotions/promo-codes.ts';

/** A moment as JSON carries it: ISO 8601 in UTC (`2025-01-31T12:00:00.000Z`). */
const timestamp = z.iso.datetime();

/** `market`: a name another customer sells on its For Sale page, bought at its list price or an accepted offer. */
export const domainTypes = ['new', 'transfer', 'premium', 'market'] as const;

// ---- Requests ----

export const newCartItemSchema = z.object({
  cartId: z.number().int().optional(),
  type: z.literal('domain').default('domain'),
  domain: z.string().trim().min(1, 'domain is required').max(253),
  /** The price the visitor saw; informational only, the server prices every item itself. */
  price: z.number().int().nonnegative().optional(),
  domainType: z.enum(domainTypes).default('new'),
  authCode: z.string().trim().max(255).optional().nullable(),
  years: z.number().int().min(1).max(10).optional(),
  /** A market purchase at an accepted offer's amount: the token from the link emailed to the offerer. */
  offerToken: z.string().trim().min(1).max(100).optional(),
});
export type NewCartItem = z.infer<typeof newCartItemSchema>;

/** POST /api/cartItems: one item, or many (transfers) in one call. */
export const addCartItemsSchema = z.union([newCartItemSchema, z.array(newCartItemSchema).min(1, 'Add at least one item').max(100)]);

export const cartItemPatchSchema = z
  .object({
    cartItemId: z.number().int().optional(),
    years: z.number().int().min(1).max(10).optional(),
    protectionEnabled: z.boolean().optional(),
    emailEnabled: z.boolean().optional(),
    hostingEnabled: z.boolean().optional(),
    authCode: z.string().trim().max(255).nullable().optional(),
    status: z.enum(['active', 'deleted']).optional(),
  })
  .strict();
export type CartItemPatch = z.infer<typeof cartItemPatchSchema>;

const checkoutSourceSchema = z
  .object({
    referrer: z.string().max(2000).nullish(),
    landing: z.string().max(2000).nullish(),
    statedSource: z.string().max(40).nullish(),
    paymentIntentId: z.string().max(200).nullish(),
  })
  .partial();

/** PATCH /api/carts/:id: the checkout form's fields, the chosen card, or `commit: true` to check out. */
export const cartPatchSchema = z.object({
  cartId: z.number().int().optional(),
  contact: cartContactSchema.extend({ password: z.string().max(200).optional(), code: z.string().max(12).optional() }).optional(),
  paymentMethodId: z.number().int().optional(),
  commit: z.boolean().optional(),
  paymentIntentId: z.string().max(200).optional(),
  /** A promo code to apply (checked at once: a 400 says why it does not apply), or null to remove it. */
  promoCode: z
    .string()
    .trim()
    .max(32, 'A promo code has at most 32 characters')
    .transform((code) => code.toUpperCase())
    .nullable()
    .optional(),
  $redirectHost: z.string().max(253).optional(),
  a: checkoutSourceSchema.optional(),
});
export type CartPatch = z.infer<typeof cartPatchSchema>;
/** What a front end sends (a promo code as typed: the server upper-cases it). */
export type CartPatchBody = z.input<typeof cartPatchSchema>;

// ---- Answers ----

export const yearOptionSchema = z.object({ years: z.number().int(), price: z.number().int() });

/** One cart line (GET /api/cartItems/:id, and each of a cart's `cartItems`), priced by the server. */
export const cartItemSchema = z.strictObject({
  cartItemId: z.number().int(),
  cartId: z.number().int(),
  type: z.literal('domain'),
  domain: z.string(),
  domainType: z.enum(domainTypes),
  /** The registry prices the name as premium: a premium registration, or a transfer at the registry's premium fee. */
  premium: z.boolean(),
  authCode: z.string().nullable(),
  years: z.number().int(),
  emailEnabled: z.boolean(),
  hostingEnabled: z.boolean(),
  protectionEnabled: z.boolean(),
  status: z.enum(['active', 'deleted']),
  createDate: timestamp,
  yearOptions: z.array(yearOptionSchema),
  /** Registration or transfer for the chosen term, in cents. */
  price: z.number().int(),
  renewalPrice: z.number().int(),
  protectionPrice: z.number().int(),
  monthlyPrice: z.number().int(),
  /** Everything charged today for this item: term, protection and the first month of its plan. */
  totalPrice: z.number().int(),
  /** Cents the cart's promo code takes off this item (in its cart's answer; 0 elsewhere). */
  discount: z.number().int(),
  /** Cents of tax on the item's total less its discount (in its cart's answer; 0 elsewhere). */
  tax: z.number().int(),
  /** A market purchase: the registration it keeps, and whether its price is an accepted offer's. */
  $market: z.strictObject({ expireDate: timestamp.nullable(), isOffer: z.boolean() }).optional(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartPaymentMethodSchema = z.strictObject({
  paymentMethodId: z.number().int(),
  description: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean(),
});
export type CartPaymentMethod = z.infer<typeof cartPaymentMethodSchema>;

/** GET and PATCH /api/carts/:id. A caller with no cart yet gets an empty one with id 0. */
/** How the cart's tax is shown: VAT included (EU...), sales tax added (US, Canada), reverse-charged, or none. */
export const cartTaxSchema = z.strictObject({
  display: z.enum(['included', 'added', 'none']),
  rate: z.number(),
  label: z.string(),
  place: z.string(),
  reverseCharge: z.boolean(),
  viesUnavailable: z.boolean(),
  /** "Prices include 21% VAT (Netherlands): $2.73.", "Sales tax (4%, New York): $1.15". */
  description: z.string(),
});
export type CartTax = z.infer<typeof cartTaxSchema>;

export const cartSchema = z.strictObject({
  cartId: z.number().int(),
  uuid: z.string().nullable(),
  accountId: z.number().int().nullable(),
  status: z.enum(['active', 'deleted', 'checkedOut']),
  contact: cartContactSchema.nullable(),
  verified: z.boolean(),
  paymentMethodId: z.number().int(),
  paymentSetupComplete: z.boolean(),
  paymentStatus: z.string().nullable(),
  createDate: timestamp.nullable(),
  modifyDate: timestamp.nullable(),
  checkoutDate: timestamp.nullable(),
  deleteDate: timestamp.nullable(),
  itemCount: z.number().int(),
  oneTimePrice: z.number().int(),
  monthlyPrice: z.number().int(),
  /** Cents the promo code takes off, and what account credit pays. */
  discountPrice: z.number().int(),
  creditPrice: z.number().int(),
  /** Cents of tax in the total (VAT included or sales tax added; 0 when reverse-charged or none). */
  taxPrice: z.number().int(),
  /** Due today: one-time and first month, less the discount, plus the tax, less the credit. */
  totalPrice: z.number().int(),
  promoCode: z.string().nullable(),
  /** Null while a visitor has not given their country: the tax is worked out from the billing address. */
  $tax: cartTaxSchema.nullable(),
  /** The applied code: what it takes off, or why nothing (it expired, the cart has nothing it applies to). */
  $promo: cartPromoSchema.nullable(),
  $isLoggedIn: z.boolean(),
  /** A visitor's new-account password is stored hashed; the cart only says whether one is set. */
  $hasPassword: z.boolean(),
  /** A signed-in buyer's contact, shown as a summary in place of the checkout form. */
  $accountContact: contactSchema.nullable(),
  $paymentMethods: z.array(cartPaymentMethodSchema),
  $paymentMethodDescription: z.string().nullable(),
  $virtualColumns: z.array(z.string()),
  /** With `$relations[]=cartItems` (and always after a PATCH). */
  cartItems: z.array(cartItemSchema).optional(),
});
export type Cart = z.infer<typeof cartSchema>;
