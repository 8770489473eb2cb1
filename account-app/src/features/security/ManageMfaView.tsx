/**
 * Account Information, view manage_MFA (control-panel spec §2): the holder's two-factor methods (add, verify,
 * remove) and passkeys (add, remove). Changes need a recent sign-in: the kit's "confirm it's you" step asks when the
 * API says so (api.ts wraps the calls).
 */
import { formatDate } from '@kit/dates.ts';
import { useSteppedModal } from '@kit/SteppedModal.tsx';
import { isFailure } from '@kit/api.ts';
import { showToast } from '@kit/toasts.ts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AddMfaModal, type AddMfaView } from './AddMfaModal.tsx';
import { AddPasskeyModal, type AddPasskeyView } from './AddPasskeyModal.tsx';
import { abandonMethod, countSecondFactors, type MfaAdded, type MfaMethod, type PasskeyView, refreshSecurity, resendCode, useSecurity } from './api.ts';
import { methodLabels } from './method-labels.ts';
import { RecoveryCodesCard } from './RecoveryCodes.tsx';
import { RemoveModal, type RemoveTarget, type RemoveView } from './RemoveModal.tsx';
import { RenamePasskeyModal, type RenamePasskeyView } from './RenamePasskeyModal.tsx';
import { useCurrentUser } from '../session/api.ts';
import './security.css';

const icons: Record<MfaMethod['type'] | 'passkey', string> = {
  totp: 'M7 2h10a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2Zm0 3v13h10V5H7Zm4 14.5h2',
  sms: 'M4 4h16a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H9l-5 4V5a1 1 0 0 1 1-1Zm4 6h.01M12 10h.01M16 10h.01',
  email: 'M3 5h18v14H3V5Zm0 0 9 7 9-7',
  passkey: 'M14.5 10.5a4.5 4.5 0 1 0-4.2 4.5L9 16.5V19H6.5v2.5H3V18l7.1-7.1M16 8h.01',
};

function Icon({ kind }: { kind: keyof typeof icons }) {
  return (
    <span className="security-icon" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <path d={icons[kind]} />
      </svg>
    </span>
  );
}

export default function ManageMfaView() {
  const { methods, passkeys, isLoading, error } = useSecurity();
  const [params] = useSearchParams();
  const recovered = params.get('recovered') === '1';
  const { user } = useCurrentUser();
  const addModal = useSteppedModal<AddMfaView>({
    onClose: () => {
      // An authenticator app left unverified can never show its QR code again: drop it rather than list a dead end.
      if (adding?.type === 'totp' && adding.status === 'pending') void abandonMethod(adding.mfaId).then(refreshSecurity);
      else refreshSecurity();
    },
  });
  const passkeyModal = useSteppedModal<AddPasskeyView>({ onClose: refreshSecurity });
  const removeModal = useSteppedModal<RemoveView>({ onClose: refreshSecurity });
  const renameModal = useSteppedModal<RenamePasskeyView>({ onClose: refreshSecurity });
  const [renaming, setRenaming] = useState<PasskeyView | null>(null);
  const [adding, setAdding] = useState<MfaAdded | null>(null);
  const [removing, setRemoving] = useState<RemoveTarget | null>(null);
  const [resuming, setResuming] = useState<number | null>(null);

  const factors = countSecondFactors(methods, passkeys);
  const isOn = factors > 0;
  const isLastTarget = removing !== null && factors <= 1 && (removing.kind === 'passkey' || removing.method.status === 'active');

  function remove(target: RemoveTarget) {
    setRemoving(target);
    removeModal.open('confirmDeleteMfa');
  }

  /** A method added earlier but never verified: a new code, then the verify step. */
  async function resume(method: MfaMethod) {
    setResuming(method.mfaId);
    const answer = await resendCode(method.mfaId);
    setResuming(null);
    if (isFailure(answer)) {
      showToast(answer.message, 'error');
      return;
    }
    setAdding(answer);
    addModal.open('verifyMfa');
  }

  if (error) return <section className="card">We could not load your security settings. Please reload the page.</section>;

  return (
    <div className="security-view">
      {recovered && (
        <div className="notice notice-warning recovered-notice" role="status">
          <strong>You signed in with a recovery code.</strong> Review your two-factor methods below: remove any you no longer have, add a new one, and make new
          recovery codes when few are left.
        </div>
      )}
      {user?.mfaEnrolmentRequired && (
        <p className="form-notice is-info security-required" role="status">
          Our support team reset your two-step verification. Add an authenticator app, a phone, an email address or a passkey below to continue using your
          account.
        </p>
      )}
      <section className="card security-card" aria-labelledby="mfa-heading">
        <div className="security-head">
          <div>
            <h2 id="mfa-heading">Two-Factor Authentication</h2>
            <p className="muted">After your password, we ask for a code from one of these, so a stolen password alone cannot open your account.</p>
          </div>
          {!isLoading && <span className={`badge ${isOn ? 'badge-success' : 'badge-warning'}`}>{isOn ? 'On' : 'Off'}</span>}
        </div>
        {isLoading ? (
          <p role="status" className="muted">
            Loading…
          </p>
        ) : methods.length === 0 ? (
          <p className="security-empty">You have no two-factor methods yet. An authenticator app is the safest choice.</p>
        ) : (
          <ul className="security-list" aria-label="Two-factor methods">
            {methods.map((method) => (
              <li key={method.mfaId} className="security-item">
                <Icon kind={method.type} />
                <div className="security-item-text">
                  <span className="security-item-name">
                    {methodLabels[method.type]}
                    {method.status === 'pending' && <span className="badge badge-warning">Not verified</span>}
                  </span>
                  {method.description !== methodLabels[method.type] && <span className="security-item-detail">{method.description}</span>}
                  <span className="security-item-meta">Added {formatDate(method.createDate)}</span>
                </div>
                <div className="security-item-actions">
                  {method.status === 'pending' && method.type !== 'totp' && (
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => void resume(method)} disabled={resuming === method.mfaId}>
                      Verify<span className="visually-hidden"> {method.description}</span>
                    </button>
                  )}
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => remove({ kind: 'mfa', method })}>
                    Remove<span className="visually-hidden"> {method.description}</span>
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            setAdding(null);
            addModal.open('addMfa');
          }}
        >
          Add a Method
        </button>
      </section>

      <section className="card security-card" aria-labelledby="passkeys-heading">
        <div className="security-head">
          <div>
            <h2 id="passkeys-heading">Passkeys</h2>
            <p className="muted">Sign in with your fingerprint, face or screen lock instead of a password. A passkey also counts as your second step.</p>
          </div>
        </div>
        {!isLoading &&
          (passkeys.length === 0 ? (
            <p className="security-empty">No passkeys yet.</p>
          ) : (
            <ul className="security-list" aria-label="Passkeys">
              {passkeys.map((passkey) => (
                <li key={passkey.passkeyId} className="security-item">
                  <Icon kind="passkey" />
                  <div className="security-item-text">
                    <span className="security-item-name">
                      {passkey.name}
                      {passkey.synced && <span className="badge badge-info">Synced</span>}
                    </span>
                    <span className="security-item-meta">
                      Created {formatDate(passkey.createDate)} · Last used {passkey.lastUsedDate ? formatDate(passkey.lastUsedDate) : 'never'}
                    </span>
                  </div>
                  <div className="security-item-actions">
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      onClick={() => {
                        setRenaming(passkey);
                        renameModal.open('renamePasskey');
                      }}
                    >
                      Rename<span className="visually-hidden"> {passkey.name}</span>
                    </button>
                    <button type="button" className="btn btn-ghost btn-sm" onClick={() => remove({ kind: 'passkey', passkey })}>
                      Remove<span className="visually-hidden"> {passkey.name}</span>
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          ))}
        <button type="button" className="btn btn-secondary" onClick={() => passkeyModal.open('addPasskey')}>
          Add a Passkey
        </button>
      </section>

      <RecoveryCodesCard hasSecondFactor={isOn} />

      <AddMfaModal modal={addModal} method={adding} setMethod={setAdding} />
      <AddPasskeyModal modal={passkeyModal} />
      <RemoveModal modal={removeModal} target={removing} isLast={isLastTarget} />
      <RenamePasskeyModal modal={renameModal} passkey={renaming} />
    </div>
  );
}
