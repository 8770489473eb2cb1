/** Email and websites as the account app runs them: addresses and their usage, set-up instructions, the site builder's content. */
import { z } from 'zod';
import { domainEmailSchema } from '../../contract/domains/domain.ts';
import { domainIdQuerySchema } from '../../contract/dns/dns.ts';
import { emailCreatedSchema, emailCreateSchema, emailUpdateSchema, emailUsageSchema, sendInstructionsSchema } from '../../contract/email/email.ts';
import { siteContentUpdateSchema, websiteSettingsSchema } from '../../contract/websites/website.ts';
import { idParamSchema } from '../../http/validate.ts';
import { listOf } from '../operations.ts';
import { answers } from './answers.ts';

const idPath = z.object({ id: idParamSchema });

export const emailAppOperations = {
  'GET /emails': { summary: "A domain's mailboxes and forwards", query: domainIdQuerySchema, response: answers('EmailList', listOf(domainEmailSchema)) },
  'POST /emails': {
    summary: 'Add a mailbox or a forward',
    body: { name: 'EmailCreate', schema: emailCreateSchema },
    response: answers('EmailCreated', emailCreatedSchema, 201),
  },
  'PATCH /emails/:id': {
    summary: 'Change an address: to a forward or a mailbox, its destination or its password',
    path: idPath,
    body: { name: 'EmailUpdate', schema: emailUpdateSchema },
    response: answers('DomainEmail', domainEmailSchema),
  },
  'DELETE /emails/:id': { summary: 'Delete an address', path: idPath, response: answers('DomainEmail', domainEmailSchema) },
  'GET /emails/:id/usage': { summary: "A mailbox's storage used", path: idPath, response: answers('EmailUsage', emailUsageSchema) },
  'POST /emails/:id/instructions': {
    summary: "Email a mailbox's set-up instructions",
    path: idPath,
    body: { name: 'SendInstructions', schema: sendInstructionsSchema },
    response: answers('Sent', z.strictObject({ message: z.string() })),
  },
  'GET /websites/:id': {
    summary: "A domain's website settings and builder content",
    path: idPath,
    response: answers('WebsiteSettings', websiteSettingsSchema),
  },
  'PATCH /websites/:id': {
    summary: "Save the site builder's content",
    path: idPath,
    body: { name: 'SiteContentUpdate', schema: siteContentUpdateSchema },
    response: answers('WebsiteSettings', websiteSettingsSchema),
  },
};
