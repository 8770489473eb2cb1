/**
 * Account Information without a view (control-panel spec §2): contact, login (password masked), payments and amounts
 * due, two-factor status, and the preferences form. The amounts come computed from GET /api/accounts/0.
 */
import { ContactBlock } from '@kit/ContactBlock.tsx';
import { DateText } from '@kit/DateText.tsx';
import { Money } from '@kit/Money.tsx';
import { Link } from 'react-router';
import { paths } from '../../paths.ts';
import { chargeTaxFootnote } from '../billing/charge-tax.ts';
import { useCurrentUser } from '../session/api.ts';
import { type Account, useAccountInfo, useActiveMfaCount } from './api.ts';
import { TdrpBanner } from './TdrpBanner.tsx';
import { PreferencesForm } from './PreferencesForm.tsx';
import './account.css';

export default function SummaryView() {
  const { account, error, isLoading } = useAccountInfo();
  const { user } = useCurrentUser();
  const mfaCount = useActiveMfaCount();
  if (isLoading) return <p role="status">Loading your account…</p>;
  if (error || !account) return <p className="field-error">We could not load your account. {error?.message}</p>;
  return (
    <>
      <TdrpBanner pending={account.$pendingChanges} />
      <div className="info-grid">
        <section className="card info-card" aria-labelledby="summary-contact">
          <div className="info-card-head">
            <h2 id="summary-contact">Contact Information</h2>
            <Link to={paths.summary.href('contact_info')}>View all contacts</Link>
          </div>
          <ContactBlock contact={account.registrantContact} />
        </section>

        <section className="card info-card" aria-labelledby="summary-login">
          <div className="info-card-head">
            <h2 id="summary-login">Login Information</h2>
            <Link to={paths.summary.href('update_login')} aria-label="Edit login information">
              Edit
            </Link>
          </div>
          <dl className="info-facts">
            <dt>Email</dt>
            <dd>{user?.email ?? '…'}</dd>
            <dt>Password</dt>
            <dd>
              <span aria-hidden="true">••••••••••</span>
              <span className="visually-hidden">Hidden</span>
            </dd>
          </dl>
        </section>

        <PaymentsCard account={account} />

        <section className="card info-card" aria-labelledby="summary-mfa">
          <div className="info-card-head">
            <h2 id="summary-mfa">Two-Factor Authentication</h2>
            <Link to={paths.summary.href('manage_MFA')} aria-label="Manage two-factor authentication">
              Manage
            </Link>
          </div>
          <dl className="info-facts">
            <dt>Status</dt>
            <dd>
              {mfaCount === null ? '…' : mfaCount > 0 ? <span className="badge badge-success">On</span> : <span className="badge badge-warning">Off</span>}
            </dd>
            {mfaCount !== null && mfaCount > 0 && (
              <>
                <dt>Methods</dt>
                <dd>
                  {mfaCount} active {mfaCount === 1 ? 'method' : 'methods'}
                </dd>
              </>
            )}
            <dt>API tokens</dt>
            <dd>
              <Link to={paths.summary.href('apiTokens')}>Manage API tokens</Link>
            </dd>
          </dl>
        </section>

        <PreferencesForm account={account} />
      </div>
    </>
  );
}

function PaymentsCard({ account }: { account: Account }) {
  return (
    <section className="card info-card" aria-labelledby="summary-payments">
      <div className="info-card-head">
        <h2 id="summary-payments">Payments and Amounts Due</h2>
      </div>
      <dl className="info-facts">
        <dt>Auto Pay</dt>
        <dd>{account.autoPayDescription ? `On: ${account.autoPayDescription}` : 'Off (no default card)'}</dd>
        <dt>Next monthly bill</dt>
        <dd>
          {account.recurringBillDate ? (
            <>
              <Money cents={account.recurringBillAmount} /> on <DateText value={account.recurringBillDate} />
            </>
          ) : (
            'Nothing due'
          )}
        </dd>
        <dt>Next auto-renewal</dt>
        <dd>
          {account.autoRenewDate ? (
            <>
              <Money cents={account.autoRenewAmount} /> on <DateText value={account.autoRenewDate} />
            </>
          ) : (
            'None scheduled'
          )}
        </dd>
      </dl>
      {chargeTaxFootnote(account) ? <p className="muted small">{chargeTaxFootnote(account)}</p> : null}
      <div className="info-links">
        <Link to={paths.summary.href('payment')}>Payment methods</Link>
        <Link to={paths.summary.href('billing')}>Billing history</Link>
      </div>
    </section>
  );
}
