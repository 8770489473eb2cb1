/** /api/admin/promoCodes: promo codes with their use, creating one, editing one, and ending one now (billing and owner). */
import { Hono } from 'hono';
import { promoCodeCreateSchema, promoCodeEditSchema, promoCodeExpireSchema, promoCodePageSchema } from '../contract/promotions/promo-codes.ts';
import { answer } from '../http/answer.ts';
import { type AdminEnv, allow, staffActor } from '../http/staff-auth.ts';
import { parseBody, parseId, parseWith } from '../http/validate.ts';
import { createPromoCode, expirePromoCode, listPromoCodes } from '../services/promotions/promo-codes.ts';
import { editPromoCode } from '../services/promotions/promo-edit.ts';

export const adminPromosRoutes = new Hono<AdminEnv>()
  .get('/', allow('promos:read'), async (c) => {
    const page = parseWith(promoCodePageSchema, c.req.query());
    return answer(c, 'GET /admin/promoCodes', { ...(await listPromoCodes(c.var.deps.db, page)), ...page });
  })
  .post('/', allow('promos:manage'), async (c) => {
    const input = await parseBody(c, promoCodeCreateSchema);
    return answer(c, 'POST /admin/promoCodes', await createPromoCode(c.var.deps.db, staffActor(c), input));
  })
  .patch('/:id', allow('promos:manage'), async (c) => {
    const input = await parseBody(c, promoCodeEditSchema);
    return answer(c, 'PATCH /admin/promoCodes/:id', await editPromoCode(c.var.deps.db, staffActor(c), parseId(c), input));
  })
  .post('/:id/expire', allow('promos:manage'), async (c) => {
    const { reason } = await parseBody(c, promoCodeExpireSchema);
    const { after } = await expirePromoCode(c.var.deps.db, staffActor(c), parseId(c), reason);
    return answer(c, 'POST /admin/promoCodes/:id/expire', after);
  });
