/** /api/admin/promoCodes: promo codes with their use, creating one, editing one, and ending one now (billing and owner). */
import { Hono } from 'hono';
import { z } from 'zod';
import { promoCodeCreateSchema, promoCodeEditSchema } from '../contract/promotions/promo-codes.ts';
import { type AdminEnv, allow, staffActor } from '../http/staff-auth.ts';
import { parseBody, parseId, parseWith } from '../http/validate.ts';
import { createPromoCode, expirePromoCode, listPromoCodes } from '../services/promotions/promo-codes.ts';
import { editPromoCode } from '../services/promotions/promo-edit.ts';

const pageSchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50), skip: z.coerce.number().int().min(0).default(0) });
const expireSchema = z.object({ reason: z.string().trim().max(1000).optional() });

export const adminPromosRoutes = new Hono<AdminEnv>()
  .get('/', allow('promos:read'), async (c) => {
    const page = parseWith(pageSchema, c.req.query());
    return c.json({ ...(await listPromoCodes(c.var.deps.db, page)), ...page });
  })
  .post('/', allow('promos:manage'), async (c) => {
    const input = await parseBody(c, promoCodeCreateSchema);
    return c.json(await createPromoCode(c.var.deps.db, staffActor(c), input), 201);
  })
  .patch('/:id', allow('promos:manage'), async (c) => {
    const input = await parseBody(c, promoCodeEditSchema);
    return c.json(await editPromoCode(c.var.deps.db, staffActor(c), parseId(c), input));
  })
  .post('/:id/expire', allow('promos:manage'), async (c) => {
    const { reason } = await parseBody(c, expireSchema);
    const { after } = await expirePromoCode(c.var.deps.db, staffActor(c), parseId(c), reason);
    return c.json(after);
  });
