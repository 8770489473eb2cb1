/** A case's two clocks as the desk reads them: done (when), due (by when), or overdue in red. */
import type { AbuseCaseSummary } from '../../../../api/contract/compliance/abuse-desk.ts';
import { formatDateTime } from '@kit/dates.ts';

function One({ label, doneAt, dueBy, overdue, closed }: { label: string; doneAt: string | null; dueBy: string; overdue: boolean; closed: boolean }) {
  if (doneAt) {
    return (
      <span className="clock clock-done">
        {label}: {formatDateTime(doneAt)}
      </span>
    );
  }
  if (closed) return <span className="clock muted">{label}: —</span>;
  return (
    <span className={`clock ${overdue ? 'clock-overdue' : 'clock-due'}`}>
      {label}: {overdue ? 'overdue since' : 'due by'} {formatDateTime(dueBy)}
    </span>
  );
}

export function CaseClocks({ row }: { row: AbuseCaseSummary }) {
  const closed = row.status === 'closed';
  return (
    <span className="clocks">
      <One label="Acknowledged" doneAt={row.acknowledgedAt} dueBy={row.acknowledgeBy} overdue={row.acknowledgeOverdue} closed={closed} />
      <One label="First action" doneAt={row.firstActionAt} dueBy={row.firstActionBy} overdue={row.firstActionOverdue} closed={closed} />
    </span>
  );
}
