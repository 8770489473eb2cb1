/** Dates and times as the back office shows them: the staff member's own time zone, to the minute. */
const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

export function formatDateTime(value: string | null | undefined): string {
  return value ? dateTime.format(Date.parse(value)) : '—';
}

/** "3 min ago", "2 h ago", or the date. */
export function formatAgo(value: string | null | undefined, nowMs = Date.now()): string {
  if (!value) return 'Never';
  const minutes = Math.round((nowMs - Date.parse(value)) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 24 * 60) return `${Math.round(minutes / 60)} h ago`;
  return formatDateTime(value);
}

const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** "Nov 25, 2026". */
export function formatDay(value: string | null | undefined): string {
  return value ? day.format(Date.parse(value)) : '—';
}
