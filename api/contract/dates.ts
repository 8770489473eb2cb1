/** Dates in what the server writes (emails, ledger descriptions): "MMM d, yyyy" (control-panel spec §9) in UTC. */
const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

export function formatDateUtc(value: string | Date): string {
  return dateFormat.format(new Date(value));
}
