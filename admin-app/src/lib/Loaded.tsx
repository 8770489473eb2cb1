/** A panel's content while it loads: the API's message when the read failed, "Loading…" until it answers, then the content. */
import type { ReactNode } from 'react';
import { FetchError } from '../swr.ts';

export function Loaded<T>({
  data,
  error,
  loading = 'Loading…',
  children,
}: {
  data: T | undefined;
  error: unknown;
  loading?: string;
  children: (data: T) => ReactNode;
}) {
  // A 401 is the shell's to answer (it shows the sign-in); a panel says nothing of it.
  if (error instanceof FetchError && error.failure.status !== 401)
    return (
      <p className="notice notice-danger panel-notice" role="alert">
        {error.failure.message}
      </p>
    );
  if (data === undefined)
    return (
      <p className="empty" role="status">
        {loading}
      </p>
    );
  return <>{children(data)}</>;
}
