/** The one date display of the control panel: "MMM d, yyyy" (control-panel spec §9), in the reader's time zone. */
import { format } from 'date-fns/format';

export function formatDate(value: string | Date | null | undefined): string {
  return value ? format(new Date(value), 'MMM d, yyyy') : '—';
}

export function DateText({ value }: { value: string | Date | null | undefined }) {
  if (!value) return <span>—</span>;
  return <time dateTime={new Date(value).toISOString()}>{formatDate(value)}</time>;
}
