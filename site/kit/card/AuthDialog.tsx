/** The sandbox's stand-in for the bank's 3-D Secure page: the tester completes or fails the authentication. */
import Modal from '../Modal.tsx';

type Props = { open: boolean; what: 'card' | 'payment'; onAnswer: (outcome: 'complete' | 'fail') => void };

export default function AuthDialog({ open, what, onAnswer }: Props) {
  return (
    <Modal open={open} title="Test authentication" onClose={() => onAnswer('fail')}>
      <p>
        Sandbox mode: this dialog stands in for your bank's 3-D Secure check of the {what === 'card' ? 'card you are saving' : 'payment'}. Choose how the
        authentication ends.
      </p>
      <div className="button-row">
        <button type="button" className="btn btn-primary" onClick={() => onAnswer('complete')}>
          Complete authentication
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => onAnswer('fail')}>
          Fail authentication
        </button>
      </div>
    </Modal>
  );
}
