/** Adding a passkey: name it, let the browser create it (fingerprint, face, screen lock or security key), done. */
import { isFailure } from '@kit/api.ts';
import { TextField } from '@kit/Field.tsx';
import { type SteppedModalHandle, SteppedModal, type StepViews } from '@kit/SteppedModal.tsx';
import { finishView } from '@kit/step-views.ts';
import { useState } from 'react';
import { type PasskeyView, registerPasskey } from './api.ts';
import { RecoveryCodesList } from './RecoveryCodes.tsx';

export type AddPasskeyView = 'addPasskey' | 'finishAddPasskey';

/** A starting name people can keep: the browser and system this passkey is made on. */
function suggestName(): string {
  const agent = navigator.userAgent;
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Firefox\//.test(agent)
      ? 'Firefox'
      : /Chrome\//.test(agent)
        ? 'Chrome'
        : /Safari\//.test(agent)
          ? 'Safari'
          : 'Browser';
  const system = /iPhone|iPad/.test(agent)
    ? 'iOS'
    : /Android/.test(agent)
      ? 'Android'
      : /Mac OS X/.test(agent)
        ? 'Mac'
        : /Windows/.test(agent)
          ? 'Windows'
          : /Linux/.test(agent)
            ? 'Linux'
            : '';
  return system ? `${browser} on ${system}` : browser;
}

export function AddPasskeyModal({ modal }: { modal: SteppedModalHandle<AddPasskeyView> }) {
  const [name, setName] = useState(suggestName);
  const [nameError, setNameError] = useState<string | null>(null);
  const [added, setAdded] = useState<PasskeyView | null>(null);

  async function add() {
    if (!name.trim()) {
      setNameError('Name your passkey');
      return undefined;
    }
    setNameError(null);
    const answer = await registerPasskey(name.trim());
    if (isFailure(answer)) return answer;
    setAdded(answer);
    return 'finishAddPasskey' as const;
  }

  const views: StepViews<AddPasskeyView> = {
    addPasskey: {
      title: 'Add a Passkey',
      body: (
        <>
          <p>A passkey signs you in with your fingerprint, face or screen lock, or a security key: nothing to type, and nothing a fake site can steal.</p>
          <TextField
            label="Passkey name"
            value={name}
            maxLength={60}
            onChange={(e) => setName(e.target.value)}
            error={nameError}
            hint="So you can tell your passkeys apart, e.g. “Work laptop”."
            data-autofocus
          />
        </>
      ),
      actions: [{ label: 'Create Passkey', run: add }],
    },
    finishAddPasskey: finishView<AddPasskeyView>({
      title: 'Passkey Added',
      body: (
        <>
          <p>
            “{added?.name}” is ready. Choose <strong>Sign in with a passkey</strong> on the login page, or use it as your second step after your password.
          </p>
          {added?.$recoveryCodes && <RecoveryCodesList codes={added.$recoveryCodes} />}
        </>
      ),
    }),
  };
  return <SteppedModal modal={modal} views={views} />;
}
