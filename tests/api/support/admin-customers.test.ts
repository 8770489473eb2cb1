/**
 * The back office helping customers (issue #23): one search box, the customer page and help actions (recovery email,
 * sessions, API tokens, second-factor reset, notes), each with the permission its role needs, an audit entry with its
 * reason, and what the customer sees. The desk's actions on domains are in admin-domains.test.ts.
 */
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { apiTokens, auditLog, carts, mfas, orders, passkeys, recoveryCodes, sessions, transactions } from '../../../api/db/schema/index.ts';
import { issueRecoveryCodes } from '../../../api/services/auth/recovery-codes.ts';
import { createSession } from '../../../api/services/auth/sessions.ts';
import { startRegistrantVerification } from '../../../api/services/compliance/verification/registrant-verification.ts';
import { demoContact } from '../../../api/services/platform/seed.ts';
import { documented } from '../../fixtures/documented.ts';
import { staffClient } from '../../fixtures/staff.ts';
import { customerPassword as password, useSupportDesk } from '../../fixtures/support-desk.ts';

const { t, support, billing, customer, lastAudit, mailsTo } = useSupportDesk();

describe('finding a customer', () => {
  it('finds them by email, name, phone, domain, order number and transaction number, and logs each search', async () => {
    const found = await customer('marisol.q@example.com', { lastName: 'Quintero', phone: '+14155557788', domain: 'quintero-bakes.com' });
    const [cart] = await t.db.insert(carts).values({ accountId: found.accountId }).returning();
    const [order] = await t.db
      .insert(orders)
      .values({ cartId: cart.cartId, accountId: found.accountId, status: 'completed', totalPrice: 1299, paymentIntentId: 'pi_sandbox_quintero' })
      .returning();
    const [txn] = await t.db
      .insert(transactions)
      .values({ accountId: found.accountId, type: 'payment', description: 'Payment', amount: -1299, paymentReference: 'ch_sandbox_quintero' })
      .returning();
    const search = async (q: string) =>
      documented('GET /admin/customers', (await support.client.get(`/api/admin/customers?q=${encodeURIComponent(q)}`)).body).data as {
        accountId: number;
        matchedOn: string;
        matched: string;
      }[];
    const expectHit = (hits: { accountId: number; matchedOn: string; matched: string }[], matchedOn: string, matched: string) =>
      expect(hits.find((h) => h.accountId === found.accountId)).toMatchObject({ matchedOn, matched });
    expectHit(await search('marisol.q@'), 'email', 'marisol.q@example.com');
    expectHit(await search('Quintero'), 'name', `${demoContact.firstName} Quintero`);
    expectHit(await search('(415) 555-7788'), 'phone', '+14155557788');
    expectHit(await search('quintero-bakes'), 'domain', 'quintero-bakes.com');
    expectHit(await search(`#${order.orderId}`), 'order', `Order #${order.orderId}`);
    expectHit(await search('pi_sandbox_quintero'), 'order', `Order #${order.orderId} (pi_sandbox_quintero)`);
    expectHit(await search('ch_sandbox_quintero'), 'payment', 'ch_sandbox_quintero');
    expect((await search(String(txn.transactionId))).map((h) => h.accountId)).toContain(found.accountId);
    expect(await search('nobody-has-this-xyz')).toEqual([]);
    expect((await support.client.get('/api/admin/customers?q=a')).status).toBe(400);
    const logged = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.search'), eq(auditLog.staffId, support.staffId)));
    expect(logged.map((row) => row.targetLabel)).toContain('quintero-bakes');
    expect(logged[0]).toMatchObject({ staffRole: 'support', clientIp: '192.0.2.21' });
  });

  it('shows the customer page with cards by their last 4 only, and logs the read; a viewer may read it too', async () => {
    const found = await customer('page-reader@example.com', { domain: 'page-reader.com' });
    await t.db.insert(apiTokens).values({
      accountId: found.accountId,
      userId: found.userId,
      name: 'deploy',
      displayPrefix: 'dsp_abc',
      tokenHash: 'not-a-real-hash',
      scopes: ['domains:read'],
    });
    const page = await support.client.get(`/api/admin/customers/${found.accountId}`);
    expect(page.status).toBe(200);
    expect(documented('GET /admin/customers/:id', page.body)).toMatchObject({ email: 'page-reader@example.com', mfaEnrolmentRequired: false });
    expect(page.body.domains.map((d: { domain: string }) => d.domain)).toEqual(['page-reader.com']);
    expect(page.body.secondFactors).toEqual([expect.objectContaining({ type: 'totp', description: 'Authenticator app', status: 'active' })]);
    expect(page.body.sessions).toHaveLength(1);
    expect(page.body.sessions[0].ip).toBeNull();
    expect(page.body.apiTokens).toEqual([expect.objectContaining({ name: 'deploy', scopes: ['domains:read'] })]);
    expect(JSON.stringify(page.body)).not.toContain('not-a-real-hash');
    expect(JSON.stringify(page.body)).not.toContain(found.secret);
    const read = await lastAudit('customer.view');
    expect(read).toMatchObject({ staffId: support.staffId, accountId: found.accountId, targetLabel: 'page-reader@example.com' });
    const viewer = await staffClient(t, 'viewer');
    expect((await viewer.client.get(`/api/admin/customers/${found.accountId}`)).status).toBe(200);
    expect((await viewer.client.post(`/api/admin/customers/${found.accountId}/revokeSessions`)).status).toBe(403);
    expect((await support.client.get('/api/admin/customers/987654')).status).toBe(404);
  });
});

describe('helping a customer', () => {
  it('resets the second factors with a reason: methods, passkeys and recovery codes gone, signed out, emailed, and nothing but enrolment until a new one', async () => {
    const found = await customer('lost-phone@example.com', { domain: 'lost-phone.com' });
    const oldCodes = await issueRecoveryCodes(t.db, found.userId);
    await t.db.insert(passkeys).values({
      accountId: found.accountId,
      userId: found.userId,
      credentialId: 'cred-lost',
      publicKey: 'k',
      userHandle: 'h',
      deviceType: 'singleDevice',
      name: 'Old phone',
    });
    await t.db.insert(apiTokens).values({
      accountId: found.accountId,
      userId: found.userId,
      name: 'ci',
      displayPrefix: 'dsp_ci',
      tokenHash: 'lost-phone-token',
      scopes: ['domains:read'],
    });
    expect((await billing.client.post(`/api/admin/customers/${found.accountId}/resetFactors`, { reason: 'Lost phone, checked ID' })).status).toBe(403);
    const noReason = await support.client.post(`/api/admin/customers/${found.accountId}/resetFactors`, { reason: 'ok' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toContain('Give a reason');
    const reset = await support.client.post(`/api/admin/customers/${found.accountId}/resetFactors`, {
      reason: 'Lost phone; identity checked by a call to the number on file',
    });
    expect(reset.status).toBe(200);
    documented('POST /admin/customers/:id/resetFactors', reset.body);

    expect(
      await t.db
        .select()
        .from(mfas)
        .where(and(eq(mfas.accountId, found.accountId), eq(mfas.status, 'active'))),
    ).toEqual([]);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, found.userId))).toEqual([]);
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, found.userId))).toEqual([]);
    const [token] = await t.db.select().from(apiTokens).where(eq(apiTokens.tokenHash, 'lost-phone-token'));
    expect(token.revokeDate).not.toBeNull();
    expect((await found.client.get('/api/domains')).status).toBe(401);
    const entry = await lastAudit('customer.reset-factors');
    expect(entry).toMatchObject({
      staffEmail: support.email,
      staffRole: 'support',
      reason: 'Lost phone; identity checked by a call to the number on file',
      accountId: found.accountId,
    });
    expect(entry?.before).toEqual({ methods: ['Authenticator app'], passkeys: ['Old phone'] });
    await t.runJobs();
    const [mail] = await mailsTo('lost-phone@example.com');
    expect(mail.subject).toMatch(/two-step verification was reset/);
    expect(mail.body).toContain('Your API token was revoked as well');

    // Next sign-in: the password alone gets in (no factor left), but only to add a new one.
    const browser = t.client({ ip: '203.0.113.80' });
    const signIn = await browser.post('/api/session', { email: 'lost-phone@example.com', password });
    expect(signIn.status).toBe(200);
    expect((await browser.get('/api/users/0')).body.mfaEnrolmentRequired).toBe(true);
    const blocked = await browser.get('/api/domains');
    expect(blocked.status).toBe(403);
    expect(blocked.body.data).toEqual({ mfaEnrolmentRequired: true });
    const added = await browser.post('/api/mfas', { type: 'totp' });
    expect(added.status).toBe(201);
    const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(new URL(added.body.$totpUrl).searchParams.get('secret')!) });
    const verified = await browser.patch(`/api/mfas/${added.body.mfaId}`, { token: totp.generate(), status: 'active' });
    expect(verified.status).toBe(200);
    // The new method comes with a new set of recovery codes; none of the old set is among them.
    expect(verified.body.$recoveryCodes).toHaveLength(oldCodes.length);
    expect(verified.body.$recoveryCodes).not.toContain(oldCodes[0]);
    expect((await browser.get('/api/domains')).status).toBe(200);
    expect((await browser.get('/api/users/0')).body.mfaEnrolmentRequired).toBe(false);

    const activity = (await browser.get('/api/accountActivity')).body.data;
    expect(activity.find((row: { source: string }) => row.source === 'staff')).toMatchObject({
      source: 'staff',
      kind: 'customer.reset-factors',
      actor: 'Support team',
      reason: 'Lost phone; identity checked by a call to the number on file',
    });
    expect(JSON.stringify(activity)).not.toContain(support.email);
  });

  it('signs a customer out everywhere, revokes API tokens, resends the recovery email and keeps notes', async () => {
    const found = await customer('helped@example.com');
    const revoked = await support.client.post(`/api/admin/customers/${found.accountId}/revokeSessions`);
    expect(documented('POST /admin/customers/:id/revokeSessions', revoked.body)).toEqual({ revoked: 1 });
    expect((await found.client.get('/api/users/0')).status).toBe(401);
    expect((await support.client.post(`/api/admin/customers/${found.accountId}/revokeApiTokens`, { apiTokenId: 987654 })).status).toBe(404);
    const recovery = await support.client.post(`/api/admin/customers/${found.accountId}/resendRecovery`);
    expect(recovery.status).toBe(200);
    documented('POST /admin/customers/:id/resendRecovery', recovery.body);
    await t.runJobs();
    expect((await mailsTo('helped@example.com')).at(-1)?.body).toContain('/login?recovery=');
    expect((await support.client.post(`/api/admin/customers/${found.accountId}/resendApproval`)).status).toBe(409);
    const note = await billing.client.post(`/api/admin/customers/${found.accountId}/notes`, { body: 'Called about a refund; prefers email.' });
    expect(note.status).toBe(201);
    documented('POST /admin/customers/:id/notes', note.body);
    const page = await support.client.get(`/api/admin/customers/${found.accountId}`);
    expect(documented('GET /admin/customers/:id', page.body).notes[0]).toMatchObject({
      staffEmail: billing.email,
      body: 'Called about a refund; prefers email.',
    });
    expect(page.body.audit.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['customer.revoke-sessions', 'customer.resend-recovery', 'customer.note']),
    );
    // Notes stay among staff: the customer's activity shows the help, not the note.
    const own = await t.db.select({ kind: auditLog.action }).from(auditLog).where(eq(auditLog.accountId, found.accountId));
    expect(own.map((row) => row.kind)).toContain('customer.note');
  });

  it('resends the registrant verification email (#24) with a new link, and says so when none is waiting', async () => {
    const found = await customer('unverified@example.com', { domain: 'unverified-shop.com' });
    expect((await support.client.post(`/api/admin/customers/${found.accountId}/resendVerification`)).body.message).toBe(
      'No registrant verification is waiting on this account',
    );
    expect(await startRegistrantVerification(t.deps, { accountId: found.accountId, trigger: 'registration' })).toMatchObject({ started: true });
    await t.runJobs();
    const first = (await mailsTo('unverified@example.com')).at(-1)!;
    const page = await support.client.get(`/api/admin/customers/${found.accountId}`);
    expect(documented('GET /admin/customers/:id', page.body).registrantVerification).toMatchObject({
      state: 'pending',
      email: 'unverified@example.com',
      suspended: false,
    });
    expect((await billing.client.post(`/api/admin/customers/${found.accountId}/resendVerification`)).status).toBe(403);
    const resent = await support.client.post(`/api/admin/customers/${found.accountId}/resendVerification`);
    expect(documented('POST /admin/customers/:id/resendVerification', resent.body)).toMatchObject({
      message: 'Verification email sent again to unverified@example.com',
    });
    await t.runJobs();
    const second = (await mailsTo('unverified@example.com')).at(-1)!;
    expect(second.id).not.toBe(first.id);
    // A new link: the first one no longer verifies.
    const link = (body: string) => /\/verify-registrant[^\s)]*/.exec(body)?.[0];
    expect(link(second.body)).toBeTruthy();
    expect(link(second.body)).not.toBe(link(first.body));
    expect(await lastAudit('verification.resend')).toMatchObject({
      staffId: support.staffId,
      accountId: found.accountId,
      targetLabel: 'unverified@example.com',
    });
  });
});

describe('sessions of a customer whose factors staff reset', () => {
  it('a session made before the reset is dead; one made after may only enrol', async () => {
    const found = await customer('gate-check@example.com');
    await support.client.post(`/api/admin/customers/${found.accountId}/resetFactors`, { reason: 'Identity confirmed by video call' });
    const [live] = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, found.userId)));
    expect(live.revokeDate).not.toBeNull();
    const fresh = t.client();
    fresh.cookies.set('ds_session', (await createSession(t.db, { userId: found.userId, accountId: found.accountId, state: 'active' })).token);
    expect((await fresh.get('/api/accounts/0')).status).toBe(403);
    expect((await fresh.get('/api/mfas')).status).toBe(200);
    expect((await fresh.get('/api/passkeys')).status).toBe(200);
    expect((await fresh.get('/api/accountActivity')).status).toBe(200);
  });
});
