/** The back office's dashboard and the lists behind its figures, putting a failed background job back, and the escrow screen. */
import { z } from 'zod';
import { escrowDepositNowSchema, escrowScreenSchema } from '../../contract/compliance/escrow.ts';
import { dashboardSchema } from '../../contract/dashboard/dashboard.ts';
import { revenueListSchema, revenueQuerySchema } from '../../contract/billing/revenue-list.ts';
import { renewedQuerySchema, renewedRowSchema } from '../../contract/renewals/renewed-list.ts';
import { listOf } from '../operations.ts';
import { answers } from './answers.ts';

export const adminDashboardAppOperations = {
  'GET /admin/dashboard': { summary: 'The figures every role sees', response: answers('Dashboard', dashboardSchema) },
  'POST /admin/dashboard/jobs/:name/:id/retry': {
    summary: 'Put a failed background job back in its queue',
    path: z.object({ name: z.string(), id: z.string() }),
    response: answers('JobRetried', z.strictObject({ success: z.literal(true), message: z.string() })),
  },
  'GET /admin/renewed': {
    summary: 'Renewals that went through since a day: the list behind the Renewals figure',
    query: renewedQuerySchema,
    response: answers('RenewedList', listOf(renewedRowSchema)),
  },
  'GET /admin/revenue': {
    summary: "Card payments taken and sellers' shares since a day: the list behind the Revenue figure",
    query: revenueQuerySchema,
    response: answers('RevenueList', revenueListSchema),
  },
  'GET /admin/escrow': { summary: 'Escrow deposits, the next run, and what is wrong if anything', response: answers('EscrowScreen', escrowScreenSchema) },
  'POST /admin/escrow/deposits': {
    summary: 'Make a deposit now',
    body: { name: 'EscrowDepositNow', schema: escrowDepositNowSchema },
    response: answers('EscrowScreen', escrowScreenSchema),
  },
};
