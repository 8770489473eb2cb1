/**
 * The audit log (issue #23): append-only in the database, searchable and exportable as CSV by the roles allowed,
 * and the customer's Account activity showing the entries about their account without the staff member's name.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../../api/db/client.ts';
import { auditLog } from '../../../api/db/schema/index.ts';
import { appOperations } from '../../../api/openapi/app-operations.ts';
import { recordAudit } from '../../../api/services/audit/audit-log.ts';
import { signedInBuyer } from '../../fixtures/buyers.ts';
import { staffClient } from '../../fixtures/staff.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('the audit log', () => {
  it('refuses to change or delete entries, whoever connects', async () => {
    const entry = await recordAudit(t.db, { staffId: null, email: null, role: null, ip: null }, { action: 'test.entry', targetType: 'test' });
    // drizzle wraps the database's refusal; the cause is PostgreSQL's own error (a missing grant, or the trigger).
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'accepted',
        (error) => String((error as { cause?: Error }).cause?.message ?? error),
      );
    // The app's login has no grant to change it; the owner, who has, meets the trigger.
    const owner = createDb(t.databaseUrl, { max: 1 });
    try {
      for (const db of [t.db, owner]) {
        const expected = db === t.db ? (_: string) => /permission denied for table audit_log/ : (op: string) => new RegExp(`audit_log is append-only: ${op}`);
        expect(await refusal(db.update(auditLog).set({ reason: 'rewritten' }).where(eq(auditLog.auditId, entry.auditId)))).toMatch(expected('UPDATE'));
        expect(await refusal(db.delete(auditLog).where(eq(auditLog.auditId, entry.auditId)))).toMatch(expected('DELETE'));
        expect(await refusal(db.execute(sql`truncate audit_log`))).toMatch(expected('TRUNCATE'));
      }
    } finally {
      await owner.$end();
    }
    const [kept] = await t.db.select().from(auditLog).where(eq(auditLog.auditId, entry.auditId));
    expect(kept.reason).toBeNull();
  });

  it('refuses an entry for an action that needs a reason when none is given', async () => {
    const actor = { staffId: 1, email: 'x@staff.example', role: 'owner' as const, ip: '192.0.2.9' };
    await expect(recordAudit(t.db, actor, { action: 'domain.suspend', targetType: 'domain', reason: '  ' })).rejects.toThrow(/Give a reason/);
  });

  it('searches by words and filters by action, and pages newest first', async () => {
    const owner = await staffClient(t, 'owner');
    const actor = { staffId: owner.staffId, email: owner.email, role: owner.role, ip: '198.51.100.7' };
    await recordAudit(t.db, actor, { action: 'domain.lock', targetType: 'domain', targetId: 11, targetLabel: 'searchable-one.com' });
    await recordAudit(t.db, actor, {
      action: 'domain.suspend',
      targetType: 'domain',
      targetId: 12,
      targetLabel: 'searchable-two.com',
      reason: 'Phishing kit on /login',
    });
    const byWord = await owner.client.get('/api/admin/audit?q=phishing');
    expect(byWord.status).toBe(200);
    appOperations['GET /admin/audit'].response.schema.parse(byWord.body);
    expect(byWord.body.data.map((e: { targetLabel: string }) => e.targetLabel)).toEqual(['searchable-two.com']);
    const byArea = await owner.client.get('/api/admin/audit?action=domain&q=searchable');
    expect(byArea.body.data.map((e: { action: string }) => e.action)).toEqual(['domain.suspend', 'domain.lock']);
    expect(byArea.body.data[0]).toMatchObject({ staffEmail: owner.email, staffRole: 'owner', clientIp: '198.51.100.7', reason: 'Phishing kit on /login' });
    const paged = await owner.client.get('/api/admin/audit?action=domain&q=searchable&limit=1&skip=1');
    expect(paged.body).toMatchObject({ total: 2, limit: 1, skip: 1 });
    expect((await owner.client.get('/api/admin/audit?from=yesterday')).status).toBe(400);
  });

  it('filters by an action in words, by staff member and by customer (account number or login email)', async () => {
    const owner = await staffClient(t, 'owner');
    const support = await staffClient(t, 'support', { email: 'wordy.support@staff.example' });
    const buyer = await signedInBuyer(t, 'filtered-customer@example.com');
    const by = (staff: typeof owner) => ({ staffId: staff.staffId, email: staff.email, role: staff.role, ip: '198.51.100.8' });
    await recordAudit(t.db, by(support), {
      action: 'domain.suspend',
      targetType: 'domain',
      targetLabel: 'wordy-suspended.com',
      accountId: buyer.accountId,
      reason: 'Phishing reported',
    });
    await recordAudit(t.db, by(owner), { action: 'customer.reset-factors', targetType: 'customer', accountId: buyer.accountId, reason: 'Lost phone' });
    await recordAudit(t.db, by(owner), { action: 'domain.lock', targetType: 'domain', targetLabel: 'wordy-locked.com' });

    const labels = async (query: string) =>
      ((await owner.client.get(`/api/admin/audit?${query}`)).body.data as { action: string }[]).map((entry) => entry.action);
    expect(await labels('action=suspend&q=wordy')).toEqual(['domain.suspend']);
    expect(await labels('action=Reset%20factors')).toEqual(['customer.reset-factors']);
    expect(await labels('action=domain.suspend&q=wordy')).toEqual(['domain.suspend']);
    expect(await labels('staff=wordy.support')).toEqual(['domain.suspend']);
    expect(await labels(`customer=${buyer.accountId}`)).toEqual(['customer.reset-factors', 'domain.suspend']);
    expect(await labels(`customer=%23${buyer.accountId}`)).toEqual(['customer.reset-factors', 'domain.suspend']);
    expect(await labels('customer=filtered-customer')).toEqual(['customer.reset-factors', 'domain.suspend']);
    const today = new Date().toISOString().slice(0, 10);
    expect(await labels(`customer=filtered-customer&from=${today}&to=${today}`)).toHaveLength(2);
    expect(await labels(`customer=filtered-customer&to=2020-01-01`)).toEqual([]);
  });

  it('exports what a search finds as CSV a spreadsheet cannot run, and logs the export', async () => {
    const owner = await staffClient(t, 'owner');
    const actor = { staffId: owner.staffId, email: owner.email, role: owner.role, ip: '203.0.113.5' };
    await recordAudit(t.db, actor, {
      action: 'customer.note',
      targetType: 'account',
      targetId: 5,
      targetLabel: 'csv-check@example.com',
      after: { note: '=HYPERLINK("http://evil.example")' },
      reason: 'Said "hi", then left',
    });
    await recordAudit(t.db, actor, {
      action: 'customer.note',
      targetType: 'account',
      targetId: 6,
      targetLabel: 'csv-check-formula@example.com',
      reason: '=2+2 is what they typed',
    });
    const csv = await owner.client.get('/api/admin/audit/export?q=csv-check');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (csv.body as string).trimEnd().split('\r\n');
    expect(lines[0]).toBe('auditId,at,staffEmail,staffRole,clientIp,action,targetType,targetId,targetLabel,accountId,reason,before,after');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(",csv-check-formula@example.com,,'=2+2 is what they typed,,");
    expect(lines[2]).toContain(',customer.note,account,5,csv-check@example.com,,"Said ""hi"", then left",,');
    // The JSON cell starts with { so it is left alone; a cell starting with = would get an apostrophe.
    expect(lines[2]).toContain('"{""note"":""=HYPERLINK(\\""http://evil.example\\"")""}"');
    const [logged] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'audit.export'));
    expect(logged).toMatchObject({ staffId: owner.staffId, staffRole: 'owner' });
    // Support may not export, nor read the log.
    const support = await staffClient(t, 'support');
    expect((await support.client.get('/api/admin/audit/export')).status).toBe(403);
    expect((await support.client.get('/api/admin/audit')).status).toBe(403);
  });
});

describe('Account activity', () => {
  it('shows the customer the staff entries about their account, with the team and the reason but no staff name', async () => {
    const buyer = await signedInBuyer(t, 'activity-buyer@example.com');
    const other = await signedInBuyer(t, 'activity-other@example.com');
    const actor = { staffId: 42, email: 'sam.support@registrar.example', role: 'support' as const, ip: '192.0.2.50' };
    await recordAudit(t.db, actor, {
      action: 'customer.reset-factors',
      targetType: 'account',
      targetId: buyer.accountId,
      accountId: buyer.accountId,
      reason: 'Identity checked by phone',
      customerSummary: 'Your two-step verification was reset. Add a security method at your next sign-in.',
    });
    await recordAudit(t.db, actor, {
      action: 'customer.note',
      targetType: 'account',
      targetId: buyer.accountId,
      accountId: buyer.accountId,
      after: { note: 'internal' },
    });
    const list = await buyer.client.get('/api/accountActivity');
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    expect(list.body.data[0]).toMatchObject({
      source: 'staff',
      kind: 'customer.reset-factors',
      summary: 'Your two-step verification was reset. Add a security method at your next sign-in.',
      actor: 'Support team',
      reason: 'Identity checked by phone',
      ip: null,
    });
    expect(JSON.stringify(list.body)).not.toContain('sam.support');
    expect((await other.client.get('/api/accountActivity')).body.total).toBe(0);
    expect((await t.client().get('/api/accountActivity')).status).toBe(401);
  });
});
