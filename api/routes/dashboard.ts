/** /api/admin/dashboard: the figures every role sees, and putting a failed background job back (owner). */
import { Hono } from 'hono';
import { z } from 'zod';
import { answer } from '../http/answer.ts';
import { type AdminEnv, allow, staffActor } from '../http/staff-auth.ts';
import { parseWith } from '../http/validate.ts';
import { readDashboard, retryFailedJob } from '../services/dashboard/dashboard.ts';

const jobSchema = z.object({ name: z.string().regex(/^[a-z-]{1,60}$/, 'Not a job kind'), id: z.string().uuid('Not a job id') });

export const adminDashboardRoutes = new Hono<AdminEnv>()
  .get('/', allow('dashboard:read'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return answer(c, 'GET /admin/dashboard', await readDashboard(c.var.deps));
  })
  .post('/jobs/:name/:id/retry', allow('jobs:manage'), async (c) => {
    const { name, id } = parseWith(jobSchema, c.req.param());
    await retryFailedJob(c.var.deps, staffActor(c), name, id);
    return answer(c, 'POST /admin/dashboard/jobs/:name/:id/retry', { success: true, message: 'The job is queued to run again' });
  });
