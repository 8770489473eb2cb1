/**
 * How the customer gets in: their second factors and passkeys, the sessions signed in, and their API tokens, with the
 * buttons that open the help dialogs for them.
 */
import { formatAgo, formatDate, formatDateTime } from '@kit/dates.ts';
import type { CustomerRecord } from '../../../../api/contract/support/customers.ts';
import { Panel } from '../../lib/Panel.tsx';
import { PlainList } from '../../lib/PlainList.tsx';
import type { Help } from './CustomerHelp.tsx';

type Props = {
  customer: CustomerRecord;
  /** Whether the staff member may help the customer (the customers:help permission). */
  canHelp: boolean;
  setHelp: (help: Help) => void;
};

export function SecondFactorsPanel({ customer }: { customer: CustomerRecord }) {
  return (
    <Panel title="Two-step verification" count={customer.secondFactors.length + customer.passkeys.length}>
      <div className="panel-body">
        {customer.secondFactors.length + customer.passkeys.length === 0 ? (
          <p className="muted">{customer.mfaEnrolmentRequired ? 'Reset by staff: the customer adds a new one at next sign-in.' : 'None: password only.'}</p>
        ) : (
          <ul className="plain-list">
            {customer.secondFactors.map((factor) => (
              <li key={factor.mfaId}>
                <strong>{factor.description}</strong>{' '}
                <span className={`badge ${factor.status === 'active' ? 'badge-success' : ''}`}>
                  {factor.status === 'active' ? 'Active' : 'Not confirmed yet'}
                </span>
                <span className="cell-sub">Added {formatDate(factor.createDate)}</span>
              </li>
            ))}
            {customer.passkeys.map((key) => (
              <li key={key.passkeyId}>
                <strong>Passkey “{key.name}”</strong>
                <span className="cell-sub">
                  Added {formatDate(key.createDate)} · last used {formatAgo(key.lastUsedDate)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Panel>
  );
}

export function SessionsPanel({ customer, canHelp, setHelp }: Props) {
  return (
    <Panel
      title="Signed-in sessions"
      count={customer.sessions.length}
      actions={
        canHelp && customer.sessions.length > 0 ? (
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => setHelp('revokeSessions')}>
            Sign out everywhere
          </button>
        ) : undefined
      }
    >
      <div className="panel-body">
        <PlainList items={customer.sessions} itemKey={(session) => session.sessionId} empty="Not signed in anywhere.">
          {(session) => (
            <>
              <strong>Since {formatDateTime(session.createDate)}</strong>
              <span className="cell-sub">
                {session.ip ?? 'unknown address'} · {session.userAgent?.slice(0, 80) ?? 'unknown browser'}
              </span>
            </>
          )}
        </PlainList>
      </div>
    </Panel>
  );
}

export function ApiTokensPanel({ customer, canHelp, setHelp }: Props) {
  return (
    <Panel
      title="API tokens"
      count={customer.apiTokens.length}
      actions={
        canHelp && customer.apiTokens.length > 1 ? (
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => setHelp('revokeAllTokens')}>
            Revoke all
          </button>
        ) : undefined
      }
    >
      <div className="panel-body">
        <PlainList items={customer.apiTokens} itemKey={(token) => token.apiTokenId} empty="No API tokens." itemClassName="with-action">
          {(token) => (
            <>
              <span>
                <strong>{token.name}</strong>
                <span className="cell-sub">
                  {token.scopes.join(', ')} · last used {formatAgo(token.lastUsedDate)}
                  {token.lastUsedIp ? ` from ${token.lastUsedIp}` : ''}
                </span>
              </span>
              {canHelp && (
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => setHelp({ token })}>
                  Revoke<span className="visually-hidden"> {token.name}</span>
                </button>
              )}
            </>
          )}
        </PlainList>
      </div>
    </Panel>
  );
}
