/**
 * Account Information, view apiTokens (issue #15): the account's API tokens (name, prefix, scopes, last use, expiry),
 * creating one (with a fresh second factor; its secret shown once) and revoking one.
 */
import { formatDate } from '@kit/dates.ts';
import { useSteppedModal } from '@kit/SteppedModal.tsx';
import { useState } from 'react';
import { Link } from 'react-router';
import { apiScopeLabels } from '../../../../api/contract/api-tokens/api-scopes.ts';
import { apiTokensPerAccount } from '../../../../api/contract/api-tokens/api-tokens.ts';
import { paths } from '../../paths.ts';
import { type ApiToken, refreshApiTokens, useApiTokens, useSecondFactorChoices } from './api.ts';
import { CreateTokenModal, type CreateTokenView, useCreateTokenState } from './CreateTokenModal.tsx';
import { RevokeTokenModal, type RevokeTokenView } from './RevokeTokenModal.tsx';
import './api-tokens.css';

function KeyIcon({ size }: { size: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <circle cx="7.5" cy="15.5" r="5.5" />
      <path d="m21 2-9.6 9.6M15.5 7.5l3 3L22 7l-3-3" />
    </svg>
  );
}

export const isExpired = (token: ApiToken, at = new Date()) => token.expireDate !== null && new Date(token.expireDate) <= at;

export default function ApiTokensView() {
  const { tokens, isLoading, error } = useApiTokens();
  const choices = useSecondFactorChoices();
  const createState = useCreateTokenState();
  const createModal = useSteppedModal<CreateTokenView>({ onClose: createState.reset });
  const revokeModal = useSteppedModal<RevokeTokenView>({ onClose: refreshApiTokens });
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const hasSecondFactor = choices === null ? null : choices.methods.length > 0 || choices.passkey;
  const live = tokens.filter((t) => !isExpired(t)).length;

  if (error) return <section className="card">We could not load your API tokens. Please reload the page.</section>;

  return (
    <div className="tokens-view">
      <section className="card tokens-card" aria-labelledby="tokens-heading">
        <div className="tokens-head">
          <div>
            <h2 id="tokens-heading">API Tokens</h2>
            <p className="muted">
              Scripts and tools use a token to manage your domains through the API: send it as <code>Authorization: Bearer &lt;token&gt;</code>. A token can do
              only what its scopes allow.
            </p>
          </div>
          {hasSecondFactor && (
            <button
              type="button"
              className="btn btn-primary tokens-create"
              onClick={() => createModal.open('tokenDetails')}
              disabled={live >= apiTokensPerAccount}
            >
              Create Token
            </button>
          )}
        </div>

        {hasSecondFactor === false && (
          <div className="notice-warning tokens-need-2fa" role="note">
            <span>Creating an API token needs two-factor authentication, so a stolen password cannot create one.</span>
            <Link className="btn btn-secondary btn-sm" to={paths.summary.href('manage_MFA')}>
              Set up two-factor
            </Link>
          </div>
        )}

        {isLoading ? (
          <p role="status" className="muted">
            Loading…
          </p>
        ) : tokens.length === 0 ? (
          <div className="tokens-empty">
            <span className="tokens-empty-icon" aria-hidden="true">
              <KeyIcon size={26} />
            </span>
            <p className="tokens-empty-title">No API tokens yet</p>
            <p className="muted">Create one to script DNS changes, renewals or domain checks.</p>
          </div>
        ) : (
          <ul className="tokens-list" aria-label="API tokens">
            {tokens.map((token) => (
              <TokenRow
                key={token.apiTokenId}
                token={token}
                onRevoke={() => {
                  setRevoking(token);
                  revokeModal.open('confirmRevokeToken');
                }}
              />
            ))}
          </ul>
        )}
        {live >= apiTokensPerAccount && (
          <p className="muted tokens-cap">You have {apiTokensPerAccount} active tokens, the most an account can have. Revoke one to create another.</p>
        )}
      </section>

      <CreateTokenModal modal={createModal} state={createState} />
      <RevokeTokenModal modal={revokeModal} token={revoking} />
    </div>
  );
}

function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
  const expired = isExpired(token);
  return (
    <li className={`token-item${expired ? ' is-expired' : ''}`}>
      <span className="token-icon" aria-hidden="true">
        <KeyIcon size={20} />
      </span>
      <div className="token-text">
        <span className="token-name">
          {token.name}
          <code className="token-prefix">{token.displayPrefix}…</code>
          {expired && <span className="badge badge-danger">Expired</span>}
        </span>
        <ul className="token-scope-list" aria-label="Scopes">
          {token.scopes.map((scope) => (
            <li key={scope} className="token-chip" title={apiScopeLabels[scope]?.description}>
              {apiScopeLabels[scope]?.label ?? scope}
            </li>
          ))}
        </ul>
        <span className="token-meta">
          <span>Created {formatDate(token.createDate)}</span>
          <span>Last used {token.lastUsedDate ? `${formatDate(token.lastUsedDate)}${token.lastUsedIp ? ` from ${token.lastUsedIp}` : ''}` : 'Never'}</span>
          <span>{token.expireDate ? `${expired ? 'Expired' : 'Expires'} ${formatDate(token.expireDate)}` : 'Never expires'}</span>
        </span>
        {token.allowedIps.length > 0 && <span className="token-meta">Only from {token.allowedIps.join(', ')}</span>}
      </div>
      <div className="token-actions">
        <button type="button" className="btn btn-ghost btn-sm token-revoke" onClick={onRevoke}>
          Revoke<span className="visually-hidden"> {token.name}</span>
        </button>
      </div>
    </li>
  );
}
