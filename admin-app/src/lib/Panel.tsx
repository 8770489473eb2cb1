/** A panel of a screen: its heading (with a count), the heading's buttons, then its content; the heading names the section. */
import { type ReactNode, useId } from 'react';

export function Panel({
  title,
  count,
  actions,
  id,
  children,
}: {
  title: ReactNode;
  count?: number;
  /** Buttons or a link beside the heading. */
  actions?: ReactNode;
  /** The section's id (a link to `#jobs`). */
  id?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="panel" aria-labelledby={headingId} id={id}>
      <div className="panel-header">
        <h2 id={headingId}>
          {title}
          {count !== undefined && <span className="count">{count}</span>}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
