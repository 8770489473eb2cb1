/**
 * The case clocks, measured to what staff do: acknowledged by a staff member within 24 hours of the report, a first
 * action within the hours the compliance staff set (default 48; 24 for a law-enforcement report). Overdue open cases are listed in a daily email to compliance staff (abuse-clocks job).
 */
import { addHours } from 'date-fns/addHours';
import { differenceInMinutes } from 'date-fns/differenceInMinutes';
import { asc, eq } from 'drizzle-orm';
import brand from '../../../../content/brand.json' with { type: 'json' };
import { now } from '../../../clock.ts';
import { formatCaseNumber, lawEnforcementReviewHours } from '../../../contract/compliance/abuse.ts';
import { abuseCases, complianceSettings } from '../../../db/schema/index.ts';
import type { AbuseCaseRow as CaseRow } from '../../../db/schema/index.ts';
import type { Deps } from '../../../deps.ts';
import { queueMessage } from '../../platform/messages.ts';
import { complianceRecipients } from '../compliance-recipients.ts';

export const acknowledgeWithinHours = 24;
export const defaultFirstActionHours = 48;

export async function readFirstActionHours(deps: Pick<Deps, 'db'>): Promise<number> {
  const [row] = await deps.db.select({ hours: complianceSettings.firstActionHours }).from(complianceSettings).where(eq(complianceSettings.settingsId, 1));
  return row?.hours ?? defaultFirstActionHours;
}

export type CaseClock = { acknowledgeBy: Date; firstActionBy: Date; acknowledgeOverdue: boolean; firstActionOverdue: boolean };

/** A case's two deadlines and whether either has passed without the step being done (closing stops both). */
export function caseClock(row: CaseRow, firstActionHours: number, at: Date = now()): CaseClock {
  const acknowledgeBy = addHours(row.createDate, acknowledgeWithinHours);
  // A law-enforcement report is reviewed (a first staff action) within 24 hours, whatever the desk's setting.
  const firstActionBy = addHours(row.createDate, row.category === 'law-enforcement' ? Math.min(lawEnforcementReviewHours, firstActionHours) : firstActionHours);
  const open = row.status === 'open';
  return {
    acknowledgeBy,
    firstActionBy,
    acknowledgeOverdue: open && row.acknowledgedAt === null && at >= acknowledgeBy,
    firstActionOverdue: open && row.firstActionAt === null && row.closedAt === null && at >= firstActionBy,
  };
}

export async function overdueCases(deps: Pick<Deps, 'db'>): Promise<{ row: CaseRow; clock: CaseClock }[]> {
  const hours = await readFirstActionHours(deps);
  const open = await deps.db.select().from(abuseCases).where(eq(abuseCases.status, 'open')).orderBy(asc(abuseCases.createDate));
  const at = now();
  return open.map((row) => ({ row, clock: caseClock(row, hours, at) })).filter(({ clock }) => clock.acknowledgeOverdue || clock.firstActionOverdue);
}

/** The daily email: one message to each compliance recipient when any case is overdue, none otherwise. */
export async function sendOverdueCaseDigest(deps: Pick<Deps, 'db' | 'jobs' | 'config'>): Promise<{ overdue: number; sentTo: string[] }> {
  const overdue = await overdueCases(deps);
  if (overdue.length === 0) return { overdue: 0, sentTo: [] };
  const at = now();
  const lines = overdue.map(({ row, clock }) => {
    const late = [clock.acknowledgeOverdue ? 'not acknowledged' : null, clock.firstActionOverdue ? 'no action yet' : null].filter(Boolean).join(', ');
    const age = Math.floor(differenceInMinutes(at, row.createDate) / 60);
    return `  ${formatCaseNumber(row.caseId)}  ${row.domain}  (${row.category}, reported ${age} hours ago: ${late})`;
  });
  const recipients = await complianceRecipients(deps);
  for (const to of recipients) {
    await queueMessage(deps.jobs, {
      channel: 'email',
      to,
      subject: `${overdue.length} abuse ${overdue.length === 1 ? 'case is' : 'cases are'} overdue`,
      text: `These open cases at the ${brand.name} abuse desk are past their clock:\n\n${lines.join('\n')}\n\nOpen them in the back office: ${deps.config.publicOrigin}/admin`,
    });
  }
  return { overdue: overdue.length, sentTo: recipients };
}
