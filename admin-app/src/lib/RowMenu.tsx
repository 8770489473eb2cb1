/** A row's actions folded into one "Manage" button (a disclosure), so tables stay narrow; it closes on a choice, Escape or a click elsewhere. */
import { type ReactNode, useEffect, useRef } from 'react';

/** `disabledReason`: shown, greyed, with why it cannot be chosen (a suspended name, a role that may not). */
export type RowAction = { label: string; onSelect: () => void; danger?: boolean; disabledReason?: string };

export function RowMenu({ label, name, actions }: { label?: ReactNode; name: string; actions: RowAction[] }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !details.contains(event.target as Node)) {
        details.open = false;
        if (event instanceof KeyboardEvent) details.querySelector('summary')?.focus();
      }
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, []);
  if (actions.length === 0) return null;
  return (
    <details className="row-menu" ref={ref}>
      <summary className="btn btn-secondary btn-sm">
        {label ?? 'Manage'}
        <span className="visually-hidden"> {name}</span>
      </summary>
      <div className="row-menu-list">
        {actions.map((action) => (
          <button
            key={action.label}
            type="button"
            className={`row-menu-item${action.danger ? ' is-danger' : ''}`}
            disabled={action.disabledReason !== undefined}
            onClick={() => {
              if (ref.current) ref.current.open = false;
              action.onSelect();
            }}
          >
            {action.label}
            {action.disabledReason && <span className="row-menu-note">{action.disabledReason}</span>}
          </button>
        ))}
      </div>
    </details>
  );
}
