/** A screen's search toolbar: its fields filter the list below as they change, so the form never submits. */
import type { ReactNode } from 'react';

export function Toolbar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <form className="toolbar" role="search" aria-label={label} onSubmit={(event) => event.preventDefault()}>
      {children}
    </form>
  );
}
