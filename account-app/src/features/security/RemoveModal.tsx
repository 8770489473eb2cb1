/**
 * Removing a two-factor method or a passkey (control-panel spec §4 MFA: delete, confirm, deleted). The last second
 * factor asks for the current password: removing it turns two-factor authentication off.
 */
import { isFailure } from '@kit/api.ts';
import { TextField } from '@kit/Field.tsx';
import { type SteppedModalHandle, SteppedModal, type StepViews } from '@kit/SteppedModal.tsx';
import { confirmView, finishView } from '@kit/step-views.ts';
import { useEffect, useState } from 'react';
import { type MfaMethod, type PasskeyView, removeMethod, removePasskey } from './api.ts';
import { methodLabels } from './method-labels.ts';

export type RemoveView = 'confirmDeleteMfa' | 'finishDeleteMfa';
export type RemoveTarget = { kind: 'mfa'; method: MfaMethod } | { kind: 'passkey'; passkey: PasskeyView };

function describe(target: RemoveTarget): string {
  if (target.kind === 'passkey') return `the passkey “${target.passkey.name}”`;
  const { method } = target;
  return method.type === 'totp'
    ? 'your authenticator app'
    : `${methodLabels[method.type].toLowerCase()} codes (${method.description.replace(/^(Text message|Email) to /, '')})`;
}

export function RemoveModal({ modal, target, isLast }: { modal: SteppedModalHandle<RemoveView>; target: RemoveTarget | null; isLast: boolean }) {
  const [password, setPassword] = useState('');
  const [needsPassword, setNeedsPassword] = useState(isLast);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const key = target ? (target.kind === 'mfa' ? `m${target.method.mfaId}` : `p${target.passkey.passkeyId}`) : '';
  // A new target starts clean: nothing typed for another one carries over.
  useEffect(() => {
    setPassword('');
    setPasswordError(null);
    setNeedsPassword(isLast);
  }, [key, isLast]);

  const noun = target?.kind === 'passkey' ? 'Passkey' : 'Two-Factor Method';
  async function remove() {
    if (!target) return undefined;
    if (needsPassword && !password) {
      setPasswordError('Enter your current password');
      return undefined;
    }
    setPasswordError(null);
    const answer =
      target.kind === 'mfa'
        ? await removeMethod(target.method.mfaId, needsPassword ? password : undefined)
        : await removePasskey(target.passkey.passkeyId, needsPassword ? password : undefined);
    if (isFailure(answer)) {
      // Another method went in the meantime: this one is the last after all.
      if ((answer.data as { passwordRequired?: boolean } | undefined)?.passwordRequired) setNeedsPassword(true);
      return answer;
    }
    return 'finishDeleteMfa' as const;
  }

  const views: StepViews<RemoveView> = {
    confirmDeleteMfa: confirmView<RemoveView>({
      title: `Remove ${noun}`,
      body: target && (
        <>
          <p>
            Remove {describe(target)}? {target.kind === 'passkey' ? 'It will no longer sign you in.' : 'It will no longer verify your sign-ins.'}
          </p>
          {needsPassword && (
            <>
              <p className="notice-warning">
                This is your last two-factor method. Removing it turns two-factor authentication off, so anyone with your password could sign in.
              </p>
              <TextField
                label="Current password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                error={passwordError}
                data-autofocus
              />
            </>
          )}
        </>
      ),
      confirm: 'Remove',
      variant: 'danger',
      run: remove,
    }),
    finishDeleteMfa: finishView<RemoveView>({
      title: `${noun} Removed`,
      body: target && <p>{describe(target).replace(/^./, (c) => c.toUpperCase())} was removed. We emailed you a note of the change.</p>,
    }),
  };
  return <SteppedModal modal={modal} views={views} />;
}
