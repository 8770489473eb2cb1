/**
 * When the registry refuses the abuse desk's lock (journal undo, in the transaction that puts the name back), the
 * case's timeline says so beside the "locked" event, and the first-action clock no longer counts that lock: it stops
 * at the first action that did take effect, or runs again when there was none.
 */
import { and, eq, sql } from 'drizzle-orm';
import { now } from '../../../clock.ts';
import type { Tx } from '../../../db/client.ts';
import { abuseCaseEvents, abuseCases } from '../../../db/schema/index.ts';

/** The timeline kinds that are actions on a case (abuse-actions.ts), and so may stop its first-action clock. */
const actionKinds = ['reporter-asked', 'registrant-notified', 'suspended', 'suspension-lifted', 'locked', 'content-removed', 'closed'];

export async function recordAbuseLockRefused(tx: Tx, caseId: number, intentId: number, refusal: string): Promise<void> {
  await tx.insert(abuseCaseEvents).values({ caseId, kind: 'lock-refused', actor: 'registry', reason: refusal, detail: { intentId }, createDate: now() });
  const kinds = sql.join(
    actionKinds.map((kind) => sql`${kind}`),
    sql`, `,
  );
  // The earliest action left once every lock the registry refused is set aside.
  await tx
    .update(abuseCases)
    .set({
      firstActionAt: sql`(
        select min(e.create_date) from abuse_case_events e
        where e.case_id = ${caseId} and e.kind in (${kinds})
          and not (e.kind = 'locked' and exists (
            select 1 from abuse_case_events r
            where r.case_id = e.case_id and r.kind = 'lock-refused' and r.detail->>'intentId' = e.detail->>'intentId'))
      )`,
      modifyDate: now(),
    })
    .where(and(eq(abuseCases.caseId, caseId)));
}
