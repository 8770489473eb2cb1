/**
 * The one modal dialog (storefront spec §2): title, content, optional error style, close button. Built on
 * <dialog>: Escape and a click outside the box close it, Tab wraps inside it, and its heading names it. Focus moves
 * into it on opening and again whenever `focusKey` changes (a new view of a stepped modal, whose body is then
 * mounted afresh): to the body's control marked `data-autofocus` if there is one, otherwise to the heading, so the
 * new title is read out.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';

type Props = {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  isError?: boolean;
  /** Hide the close button, and ignore Escape and outside clicks, while something must finish (a call in flight). */
  dismissible?: boolean;
  /** A new value means new content: the body mounts afresh and focus moves into it as on opening. */
  focusKey?: string;
};

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export default function Modal({ open, title, onClose, children, isError = false, dismissible = true, focusKey }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const marked = bodyRef.current?.querySelector<HTMLElement>('[data-autofocus]');
    (marked ?? headingRef.current)?.focus();
  }, [open, focusKey]);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Escape') {
      // Handled here rather than through the dialog's own cancel, so it also holds while a call runs.
      event.preventDefault();
      if (dismissible) onClose();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const controls = [...ref.current.querySelectorAll<HTMLElement>(focusable)];
    if (controls.length === 0) return;
    const first = controls[0];
    const last = controls[controls.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === headingRef.current || active === ref.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={ref}
      className={`modal-dialog${isError ? ' is-error' : ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) onClose();
      }}
      onClick={(event) => {
        if (dismissible && event.target === ref.current) onClose();
      }}
      onKeyDown={onKeyDown}
    >
      {open && (
        <div className="modal-box">
          <div className="modal-header">
            <h2 id={titleId} ref={headingRef} tabIndex={-1}>
              {title}
            </h2>
            {dismissible && (
              <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
                ×
              </button>
            )}
          </div>
          <div className="modal-body" ref={bodyRef} key={focusKey}>
            {children}
          </div>
        </div>
      )}
    </dialog>
  );
}
