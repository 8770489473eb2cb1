/**
 * The UTC days the dashboard's periods start on ("today", "7 days" is today and the 6 before it, "30 days" the same
 * with 29), as the API counts them (api/services/dashboard/dashboard.ts), and how a list opened from a figure names its day.
 */
import { formatCalendarDay } from '@kit/dates.ts';

const dayMs = 24 * 60 * 60 * 1000;

/** `2026-11-24`: the UTC day `daysBack` days before the one `asOf` falls on. */
export function utcDayBefore(asOf: string, daysBack: number): string {
  const start = Date.parse(`${asOf.slice(0, 10)}T00:00:00Z`) - daysBack * dayMs;
  return new Date(start).toISOString().slice(0, 10);
}

/** "since November 24, 2026 (UTC)"; null for no day or a malformed one. */
export function sinceWords(since: string | null): string | null {
  if (!since || !/^\d{4}-\d{2}-\d{2}$/.test(since) || Number.isNaN(Date.parse(`${since}T00:00:00Z`))) return null;
  return `since ${formatCalendarDay(new Date(`${since}T00:00:00Z`))} (UTC)`;
}
