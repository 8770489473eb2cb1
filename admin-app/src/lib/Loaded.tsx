/**
 * A panel's content (or a whole screen's, `page`) while it loads: the API's message when the read failed, "Loading…"
 * until it answers, then the content.
 */
import type { ReactNode } from 'react';
import { FetchError } from '../swr.ts';

export function Loaded<T>({
  data,
  error,
  loading = 'Loading…',
  page,
  children,
}: {
  data: T | undefined;
  error: unknown;
  loading?: string;
  /** The screen's own content, not a panel's: the notice and the loading line stand outside any panel. */
  page?: boolean;
  children: (data: T) => ReactNode;
}) {
  // A 401 is the shell's to answer (it shows the sign-in); a panel says nothing of it.
  if (error instanceof FetchError && error.failure.status !== 401)
    return (
      <p className={page ? 'notice notice-danger' : 'notice notice-danger panel-notice'} role="alert">
        {error.failure.message}
      </p>
    );
  if (data === undefined && page) return <p role="status">{loading}</p>;
  if (data === undefined)
    return (
      <p className="empty" role="status">
        {loading}
      </p>
    );
  return <>{children(data)}</>;
}
