/** The back office's abuse desk: the cases with their clocks, one case, the figures, the first-action clock, and the actions on a case (each with a reason). */
import { z } from 'zod';
import {
  abuseCaseDetailSchema,
  abuseCaseListQuerySchema,
  abuseCaseSummarySchema,
  abuseFiguresSchema,
  abuseSettingsSchema,
  askReporterSchema,
  closeCaseSchema,
  notifyRegistrantSchema,
  removeContentSchema,
  withCaseReasonSchema,
} from '../../contract/compliance/abuse-desk.ts';
import { idParamSchema } from '../../http/validate.ts';
import { listOf } from '../operations.ts';
import { answers } from './answers.ts';

const casePath = z.object({ id: idParamSchema });
const theCase = answers('AbuseCaseDetail', abuseCaseDetailSchema);
const caseReason = { name: 'AbuseCaseReason', schema: withCaseReasonSchema };

export const adminAbuseAppOperations = {
  'GET /admin/abuse/cases': {
    summary: 'Abuse cases with their clocks: open ones oldest first, law-enforcement reports on top',
    query: abuseCaseListQuerySchema,
    response: answers('AbuseCaseList', listOf(abuseCaseSummarySchema)),
  },
  'GET /admin/abuse/figures': {
    summary: "The desk's figures over 30 days: median times, cases by category and by outcome, the first-action clock",
    response: answers('AbuseFigures', abuseFiguresSchema),
  },
  'PATCH /admin/abuse/settings': {
    summary: 'Set the first-action clock (with a reason); answers the figures',
    body: { name: 'AbuseSettings', schema: abuseSettingsSchema },
    response: answers('AbuseFigures', abuseFiguresSchema),
  },
  'GET /admin/abuse/cases/:id': {
    summary: 'One case: its reports, timeline and our domain of the name (the read is audited)',
    path: casePath,
    response: theCase,
  },
  'POST /admin/abuse/cases/:id/acknowledge': { summary: 'Acknowledge the reports', path: casePath, response: theCase },
  'POST /admin/abuse/cases/:id/ask-reporter': {
    summary: 'Ask the reporter for more',
    path: casePath,
    body: { name: 'AskReporter', schema: askReporterSchema },
    response: theCase,
  },
  'POST /admin/abuse/cases/:id/notify-registrant': {
    summary: 'Send the registrant our abuse notice, with a deadline to reply',
    path: casePath,
    body: { name: 'NotifyRegistrant', schema: notifyRegistrantSchema },
    response: theCase,
  },
  'POST /admin/abuse/cases/:id/suspend': { summary: 'Suspend the domain for abuse', path: casePath, body: caseReason, response: theCase },
  'POST /admin/abuse/cases/:id/unsuspend': { summary: 'Lift the abuse suspension', path: casePath, body: caseReason, response: theCase },
  'POST /admin/abuse/cases/:id/lock': { summary: 'Lock the domain against transfer', path: casePath, body: caseReason, response: theCase },
  'POST /admin/abuse/cases/:id/remove-content': {
    summary: 'Remove the DNS records or the forwarding that carry the abuse',
    path: casePath,
    body: { name: 'RemoveAbusiveContent', schema: removeContentSchema },
    response: theCase,
  },
  'POST /admin/abuse/cases/:id/close': {
    summary: 'Close the case with an outcome (the reporter and the registrant are told)',
    path: casePath,
    body: { name: 'CloseAbuseCase', schema: closeCaseSchema },
    response: theCase,
  },
};
