/** After a reset request: 'Check Your Email', the same answer whether or not the email has an account. */
import type { StepProps } from '../login-state.ts';

export function SentStep({ state, send }: StepProps) {
  return (
    <div>
      <p>
        If an account uses <strong>{state.email}</strong>, we have sent it a link to reset the password. The link works once and expires in one hour.
      </p>
      <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'go', step: 'credentials' })}>
        Back to log in
      </button>
    </div>
  );
}
