/** /api/cartItems: add one or many items, change term, plan or protection, remove. Prices come from the server. */
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { z } from 'zod';
import { now } from '../clock.ts';
import { isDomainName, normaliseDomainInput } from '../contract/domain-name.ts';
import { cartItems, carts } from '../db/schema/index.ts';
import { AppError, conflict } from '../errors.ts';
import type { AppEnv } from '../http/env.ts';
import { parseBody, parseId } from '../http/validate.ts';
import { assertCartOwner, cartItemView, priceCartItem } from '../services/carts.ts';
import { catalogue } from '../services/catalogue.ts';
import { cartOwner, writableCart } from './carts.ts';

const newItemSchema = z.object({
  cartId: z.number().int().optional(),
  type: z.literal('domain').default('domain'),
  domain: z.string().trim().min(1, 'domain is required').max(253),
  /** The price the visitor saw; informational only, the server prices every item itself. */
  price: z.number().int().nonnegative().optional(),
  domainType: z.enum(['new', 'transfer', 'premium']).default('new'),
  authCode: z.string().trim().max(255).optional().nullable(),
  years: z.number().int().min(1).max(10).optional(),
});
export type NewCartItem = z.infer<typeof newItemSchema>;

const addSchema = z.union([newItemSchema, z.array(newItemSchema).min(1, 'Add at least one item').max(100)]);

const patchSchema = z
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

function cleanDomain(input: string): string {
  const name = normaliseDomainInput(input);
  if (!name.ok) throw new AppError(400, `${input}: ${name.message}`);
  if (!name.tld || !isDomainName(name.ascii)) throw new AppError(400, `${input} is not a full domain name, like example.com`);
  if (!catalogue().forDomain(name.ascii)) throw new AppError(400, `We do not sell .${name.tld} names`);
  return name.ascii;
}

/** Adds items to the caller's cart. New names are re-checked with the registry; premium prices come from it. */
async function addItems(c: Context<AppEnv>, items: NewCartItem[]) {
  const { db, providers } = c.var.deps;
  const cart = await writableCart(c);
  const wanted = items.map((item) => ({ ...item, domain: cleanDomain(item.domain) }));
  const registrations = wanted.filter((i) => i.domainType !== 'transfer').map((i) => i.domain);
  const availability = new Map((await providers.registry.check(registrations)).map((a) => [a.domain, a]));
  const existing = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cart.cartId), eq(cartItems.status, 'active')));
  const added = [];
  for (const item of wanted) {
    const already = existing.find((e) => e.domain === item.domain);
    if (already) {
      added.push(already);
      continue;
    }
    let domainType = item.domainType;
    let premiumPrice: number | null = null;
    if (domainType !== 'transfer') {
      const answer = availability.get(item.domain);
      if (!answer?.available) throw conflict(`${item.domain} is no longer available`, { domain: item.domain });
      if (answer.premiumPrice != null) {
        domainType = 'premium';
        premiumPrice = answer.premiumPrice;
      } else {
        domainType = 'new';
      }
    }
    const [row] = await db
      .insert(cartItems)
      .values({
        cartId: cart.cartId,
        domain: item.domain,
        domainType,
        premiumPrice,
        authCode: item.authCode ?? null,
        years: item.years ?? 1,
      })
      .returning();
    added.push(row);
  }
  await db.update(carts).set({ modifyDate: now() }).where(eq(carts.cartId, cart.cartId));
  return added.map(cartItemView);
}

async function ownedItem(c: Context<AppEnv>) {
  const id = parseId(c);
  const { db } = c.var.deps;
  const [row] = await db
    .select({ item: cartItems, cart: carts })
    .from(cartItems)
    .innerJoin(carts, eq(carts.cartId, cartItems.cartId))
    .where(eq(cartItems.cartItemId, id))
    .limit(1);
  if (!row) throw new AppError(404, 'Cart item not found');
  assertCartOwner(row.cart, cartOwner(c));
  if (row.cart.status !== 'active') throw new AppError(409, 'This cart has already been checked out');
  return row.item;
}

export const cartItemsRoutes = new Hono<AppEnv>()
  .post('/', async (c) => {
    const body = await parseBody(c, addSchema);
    const views = await addItems(c, Array.isArray(body) ? body : [body]);
    return c.json(Array.isArray(body) ? views : views[0], 201);
  })
  .get('/:id', async (c) => c.json(cartItemView(await ownedItem(c))))
  .patch('/:id', async (c) => {
    const body = await parseBody(c, patchSchema);
    const item = await ownedItem(c);
    const { cartItemId: _ignored, ...changes } = body;
    if (changes.years !== undefined) {
      const options = priceCartItem(item).yearOptions.map((o) => o.years);
      if (!options.includes(changes.years)) {
        throw new AppError(400, `years: must be one of ${options.join(', ')}`);
      }
    }
    const [row] = await c.var.deps.db.update(cartItems).set(changes).where(eq(cartItems.cartItemId, item.cartItemId)).returning();
    return c.json(cartItemView(row));
  })
  .delete('/:id', async (c) => {
    const item = await ownedItem(c);
    const [row] = await c.var.deps.db
      .update(cartItems)
      .set({ status: 'deleted' })
      .where(eq(cartItems.cartItemId, item.cartItemId))
      .returning();
    return c.json(cartItemView(row));
  });
