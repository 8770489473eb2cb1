/**
 * Mail the application writes (here a recovery link) reaches a real SMTP server marked `Auto-Submitted:
 * auto-generated` (RFC 3834), so the other side's vacation responders and ticket systems leave it unanswered.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../api/db/schema/index.ts';
import { createSmtpMail } from '../../../api/providers/mail/smtp.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { type SmtpDestination, startSmtpDestination } from '../../fixtures/smtp-destination.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
let inbox: SmtpDestination;
beforeAll(async () => {
  inbox = await startSmtpDestination();
  t = await createTestContext({ providers: () => ({ mail: createSmtpMail(inbox.url, 'Dotspot <no-reply@dotspot.example>') }) });
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

describe('mail the application writes', () => {
  it('goes out marked Auto-Submitted: auto-generated', async () => {
    const buyer = await signedInBuyer(t, 'forgot-password@example.org');
    await t.db.update(users).set({ passwordHash: 'x' }).where(eq(users.userId, buyer.userId));
    const visitor = t.client();
    const asked = await visitor.post('/api/session', { type: 'recovery', email: 'forgot-password@example.org', recaptchaToken: await visitor.botToken() });
    expect(asked.status).toBe(200);
    await t.runJobs();
    const [link] = inbox.to('forgot-password@example.org');
    expect(link.raw.toString()).toMatch(/^Auto-Submitted: auto-generated\r?$/m);
    expect(link.raw.toString()).toMatch(/login\?recovery=/);
  });
});
