/** /api/mfas: the caller's two-factor methods, never their secrets (enrolment comes with the account-information work). */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { mfas } from '../db/schema/index.ts';
import { requireAccount } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { readListQuery } from '../http/list-query.ts';
import { AppError } from '../errors.ts';
import { mfaView } from '../services/mfa.ts';

const statuses = ['pending', 'active', 'deleted'] as const;
type Status = (typeof statuses)[number];

export const mfasRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { accountId } = requireAccount(c);
  const query = readListQuery(c);
  const { status = [], ...others } = query.filters;
  if (Object.keys(others).length) throw new AppError(400, `Cannot filter by ${Object.keys(others).join(', ')}`);
  const bad = status.filter((s) => !statuses.includes(s as Status));
  if (bad.length) throw new AppError(400, `status must be one of ${statuses.join(', ')}`);
  const rows = await c.var.deps.db
    .select()
    .from(mfas)
    .where(and(eq(mfas.accountId, accountId), status.length ? inArray(mfas.status, status as Status[]) : undefined))
    .orderBy(asc(mfas.mfaId));
  const data = rows.map(mfaView);
  c.header('Cache-Control', 'no-store');
  return c.json({ total: data.length, limit: query.limit, skip: query.skip, data: data.slice(query.skip, query.skip + query.limit) });
});
