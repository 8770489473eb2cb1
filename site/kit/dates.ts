/**
 * The one date module of the site, the account app and the back office. One rule: a moment is shown in the viewer's
 * own time zone, and where the time of day matters the zone is named ("Nov 25, 2026, 3:04 PM UTC"); a calendar date
 * that is the same everywhere (a page's publication day) is read in UTC. Texts the server writes (emails, PDFs) are in
 * UTC and say so. Formatting is the browser's Intl; date-fns stays for arithmetic.
 */
type DateValue = string | number | Date | null | undefined;

const toMs = (value: string | number | Date) => (value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value));

const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});
const calendarDay = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
// en-CA writes the ISO order: 2026-11-25.
const isoDay = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });

/** "Nov 25, 2026" (control-panel spec §9), in the viewer's time zone; "—" for no date. */
export function formatDate(value: DateValue): string {
  return value == null || value === '' ? '—' : day.format(toMs(value));
}

/** "Nov 25, 2026, 3:04 PM UTC": a moment to the minute, in the viewer's time zone, named. */
export function formatDateTime(value: DateValue): string {
  return value == null || value === '' ? '—' : dateTime.format(toMs(value));
}

/** "3 min ago", "2 h ago", or the moment; "Never" for none. */
export function formatAgo(value: DateValue, nowMs = Date.now()): string {
  if (value == null || value === '') return 'Never';
  const minutes = Math.round((nowMs - toMs(value)) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 24 * 60) return `${Math.round(minutes / 60)} h ago`;
  return formatDateTime(value);
}

/** "November 25, 2026": a calendar date that is the same for every reader (content's publication dates), in UTC. */
export function formatCalendarDay(value: Date): string {
  return calendarDay.format(value);
}

/** "2026-11-25" in the viewer's time zone: date inputs and file names. */
export function formatIsoDay(value: string | number | Date): string {
  return isoDay.format(toMs(value));
}
