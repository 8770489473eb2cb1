/** Stand-in for a domain modal whose feature has not landed: honest, and easy to leave. */
import { brand } from '@kit/brand.ts';
import Modal from '@kit/Modal.tsx';

export function ComingSoonModal({ title, onClose }: { title: string; onClose: () => void }) {
  return (
    <Modal open title={title} onClose={onClose}>
      <div className="placeholder-modal">
        <p>
          {title} from your control panel is coming soon. Until then, our support team can do it for you at{' '}
          <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>.
        </p>
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
