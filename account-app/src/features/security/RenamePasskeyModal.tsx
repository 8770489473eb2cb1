/** Renaming a passkey, so the list tells them apart (“Work laptop”, “Old phone”). */
import { isFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';
import { TextField } from '@kit/Field.tsx';
import { type SteppedModalHandle, SteppedModal, type StepViews } from '@kit/SteppedModal.tsx';
import { useEffect, useState } from 'react';
import type { PasskeyView } from './api.ts';

export type RenamePasskeyView = 'renamePasskey';

export function RenamePasskeyModal({ modal, passkey }: { modal: SteppedModalHandle<RenamePasskeyView>; passkey: PasskeyView | null }) {
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  useEffect(() => {
    setName(passkey?.name ?? '');
    setNameError(null);
  }, [passkey]);

  async function rename() {
    if (!passkey) return undefined;
    if (!name.trim()) {
      setNameError('Name your passkey');
      return undefined;
    }
    setNameError(null);
    const answer = await apiClient.PATCH('/passkeys/{id}', { params: { path: { id: passkey.passkeyId } }, body: { name: name.trim() }, toast: false });
    return isFailure(answer) ? answer : { close: true as const };
  }

  const views: StepViews<RenamePasskeyView> = {
    renamePasskey: {
      title: 'Rename Passkey',
      body: <TextField label="Passkey name" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} error={nameError} data-autofocus />,
      actions: [
        { label: 'Save', run: rename },
        { label: 'Cancel', close: true, variant: 'secondary' },
      ],
    },
  };
  return <SteppedModal modal={modal} views={views} />;
}
