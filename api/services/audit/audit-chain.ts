/**
 * Checks the audit log's hash chain (migrations/0039: the database's trigger sets each row's `prev_hash` and `hash`).
 * Every row's hash is recomputed by the same SQL function and compared with the one stored, and every row must name
 * the hash of the row before it: a row changed around the app (by the owner role, with the triggers off) or removed is
 * found, and the first such row is where the chain breaks.
 */
import { asc, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

export type AuditChainReport =
  | { intact: true; rows: number; lastHash: string | null }
  | { intact: false; rows: number; brokenAt: { auditId: number; at: string; action: string; problem: string } };

const batchSize = 2_000;

export async function verifyAuditChain(db: DbOrTx): Promise<AuditChainReport> {
  let previous: string | null = null;
  let afterId = 0;
  let rows = 0;
  for (;;) {
    const batch = await db
      .select({
        auditId: auditLog.auditId,
        at: auditLog.at,
        action: auditLog.action,
        prevHash: auditLog.prevHash,
        hash: auditLog.hash,
        computed: sql<string>`audit_log_row_hash(${auditLog.prevHash}, audit_log)`,
      })
      .from(auditLog)
      .where(gt(auditLog.auditId, afterId))
      .orderBy(asc(auditLog.auditId))
      .limit(batchSize);
    for (const row of batch) {
      rows += 1;
      const broken = (problem: string): AuditChainReport => ({
        intact: false,
        rows,
        brokenAt: { auditId: row.auditId, at: row.at.toISOString(), action: row.action, problem },
      });
      if (row.prevHash !== previous) {
        return broken(previous === null ? 'the first entry names an entry before it' : 'it does not follow the entry before it (one was removed or inserted)');
      }
      if (row.hash !== row.computed) return broken('its contents were changed after it was written');
      previous = row.hash;
    }
    if (batch.length < batchSize) return { intact: true, rows, lastHash: previous };
    afterId = batch[batch.length - 1].auditId;
  }
}
