/**
 * Sandbox mode only: the outbox, so a tester can read SMS codes and reset links, and another registrar asking for a
 * transfer away. 404 once any provider is real.
 */
import { Hono } from 'hono';
import { notFound } from '../errors.ts';
import type { AppEnv } from '../http/env.ts';
import { readOutbox } from '../services/platform/messages.ts';
import { simulatedTransferSchema } from '../contract/selling/for-sale-offer.ts';
import { parseBody } from '../http/validate.ts';
import { simulateTransferRequest } from '../services/transfers/outbound-transfers.ts';

export const devRoutes = new Hono<AppEnv>()
  .get('/outbox', async (c) => {
    if (!c.var.deps.config.sandboxMode) throw notFound();
    const rows = await readOutbox(c.var.deps.db);
    c.header('Cache-Control', 'no-store');
    return c.json({ data: rows });
  })
  // Another registrar asks the sandbox registry for one of our names with its auth code (a transfer away).
  .post('/outboundTransfers', async (c) => {
    if (!c.var.deps.config.sandboxMode) throw notFound();
    const input = await parseBody(c, simulatedTransferSchema);
    return c.json(await simulateTransferRequest(c.var.deps, input));
  });
