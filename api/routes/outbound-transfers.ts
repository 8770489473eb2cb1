/**
 * /api/outboundTransfers/:token: the approval email's link (no sign-in: the token is the proof), to read the transfer
 * away and approve or cancel it. Rate-limited per address, as a token guess would be.
 */
import { Hono } from 'hono';
import { outboundAnswerSchema } from '../contract/selling/for-sale-offer.ts';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';
import { parseBody } from '../http/validate.ts';
import { journalDomainChange } from '../services/journal/customer-changes.ts';
import { answerOutboundTransfer, readOutboundTransfer } from '../services/transfers/outbound-answers.ts';
import { enforce } from '../services/platform/rate-limit.ts';

const limit = (ip: string) => [{ key: `outbound-link:ip:${ip}`, max: 30, windowSeconds: 900 }];
const limitMessage = 'Too many transfer links opened from your address.';

export const outboundTransfersRoutes = new Hono<AppEnv>()
  .get('/:token', async (c) => {
    await enforce(c.var.deps.db, limit(c.var.clientIp), limitMessage);
    c.header('Cache-Control', 'no-store');
    return answer(c, 'GET /outboundTransfers/:token', await readOutboundTransfer(c.var.deps, c.req.param('token')));
  })
  .post('/:token', async (c) => {
    const { action } = await parseBody(c, outboundAnswerSchema);
    await enforce(c.var.deps.db, limit(c.var.clientIp), limitMessage);
    return answer(
      c,
      'POST /outboundTransfers/:token',
      await answerOutboundTransfer(c.var.deps, c.req.param('token'), action, { journal: journalDomainChange, clientIp: c.var.clientIp }),
    );
  });
