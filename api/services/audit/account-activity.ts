/**
 * A customer's Account activity: one list, whoever acted. Staff entries arrive through the audit log (audit-log.ts,
 * without staff names); the customer's own events (sign-ins, security changes) and the system's are appended here.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { now } from '../../clock.ts';
import type { AccountActivity, ActivitySource } from '../../contract/accounts/account-activity.ts';
import type { ListResult } from '../../contract/list.ts';
import type { Db } from '../../db/client.ts';
import { accountActivity } from '../../db/schema/index.ts';

/** For events that are not staff actions (those come with their audit entry). */
export async function appendActivity(
  db: Pick<Db, 'insert'>,
  event: {
    accountId: number;
    source: Exclude<ActivitySource, 'staff'>;
    kind: string;
    summary: string;
    ip?: string | null;
    userAgent?: string | null;
    actor?: string | null;
  },
): Promise<void> {
  await db.insert(accountActivity).values({ ...event, at: now(), ip: event.ip ?? null, userAgent: event.userAgent ?? null, actor: event.actor ?? null });
}

/** Newest first. */
export async function listAccountActivity(db: Db, accountId: number, page: { limit: number; skip: number }): Promise<ListResult<AccountActivity>> {
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(accountActivity).where(eq(accountActivity.accountId, accountId));
  const rows = await db
    .select()
    .from(accountActivity)
    .where(eq(accountActivity.accountId, accountId))
    .orderBy(desc(accountActivity.at), desc(accountActivity.activityId))
    .limit(page.limit)
    .offset(page.skip);
  return {
    total,
    limit: page.limit,
    skip: page.skip,
    data: rows.map((row) => ({
      activityId: row.activityId,
      at: row.at.toISOString(),
      source: row.source,
      kind: row.kind,
      summary: row.summary,
      actor: row.actor,
      reason: row.reason,
      ip: row.ip,
      userAgent: row.userAgent,
    })),
  };
}
