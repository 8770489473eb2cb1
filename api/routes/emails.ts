/** /api/emails: the caller's mailboxes and forwards (list by domainId, add, update, delete), usage, set-up instructions. */
import { Hono } from 'hono';
import { z } from 'zod';
import { emailCreateSchema, emailUpdateSchemaFor, sendInstructionsSchema } from '../contract/email/email.ts';
import { requireAccount } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { idParamSchema, parseBody, parseId, parseWith, readJson } from '../http/validate.ts';
import { createEmail, deleteEmail, listEmails, readEmailUsage, sendSetupInstructions, updateEmail } from '../services/email/emails.ts';

const listQuerySchema = z.object({ domainId: idParamSchema.pipe(z.number().positive('Choose a domain: ?domainId=')) });

export const emailsRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  })
  .get('/', async (c) => {
    const { accountId } = requireAccount(c);
    const { domainId } = parseWith(listQuerySchema, { domainId: c.req.query('domainId') });
    return c.json(await listEmails(c.var.deps.db, accountId, domainId));
  })
  .post('/', async (c) => {
    const { accountId } = requireAccount(c);
    const input = await parseBody(c, emailCreateSchema);
    return c.json(await createEmail(c.var.deps, accountId, input), 201);
  })
  .patch('/:id', async (c) => {
    const { accountId } = requireAccount(c);
    const body = await readJson(c);
    const update = parseWith(emailUpdateSchemaFor(body), body);
    return c.json(await updateEmail(c.var.deps, accountId, parseId(c), update));
  })
  .delete('/:id', async (c) => {
    const { accountId } = requireAccount(c);
    return c.json(await deleteEmail(c.var.deps, accountId, parseId(c)));
  })
  .get('/:id/usage', async (c) => {
    const { accountId } = requireAccount(c);
    return c.json(await readEmailUsage(c.var.deps, accountId, parseId(c)));
  })
  .post('/:id/instructions', async (c) => {
    const { accountId } = requireAccount(c);
    const { email } = await parseBody(c, sendInstructionsSchema);
    return c.json(await sendSetupInstructions(c.var.deps, { accountId, emailId: parseId(c), to: email, clientIp: c.var.clientIp }));
  });
