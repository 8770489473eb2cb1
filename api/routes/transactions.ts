/**
 * /api/transactions: billing history. `?yyyymm=` answers one month's rows with per-type totals in metaData
 * (control-panel spec §7); `&$pdf=true` answers the month's statement as a PDF download named brand + yyyymm.
 */
import { Hono } from 'hono';
import { transactionsQuerySchema } from '../contract/billing/transactions.ts';
import { requireAccount } from '../http/auth.ts';
import { answer } from '../http/answer.ts';
import type { AppEnv } from '../http/env.ts';
import { parseId, parseWith } from '../http/validate.ts';
import { enforce } from '../services/platform/rate-limit.ts';
import { renderStatement } from '../services/billing/statements.ts';
import { findTransaction, listMonthTransactions } from '../services/billing/transactions.ts';

export const transactionsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const { accountId } = requireAccount(c);
    const query = parseWith(transactionsQuerySchema, c.req.query());
    c.header('Cache-Control', 'no-store');
    if (query.$pdf !== 'true') return answer(c, 'GET /transactions', await listMonthTransactions(c.var.deps.db, accountId, query.yyyymm));
    // Drawing a PDF costs far more than a JSON answer: a generous cap stops a loop from hogging a worker.
    await enforce(c.var.deps.db, [{ key: `statement-pdf:${accountId}`, max: 60, windowSeconds: 600 }], 'Too many statement downloads.');
    const { filename, pdf } = await renderStatement(c.var.deps.db, accountId, query.yyyymm);
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${filename}"`,
    });
  })
  .get('/:id', async (c) => {
    const { accountId } = requireAccount(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await findTransaction(c.var.deps.db, accountId, parseId(c)));
  });
