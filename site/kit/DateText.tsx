/** A date as the control panel shows it (site/kit/dates.ts), in a <time> element. */
import { formatDate } from './dates.ts';

export function DateText({ value }: { value: string | Date | null | undefined }) {
  if (!value) return <span>—</span>;
  return <time dateTime={new Date(value).toISOString()}>{formatDate(value)}</time>;
}
