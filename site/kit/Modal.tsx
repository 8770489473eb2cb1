/**
 * The one modal dialog (storefront spec §2): title, content, optional error style, close button. Built on
 * <dialog>: Escape closes it, focus stays inside, and a click outside the box closes it.
 */
import { type ReactNode, useEffect, useId, useRef } from 'react';

type Props = {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  isError?: boolean;
  /** Hide the close button while something must finish (a payment in flight). */
  dismissible?: boolean;
};

export default function Modal({ open, title, onClose, children, isError = false, dismissible = true }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
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
      onKeyDown={() => {}}
    >
      {open && (
        <div className="modal-box">
          <div className="modal-header">
            <h2 id={titleId}>{title}</h2>
            {dismissible && (
              <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
                ×
              </button>
            )}
          </div>
          <div className="modal-body">{children}</div>
        </div>
      )}
    </dialog>
  );
}
