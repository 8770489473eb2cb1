/**
 * A signed-in staff member adding a passkey proves it is them, as replacing the authenticator app does: without a code
 * from the current app (or the password and an emailed code) no registration challenge is issued, so a stolen session
 * cannot add its own passkey; with one, the passkey is added and the member is emailed.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, staffPasskeys } from '../../../api/db/schema/index.ts';
import { SoftAuthenticator } from '../../fixtures/soft-authenticator.ts';
import { staffClient } from '../../fixtures/staff.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const passkeysOf = (staffId: number) => t.db.select().from(staffPasskeys).where(eq(staffPasskeys.staffId, staffId));

describe('adding a passkey while signed in', () => {
  it('is refused without the current code, and the registration cannot go around the refusal', async () => {
    const staff = await staffClient(t, 'support');
    const without = await staff.client.post('/api/admin/session/passkeyRegistrationOptions', {});
    expect(without.status).toBe(403);
    expect(without.body.message).toBe('Enter a code from your current authenticator app to add a passkey, or your password and a code we email you');
    const wrong = await staff.client.post('/api/admin/session/passkeyRegistrationOptions', { currentCode: '000000' });
    expect(wrong.status).toBe(400);
    // A registration made up without a challenge issued to this session is refused.
    const forged = new SoftAuthenticator().register({
      challenge: 'bm90LWlzc3VlZC1ieS11cw',
      rp: { id: 'localhost', name: 'x' },
      user: { id: 'c3RhZmY6MQ', name: staff.email, displayName: 'x' },
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
    } as never);
    expect((await staff.client.post('/api/admin/session/passkeys', { passkey: forged, name: 'Intruder' })).status).toBe(400);
    expect(await passkeysOf(staff.staffId)).toEqual([]);
  });

  it('with a code from the current app, adds the passkey and emails the member', async () => {
    const staff = await staffClient(t, 'billing');
    const options = await staff.client.post('/api/admin/session/passkeyRegistrationOptions', { currentCode: staff.totp.generate() });
    expect(options.status, JSON.stringify(options.body)).toBe(200);
    const registered = await staff.client.post('/api/admin/session/passkeys', { passkey: new SoftAuthenticator().register(options.body), name: 'Desk key' });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    expect((await passkeysOf(staff.staffId)).map((p) => p.name)).toEqual(['Desk key']);
    await t.runJobs();
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, staff.email));
    expect(mails.map((m) => m.subject)).toContainEqual(expect.stringMatching(/A passkey was added to your .* back-office account/));
  });
});
