/** The back office's customers: the search, a customer's page, and the help actions on it (each audited, most with a reason). */
import { z } from 'zod';
import { customerHitSchema, customerNoteViewSchema, customerRecordSchema } from '../../contract/support/customers.ts';
import {
  customerCloseSchema,
  customerEditSchema,
  customerNoteSchema,
  customerSearchSchema,
  resetFactorsSchema,
  revokeApiTokensSchema,
  viewAsSchema,
} from '../../contract/support/support-schemas.ts';
import { idParamSchema } from '../../http/validate.ts';
import { listOf } from '../operations.ts';
import { answers } from './answers.ts';

const customerPath = z.object({ id: idParamSchema });
/** A help action done, in words for the toast. */
const helped = answers('CustomerHelped', z.strictObject({ success: z.literal(true), message: z.string() }));
const revoked = answers('CustomerRevoked', z.strictObject({ revoked: z.number().int() }));

export const adminCustomersAppOperations = {
  'GET /admin/customers': {
    summary: 'Find customers by email, name, phone, domain, order or transaction number (each search is audited)',
    query: customerSearchSchema,
    response: answers('CustomerHitList', listOf(customerHitSchema)),
  },
  'GET /admin/customers/:id': {
    summary: "A customer's page: contacts, domains, factors, sessions, tokens, cards, orders, ledger, notes, audit (the read is audited)",
    path: customerPath,
    response: answers('CustomerRecord', customerRecordSchema),
  },
  'PATCH /admin/customers/:id': {
    summary: 'Change admin, tech or billing contacts and the login email at the customer’s request (they are emailed)',
    path: customerPath,
    body: { name: 'CustomerEdit', schema: customerEditSchema },
    response: answers('CustomerEdited', z.strictObject({ success: z.literal(true), email: z.string(), message: z.string() })),
  },
  'POST /admin/customers/:id/close': {
    summary: 'Close the account at the customer’s request',
    path: customerPath,
    body: { name: 'CustomerClose', schema: customerCloseSchema },
    response: answers('CustomerClosed', z.strictObject({ message: z.string() })),
  },
  'POST /admin/customers/:id/viewAs': {
    summary: "Open the customer's control panel read-only in this browser (a short customer session marked as staff's)",
    path: customerPath,
    body: { name: 'ViewAs', schema: viewAsSchema },
    response: answers('ViewAsStarted', z.strictObject({ success: z.literal(true), redirect: z.string(), until: z.string(), email: z.string() })),
  },
  'POST /admin/customers/:id/notes': {
    summary: 'Add a staff note',
    path: customerPath,
    body: { name: 'CustomerNote', schema: customerNoteSchema },
    response: answers('CustomerNoteView', customerNoteViewSchema, 201),
  },
  'POST /admin/customers/:id/resendRecovery': { summary: 'Send a password reset link', path: customerPath, response: helped },
  'POST /admin/customers/:id/resendApproval': { summary: 'Send the registrant change approval email again', path: customerPath, response: helped },
  'POST /admin/customers/:id/resendVerification': { summary: 'Send the registrant verification email again', path: customerPath, response: helped },
  'POST /admin/customers/:id/revokeSessions': { summary: 'Sign the customer out everywhere', path: customerPath, response: revoked },
  'POST /admin/customers/:id/revokeApiTokens': {
    summary: 'Revoke one API token, or every live one when none is named',
    path: customerPath,
    body: { name: 'RevokeApiTokens', schema: revokeApiTokensSchema },
    response: revoked,
  },
  'POST /admin/customers/:id/resetFactors': {
    summary: 'Reset two-step verification (the customer adds a new factor at next sign-in)',
    path: customerPath,
    body: { name: 'ResetFactors', schema: resetFactorsSchema },
    response: helped,
  },
};
