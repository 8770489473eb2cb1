/** The back office's dashboard, and putting a failed background job back. */
import { z } from 'zod';
import { dashboardSchema } from '../../contract/dashboard/dashboard.ts';
import { answers } from './answers.ts';

export const adminDashboardAppOperations = {
  'GET /admin/dashboard': { summary: 'The figures every role sees', response: answers('Dashboard', dashboardSchema) },
  'POST /admin/dashboard/jobs/:name/:id/retry': {
    summary: 'Put a failed background job back in its queue',
    path: z.object({ name: z.string(), id: z.string() }),
    response: answers('JobRetried', z.strictObject({ success: z.literal(true), message: z.string() })),
  },
};
