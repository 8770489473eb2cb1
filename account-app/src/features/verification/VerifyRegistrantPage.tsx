/**
 * /account/verify-registrant?token=… : where the verification email leads. Whoever holds the registrant email verifies
 * here, signed in or not (the token is the proof), with a button rather than on opening, so a mail scanner that
 * follows links verifies nothing.
 */
import { brand } from '@kit/brand.ts';
import { isFailure } from '@kit/api.ts';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { VerifyRegistrantAnswer } from '../../../../api/contract/compliance/verification.ts';
import { paths } from '../../paths.ts';
import { verifyRegistrantEmail } from './api.ts';
import '../account/account.css';

type State = { step: 'ready' } | { step: 'verifying' } | { step: 'verified'; answer: VerifyRegistrantAnswer } | { step: 'failed'; message: string };

export function VerifyRegistrantPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ step: 'ready' });
  useEffect(() => {
    document.title = `Verify Your Email | ${brand.name}`;
  }, []);

  async function verify() {
    setState({ step: 'verifying' });
    const answer = await verifyRegistrantEmail(token);
    setState(isFailure(answer) ? { step: 'failed', message: answer.message } : { step: 'verified', answer });
  }

  return (
    <main id="main" className="container approve-page">
      <p>
        <a href="/" className="logo-word approve-brand">
          {brand.name.toLowerCase()}
        </a>
      </p>
      <section className="card info-card" aria-labelledby="verify-title">
        <h1 id="verify-title" className="info-card-title">
          Verify Your Email
        </h1>
        {state.step === 'verified' ? (
          <>
            <p className="form-notice is-success" role="status">
              {state.answer.message}
            </p>
            <p>
              <a className="btn btn-secondary" href={paths.domains.href()}>
                Go to My Domains
              </a>
            </p>
          </>
        ) : (
          <>
            <p>
              ICANN asks every registrar to confirm that the registrant of a domain can be reached at its email address. Confirm that this address belongs to
              the registrant of your {brand.name} domains.
            </p>
            {state.step === 'failed' && (
              <p className="form-notice is-error" role="alert">
                {state.message}
              </p>
            )}
            <div className="form-actions">
              <button type="button" className="btn btn-primary" onClick={verify} disabled={!token || state.step === 'verifying'}>
                {state.step === 'verifying' ? 'Verifying…' : 'Verify My Email'}
              </button>
            </div>
          </>
        )}
      </section>
    </main>
  );
}
