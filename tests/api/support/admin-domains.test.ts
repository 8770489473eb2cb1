/**
 * The back office's actions on a customer's domains (issue #23): registry state, lock, suspend, courtesy renewal,
 * restore and move, each with the permission its role needs, an audit entry with its reason, and what the owner sees.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, domains, registryDomains, transactions } from '../../../api/db/schema/index.ts';
import { documented } from '../../fixtures/documented.ts';
import { dayMs, useSupportDesk } from '../../fixtures/support-desk.ts';

const { t, support, billing, compliance, owner, customer, lastAudit, mailsTo } = useSupportDesk();

describe('domains', () => {
  it('lets only compliance and owners suspend, with a reason; the owner reads why; lifting needs a reason too', async () => {
    const found = await customer('suspended-owner@example.com', { domain: 'phishy-example.com' });
    for (const agent of [support, billing]) {
      const refused = await agent.client.post(`/api/admin/domains/${found.domainId}/suspend`, { reason: 'Phishing kit reported' });
      expect(refused.status).toBe(403);
      expect(refused.body.data).toEqual({ permission: 'domains:suspend' });
      const denied = (
        await t.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'staff.denied'), eq(auditLog.staffId, agent.staffId)))
      ).at(-1);
      expect(denied).toMatchObject({ targetLabel: `POST /api/admin/domains/${found.domainId}/suspend`, after: { permission: 'domains:suspend' } });
    }
    expect((await compliance.client.post(`/api/admin/domains/${found.domainId}/suspend`, {})).status).toBe(400);
    const suspended = await compliance.client.post(`/api/admin/domains/${found.domainId}/suspend`, { reason: 'Phishing kit reported by a bank' });
    expect(suspended.status).toBe(200);
    documented('POST /admin/domains/:id/suspend', suspended.body);
    const [registry] = await t.db.select().from(registryDomains).where(eq(registryDomains.domain, 'phishy-example.com'));
    expect(registry.statuses).toContain('clientHold');
    const mine = await found.client.get(`/api/domains/${found.domainId}`);
    expect(mine.body.suspensionReason).toBe('Phishing kit reported by a bank');
    const page = await support.client.get(`/api/admin/domains/${found.domainId}`);
    expect(documented('GET /admin/domains/:id', page.body).registry.record.statuses).toContain('clientHold');
    expect(page.body.suspensions[0]).toMatchObject({ kind: 'staff', reason: 'Phishing kit reported by a bank', reference: compliance.email });
    expect(
      documented(
        'POST /admin/domains/:id/unsuspend',
        (await owner.client.post(`/api/admin/domains/${found.domainId}/unsuspend`, { reason: 'Site cleaned, confirmed' })).body,
      ),
    ).toEqual({
      stillSuspended: false,
    });
    expect((await owner.client.post(`/api/admin/domains/${found.domainId}/unsuspend`, { reason: 'Site cleaned, confirmed' })).status).toBe(409);
    await t.runJobs();
    expect((await mailsTo('suspended-owner@example.com')).map((mail) => mail.subject)).toEqual(
      expect.arrayContaining(['phishy-example.com is suspended', 'phishy-example.com is no longer suspended']),
    );
    // Queued jobs may send in either order: find the lifting mail by its subject.
    const lifted = (await mailsTo('suspended-owner@example.com')).find((mail) => mail.subject === 'phishy-example.com is no longer suspended');
    expect(lifted?.body).toContain('Why: Site cleaned, confirmed');
    const activity = (await found.client.get('/api/accountActivity')).body.data.map((e: { kind: string; actor: string }) => `${e.kind} ${e.actor}`);
    expect(activity.slice(0, 2)).toEqual(['domain.unsuspend Owner team', 'domain.suspend Compliance team']);
  });

  it('unlocks for transfer with a new auth code the owner reads (staff never see it), and locks again', async () => {
    const found = await customer('unlock-me@example.com', { domain: 'unlock-me.com' });
    const unlocked = await support.client.post(`/api/admin/domains/${found.domainId}/lock`, { locked: false, reason: 'Customer lost phone' });
    expect(documented('POST /admin/domains/:id/lock', unlocked.body)).toEqual({ success: true, locked: false });
    expect(JSON.stringify(unlocked.body)).not.toMatch(/authCode/);
    const [registry] = await t.db.select().from(registryDomains).where(eq(registryDomains.domain, 'unlock-me.com'));
    expect(registry.locked).toBe(false);
    expect((await found.client.get(`/api/domains/${found.domainId}`)).body.locked).toBe(false);
    // The owner reads the code where they always do: asking My Domains for it (the one on file while it is valid).
    const revealed = await found.client.patch(`/api/domains/${found.domainId}`, { locked: false });
    expect(revealed.body.authCode).toBe(registry.authCode);
    await support.client.post(`/api/admin/domains/${found.domainId}/lock`, { locked: true });
    expect((await found.client.get(`/api/domains/${found.domainId}`)).body.locked).toBe(true);
    expect((await billing.client.post(`/api/admin/domains/${found.domainId}/lock`, { locked: false })).status).toBe(403);
  });

  it('renews as a courtesy: the registry renews, the ledger shows the renewal and an equal credit, and nothing is charged', async () => {
    const found = await customer('courtesy@example.com', { domain: 'courtesy-renew.com' });
    const [before] = await t.db.select().from(domains).where(eq(domains.domainId, found.domainId));
    const renewed = await support.client.post(`/api/admin/domains/${found.domainId}/courtesyRenew`, {
      years: 1,
      reason: 'Outage on our side delayed their renewal',
    });
    expect(renewed.status).toBe(200);
    const [registry] = await t.db.select().from(registryDomains).where(eq(registryDomains.domain, 'courtesy-renew.com'));
    expect(registry.expireDate.getUTCFullYear()).toBe(before.expireDate.getUTCFullYear() + 1);
    expect(documented('POST /admin/domains/:id/courtesyRenew', renewed.body).expireDate).toBe(registry.expireDate.toISOString());
    const ledger = await t.db.select().from(transactions).where(eq(transactions.accountId, found.accountId)).orderBy(transactions.transactionId);
    expect(ledger.map((row) => [row.type, row.description, row.amount])).toEqual([
      ['nrc', 'Renewal: courtesy-renew.com (1 year)', expect.any(Number)],
      ['credit', 'Courtesy renewal: courtesy-renew.com (1 year)', -ledger[0].amount],
    ]);
    expect(ledger[0].amount).toBeGreaterThan(0);
    expect(await lastAudit('domain.courtesy-renew')).toMatchObject({ reason: 'Outage on our side delayed their renewal', accountId: found.accountId });
  });

  it('restores a domain from redemption with the registry’s restore', async () => {
    const found = await customer('restore@example.com', { domain: 'restore-me-please.com' });
    await t.db
      .update(domains)
      .set({ status: 'redemption', redemptionPeriodStartDate: new Date(Date.now() - 5 * dayMs) })
      .where(eq(domains.domainId, found.domainId));
    await t.db
      .update(registryDomains)
      .set({ statuses: ['pendingDelete', 'redemptionPeriod'] })
      .where(eq(registryDomains.domain, 'restore-me-please.com'));
    expect((await support.client.post(`/api/admin/domains/${found.domainId}/courtesyRenew`, { years: 1, reason: 'Goodwill gesture' })).status).toBe(409);
    const restored = await support.client.post(`/api/admin/domains/${found.domainId}/restore`, { reason: 'Registrant missed the renewal emails' });
    expect(restored.status).toBe(200);
    expect(documented('POST /admin/domains/:id/restore', restored.body).status).toBe('active');
    const [registry] = await t.db.select().from(registryDomains).where(eq(registryDomains.domain, 'restore-me-please.com'));
    expect(registry.statuses).not.toContain('redemptionPeriod');
    expect((await support.client.post(`/api/admin/domains/${found.domainId}/restore`, { reason: 'Registrant missed the renewal emails' })).status).toBe(409);
  });

  it('moves a domain to another account: both owners emailed and told, the new registrant at the registry, a 60-day transfer hold', async () => {
    const from = await customer('seller-move@example.com', { domain: 'moving-day.com' });
    const to = await customer('buyer-move@example.com');
    expect(
      (await support.client.post(`/api/admin/domains/${from.domainId}/move`, { toEmail: 'nobody-here@example.com', reason: 'Sold privately, both confirmed' }))
        .status,
    ).toBe(404);
    expect(
      (await billing.client.post(`/api/admin/domains/${from.domainId}/move`, { toEmail: to.email, reason: 'Sold privately, both confirmed' })).status,
    ).toBe(403);
    const moved = await support.client.post(`/api/admin/domains/${from.domainId}/move`, {
      toEmail: 'Buyer-Move@example.com',
      reason: 'Sold privately, both confirmed by phone',
    });
    expect(moved.status).toBe(200);
    expect(documented('POST /admin/domains/:id/move', moved.body).accountId).toBe(to.accountId);
    const [row] = await t.db.select().from(domains).where(eq(domains.domainId, from.domainId));
    expect(row).toMatchObject({ accountId: to.accountId, locked: true, authCode: null });
    expect(row.tdrpHoldDate!.getTime()).toBeGreaterThan(Date.now() + 59 * dayMs);
    expect((await from.client.get(`/api/domains/${from.domainId}`)).status).toBe(403);
    expect((await to.client.get(`/api/domains/${from.domainId}`)).status).toBe(200);
    await t.runJobs();
    const [registry] = await t.db.select().from(registryDomains).where(eq(registryDomains.domain, 'moving-day.com'));
    expect(registry.contacts?.registrant?.email).toBe('buyer-move@example.com');
    expect((await mailsTo('seller-move@example.com')).at(-1)?.subject).toBe('moving-day.com moved to another account');
    expect((await mailsTo('buyer-move@example.com')).at(-1)?.subject).toBe('moving-day.com is now in your account');
    for (const side of [from, to]) {
      const [entry] = (await side.client.get('/api/accountActivity')).body.data;
      expect(entry).toMatchObject({ kind: 'domain.move', reason: 'Sold privately, both confirmed by phone', actor: 'Support team' });
    }
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'domain.move'));
    expect(entries.map((e) => e.accountId).sort()).toEqual([from.accountId, to.accountId].sort());
  });
});
