/** /api/admin/customers: find a customer, read their page, and help them (each call audited by its service). */
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import brand from '../../content/brand.json' with { type: 'json' };
import {
  customerCloseSchema,
  customerEditSchema,
  customerNoteSchema,
  customerSearchSchema,
  resetFactorsSchema,
  revokeApiTokensSchema,
  viewAsSchema,
} from '../contract/support/support-schemas.ts';
import { answer } from '../http/answer.ts';
import { sessionCookie, writeCookie } from '../http/cookies.ts';
import { closeCustomerAccount } from '../services/support/account-close.ts';
import { editCustomer } from '../services/support/customer-edit.ts';
import { startViewAs, viewAsMinutes } from '../services/support/view-as.ts';
import { type AdminEnv, allow, staffActor } from '../http/staff-auth.ts';
import { parseBody, parseId, parseWith } from '../http/validate.ts';
import {
  addCustomerNote,
  resendChangeApproval,
  resendRecoveryEmail,
  resendRegistrantVerification,
  resetCustomerFactors,
  revokeCustomerApiTokens,
  revokeCustomerSessions,
  searchCustomersAsStaff,
  viewCustomer,
} from '../services/support/customer-help.ts';

export const adminCustomersRoutes = new Hono<AdminEnv>()
  .get('/', allow('customers:read'), async (c) => {
    const { q } = parseWith(customerSearchSchema, { q: c.req.query('q') });
    const data = await searchCustomersAsStaff(c.var.deps, staffActor(c), q);
    return answer(c, 'GET /admin/customers', { total: data.length, limit: data.length, skip: 0, data });
  })
  .get('/:id', allow('customers:read'), async (c) => answer(c, 'GET /admin/customers/:id', await viewCustomer(c.var.deps, staffActor(c), parseId(c))))
  .post('/:id/close', allow('customers:close'), async (c) => {
    const { reason } = await parseBody(c, customerCloseSchema);
    return answer(c, 'POST /admin/customers/:id/close', await closeCustomerAccount(c.var.deps, staffActor(c), parseId(c), reason, brand.name));
  })
  .patch('/:id', allow('customers:edit'), async (c) => {
    const input = await parseBody(c, customerEditSchema);
    const { changed, email } = await editCustomer(c.var.deps, staffActor(c), parseId(c), input, brand.name);
    return answer(c, 'PATCH /admin/customers/:id', { success: true, email, message: `Changed the ${changed.join(' and ')}; the customer was emailed` });
  })
  // Opens the customer's control panel read-only in this browser: a short customer session marked as staff's.
  .post('/:id/viewAs', allow('customers:view-as'), async (c) => {
    const { reason } = await parseBody(c, viewAsSchema);
    const actor = staffActor(c);
    const view = await startViewAs(c.var.deps, actor, parseId(c), reason, { ip: actor.ip, userAgent: c.req.header('user-agent') });
    writeCookie(c as unknown as Context<AppEnv>, sessionCookie, view.token, viewAsMinutes * 60);
    return answer(c, 'POST /admin/customers/:id/viewAs', {
      success: true,
      redirect: '/account/domains',
      until: view.expireDate.toISOString(),
      email: view.email,
    });
  })
  .post('/:id/notes', allow('customers:notes'), async (c) => {
    const { body } = await parseBody(c, customerNoteSchema);
    return answer(c, 'POST /admin/customers/:id/notes', await addCustomerNote(c.var.deps, staffActor(c), parseId(c), body));
  })
  .post('/:id/resendRecovery', allow('customers:help'), async (c) => {
    await resendRecoveryEmail(c.var.deps, staffActor(c), parseId(c), brand.name);
    return answer(c, 'POST /admin/customers/:id/resendRecovery', { success: true, message: 'Password reset link sent' });
  })
  .post('/:id/resendApproval', allow('customers:help'), async (c) => {
    const { sentTo } = await resendChangeApproval(c.var.deps, staffActor(c), parseId(c), brand.name);
    return answer(c, 'POST /admin/customers/:id/resendApproval', { success: true, message: `Approval link sent again to ${sentTo}` });
  })
  .post('/:id/resendVerification', allow('customers:help'), async (c) => {
    const { sentTo } = await resendRegistrantVerification(c.var.deps, staffActor(c), parseId(c));
    return answer(c, 'POST /admin/customers/:id/resendVerification', { success: true, message: `Verification email sent again to ${sentTo}` });
  })
  .post('/:id/revokeSessions', allow('customers:help'), async (c) =>
    answer(c, 'POST /admin/customers/:id/revokeSessions', await revokeCustomerSessions(c.var.deps, staffActor(c), parseId(c))),
  )
  .post('/:id/revokeApiTokens', allow('customers:help'), async (c) => {
    const { apiTokenId } = await parseBody(c, revokeApiTokensSchema);
    return answer(c, 'POST /admin/customers/:id/revokeApiTokens', await revokeCustomerApiTokens(c.var.deps, staffActor(c), parseId(c), apiTokenId));
  })
  .post('/:id/resetFactors', allow('customers:reset-factors'), async (c) => {
    const { reason } = await parseBody(c, resetFactorsSchema);
    await resetCustomerFactors(c.var.deps, staffActor(c), parseId(c), reason, brand.name);
    return answer(c, 'POST /admin/customers/:id/resetFactors', {
      success: true,
      message: 'Second factors reset; the customer was emailed and must add one at next sign-in',
    });
  });
