/**
 * The audit log out of the app's reach: the app's database login may only insert and read it (no UPDATE, DELETE,
 * TRUNCATE, no switching its triggers off, no replication role), and the rows are hash-chained so a change made
 * around the app, by the owner role, is found by `npm run admin -- verify-audit` and the back office's audit screen.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrlFor, createDb } from '../../../api/db/client.ts';
import { auditLog } from '../../../api/db/schema/index.ts';
import { recordAudit, systemActor } from '../../../api/services/audit/audit-log.ts';
import { staffClient } from '../../fixtures/staff.ts';
import { createTestContext, type TestContext } from '../../fixtures/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const refusal = (query: Promise<unknown>) =>
  query.then(
    () => 'accepted',
    (error) => String((error as { cause?: Error }).cause?.message ?? (error as Error).message ?? error),
  );

/** `npm run admin -- verify-audit` against this test's database, as a deployment with the two roles runs it. */
function verifyAuditCommand() {
  const run = spawnSync('bun', [path.resolve('api/admin-cli.ts'), 'verify-audit'], {
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: appUrlFor(t.databaseUrl), DATABASE_OWNER_URL: t.databaseUrl, NODE_ENV: 'test' },
    timeout: 120_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('the app’s database login', () => {
  it('may insert and read the audit log but not change it, switch its triggers off or replicate around them', async () => {
    const entry = await recordAudit(t.db, systemActor, { action: 'test.entry', targetType: 'test' });
    const [{ user }] = (await t.db.execute(sql`select current_user as user`)) as unknown as [{ user: string }];
    expect(user).toBe('dotspot_app');
    expect(await refusal(t.db.update(auditLog).set({ reason: 'rewritten' }).where(eq(auditLog.auditId, entry.auditId)))).toMatch(/permission denied/);
    expect(await refusal(t.db.delete(auditLog).where(eq(auditLog.auditId, entry.auditId)))).toMatch(/permission denied/);
    expect(await refusal(t.db.execute(sql`alter table audit_log disable trigger audit_log_no_update_or_delete`))).toMatch(/must be owner/);
    expect(await refusal(t.db.execute(sql`alter table audit_log disable trigger all`))).toMatch(/must be owner/);
    expect(await refusal(t.db.execute(sql`set session_replication_role = replica`))).toMatch(/permission denied/);
    expect(await refusal(t.db.execute(sql`drop table audit_log`))).toMatch(/must be owner/);
    const [kept] = await t.db.select().from(auditLog).where(eq(auditLog.auditId, entry.auditId));
    expect(kept).toMatchObject({ reason: null, action: 'test.entry' });
  });
});

describe('the hash chain', () => {
  it('chains every entry to the one before, also when many are written at once', async () => {
    const owner = await staffClient(t, 'owner');
    await Promise.all(Array.from({ length: 20 }, (_, i) => recordAudit(t.db, systemActor, { action: 'test.parallel', targetType: 'test', targetId: i })));
    const rows = await t.db.select().from(auditLog).orderBy(auditLog.auditId);
    expect(rows.length).toBeGreaterThanOrEqual(20);
    for (const [i, row] of rows.entries()) {
      expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.prevHash).toBe(i === 0 ? null : rows[i - 1].hash);
    }
    const { body } = await owner.client.get('/api/admin/audit/chain');
    expect(body).toMatchObject({ intact: true, rows: rows.length });
    const command = verifyAuditCommand();
    expect(command.output).toMatch(new RegExp(`chain is intact: ${rows.length} entries`));
    expect(command.status).toBe(0);
  });

  it('finds a row the owner role changed around the app, and says which', async () => {
    const victim = await recordAudit(t.db, systemActor, { action: 'test.to-be-rewritten', targetType: 'test', reason: 'the original words' });
    await recordAudit(t.db, systemActor, { action: 'test.after', targetType: 'test' });
    const owner = createDb(t.databaseUrl, { max: 1 });
    try {
      await owner.transaction(async (tx) => {
        await tx.execute(sql`alter table audit_log disable trigger audit_log_no_update_or_delete`);
        await tx.execute(sql`update audit_log set reason = 'other words' where audit_id = ${victim.auditId}`);
        await tx.execute(sql`alter table audit_log enable trigger audit_log_no_update_or_delete`);
      });
    } finally {
      await owner.$end();
    }
    const staff = await staffClient(t, 'viewer');
    const { body } = await staff.client.get('/api/admin/audit/chain');
    expect(body).toMatchObject({ intact: false, brokenAt: { auditId: victim.auditId, action: 'test.to-be-rewritten' } });
    const command = verifyAuditCommand();
    expect(command.output).toMatch(new RegExp(`chain breaks at entry ${victim.auditId} \\(test.to-be-rewritten`));
    expect(command.status).toBe(2);
  });
});
