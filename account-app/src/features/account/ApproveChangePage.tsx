/**
 * /account/approve-change?token=… : where the TDRP approval email leads. Whoever holds the registrant email approves
 * here, signed in or not (the token is the proof), with a button rather than on opening, so a mail scanner that
 * follows links approves nothing.
 */
import { isFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';
import { brand } from '@kit/brand.ts';
import { formatDate } from '@kit/dates.ts';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { tdrpHoldDays } from '../../../../api/contract/accounts/account-info.ts';
import { paths } from '../../paths.ts';
import './account.css';

type Approval = { heldDomains: number; holdUntil: string | null };
type State = { step: 'ready' } | { step: 'approving' } | { step: 'approved'; approval: Approval } | { step: 'failed'; message: string };

export function ApproveChangePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ step: 'ready' });
  useEffect(() => {
    document.title = `Approve Account Change | ${brand.name}`;
  }, []);

  async function approve() {
    setState({ step: 'approving' });
    const answer = await apiClient.POST('/tdrpApprovals', { body: { token }, toast: false });
    setState(isFailure(answer) ? { step: 'failed', message: answer.message } : { step: 'approved', approval: answer });
  }

  return (
    <main id="main" className="container approve-page">
      <p>
        <a href="/" className="logo-word approve-brand">
          {brand.name.toLowerCase()}
        </a>
      </p>
      <section className="card info-card" aria-labelledby="approve-title">
        <h1 id="approve-title" className="info-card-title">
          Approve Account Change
        </h1>
        {state.step === 'approved' ? (
          <>
            <p className="form-notice is-success" role="status">
              The change has been approved and applied.
            </p>
            {state.approval.heldDomains > 0 && state.approval.holdUntil && (
              <p>
                As a safeguard, the account's {state.approval.heldDomains === 1 ? 'domain is' : `${state.approval.heldDomains} domains are`} locked against
                transfer to another registrar until {formatDate(state.approval.holdUntil)} ({tdrpHoldDays} days).
              </p>
            )}
            <p>
              <a className="btn btn-secondary" href={paths.summary.href()}>
                Go to Account Information
              </a>
            </p>
          </>
        ) : (
          <>
            <p>
              A change to the registrant of a {brand.name} account is waiting for approval from the registrant email. The email describes it. Approve it only if
              you asked for it; otherwise close this page and nothing changes.
            </p>
            {state.step === 'failed' && (
              <p className="form-notice is-error" role="alert">
                {state.message}
              </p>
            )}
            <div className="form-actions">
              <button type="button" className="btn btn-primary" onClick={approve} disabled={!token || state.step === 'approving'}>
                {state.step === 'approving' ? 'Approving…' : 'Approve Change'}
              </button>
            </div>
          </>
        )}
      </section>
    </main>
  );
}
