/**
 * The banner every account page shows while the registrant email waits for verification (RAA 2013 WAPS): what to do,
 * by when, what is suspended, and a resend. It goes away once the link is clicked.
 */
import { formatDate } from '@kit/dates.ts';
import { isFailure } from '@kit/api.ts';
import { useState } from 'react';
import { verificationBannerTitle } from '../../../../api/contract/compliance/verification-banner.ts';
import { paths } from '../../paths.ts';
import { resendVerificationEmail, useVerificationStatus } from './api.ts';
import './verification.css';

type Resend = { phase: 'idle' } | { phase: 'sending' } | { phase: 'sent' } | { phase: 'error'; message: string };

export function VerificationBanner() {
  const status = useVerificationStatus();
  const [resend, setResend] = useState<Resend>({ phase: 'idle' });
  if (status?.state !== 'pending') return null;

  async function send() {
    setResend({ phase: 'sending' });
    const answer = await resendVerificationEmail();
    setResend(isFailure(answer) ? { phase: 'error', message: answer.message } : { phase: 'sent' });
  }

  return (
    <section className={`verify-banner${status.suspended ? ' is-suspended' : ''}`} aria-labelledby="verify-banner-title">
      <div className="container verify-banner-inner">
        <div className="verify-banner-text">
          <h2 id="verify-banner-title" className="verify-banner-title">
            {verificationBannerTitle}
          </h2>
          <p>
            {status.suspended ? (
              <>
                Your domains are suspended because <strong>{status.email}</strong> has not been verified. Open the link we emailed to it and they work again at
                once.
              </>
            ) : (
              <>
                We emailed a link to <strong>{status.email}</strong>. Open it by {formatDate(status.deadline)}, or your domains will be suspended until you do.
              </>
            )}
          </p>
          {status.problems.length > 0 && (
            <div className="verify-problems">
              <p>
                Please also correct the registrant details in <a href={paths.summary.href('contact_info')}>Account Information</a>:
              </p>
              <ul>
                {status.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </div>
          )}
          {resend.phase === 'sent' && (
            <p className="verify-feedback" role="status">
              We sent a new link to {status.email}. Links in earlier emails no longer work.
            </p>
          )}
          {resend.phase === 'error' && (
            <p className="verify-feedback is-error" role="alert">
              {resend.message}
            </p>
          )}
        </div>
        <button type="button" className="btn btn-secondary btn-sm verify-resend" onClick={send} disabled={resend.phase === 'sending'}>
          {resend.phase === 'sending' ? 'Sending…' : 'Resend Email'}
        </button>
      </div>
    </section>
  );
}
