/**
 * The control panel's generic Success modal (a Done button, then an optional redirect) and its `Error!` modal with a
 * message (control-panel spec §2 Modals 11 and 12, §8 "Please enter a valid website address").
 */
import type { ReactNode } from 'react';
import Modal from './Modal.tsx';

type SuccessProps = {
  open: boolean;
  message: ReactNode;
  title?: string;
  /** Where Done leads; closing by Escape, outside click or × only closes. */
  redirect?: string;
  /** How to follow the redirect (the account app passes its router's navigate); a full page load otherwise. */
  navigate?: (to: string) => void;
  onClose: () => void;
};

export function SuccessModal({ open, message, title = 'Success!', redirect, navigate, onClose }: SuccessProps) {
  function done() {
    onClose();
    if (redirect) (navigate ?? ((to: string) => window.location.assign(to)))(redirect);
  }
  return (
    <Modal open={open} title={title} onClose={onClose}>
      {typeof message === 'string' ? <p>{message}</p> : message}
      <div className="step-actions">
        <button type="button" className="btn btn-primary" onClick={done}>
          Done
        </button>
      </div>
    </Modal>
  );
}

export function ErrorModal({ open, message, onClose }: { open: boolean; message: ReactNode; onClose: () => void }) {
  return (
    <Modal open={open} title="Error!" isError onClose={onClose}>
      {typeof message === 'string' ? <p>{message}</p> : message}
      <div className="step-actions">
        <button type="button" className="btn btn-primary" onClick={onClose}>
          OK
        </button>
      </div>
    </Modal>
  );
}
