/** /api/emails: the caller's mailboxes and forwards (list by domainId, add, update, delete), usage, set-up instructions. */
import { Hono } from 'hono';
import { z } from 'zod';
import { emailCreateSchema, emailUpdateSchemaFor, sendInstructionsSchema } from '../contract/email/email.ts';
import { requireAccount } from '../http/auth.ts';
import { answer } from '../http/answer.ts';
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
    return answer(c, 'GET /emails', await listEmails(c.var.deps.db, accountId, domainId));
  })
  .post('/', async (c) => {
    const { accountId } = requireAccount(c);
    const input = await parseBody(c, emailCreateSchema);
    return answer(c, 'POST /emails', await createEmail(c.var.deps, accountId, input));
  })
  .patch('/:id', async (c) => {
    const { accountId } = requireAccount(c);
    const body = await readJson(c);
    const update = parseWith(emailUpdateSchemaFor(body), body);
    return answer(c, 'PATCH /emails/:id', await updateEmail(c.var.deps, accountId, parseId(c), update));
  })
  .delete('/:id', async (c) => {
    const { accountId } = requireAccount(c);
    return answer(c, 'DELETE /emails/:id', await deleteEmail(c.var.deps, accountId, parseId(c)));
  })
  .get('/:id/usage', async (c) => {
    const { accountId } = requireAccount(c);
    return answer(c, 'GET /emails/:id/usage', await readEmailUsage(c.var.deps, accountId, parseId(c)));
  })
  .post('/:id/instructions', async (c) => {
    const { accountId } = requireAccount(c);
    const { email } = await parseBody(c, sendInstructionsSchema);
    return answer(
      c,
      'POST /emails/:id/instructions',
      await sendSetupInstructions(c.var.deps, { accountId, emailId: parseId(c), to: email, clientIp: c.var.clientIp }),
    );
  });
