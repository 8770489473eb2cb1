/**
 * Recovery codes (issue #25): the ten codes, shown once with Download and Copy (RecoveryCodesList), and the card on
 * the two-factor page with how many are left and "Make New Codes" (RecoveryCodesCard), after "confirm it's you".
 */
import { isFailure } from '@kit/api.ts';
import { apiClient, apiKey } from '@kit/api-client.ts';
import { withRecentAuth } from '@kit/ConfirmIdentity.tsx';
import { SteppedModal, type StepViews, useSteppedModal } from '@kit/SteppedModal.tsx';
import { showToast } from '@kit/toasts.ts';
import { formatDate } from '@kit/dates.ts';
import { brand } from '@kit/brand.ts';
import { useState } from 'react';
import { mutate } from 'swr';
import { recoveryCodesFile } from '../../../../api/contract/auth/recovery-codes.ts';
import { useApi } from '../../swr.ts';

export const recoveryCodesKey = apiKey('/recoveryCodes');

export function RecoveryCodesList({ codes }: { codes: string[] }) {
  function download() {
    const url = URL.createObjectURL(new Blob([recoveryCodesFile(codes, brand.name)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${brand.name.toLowerCase()}-recovery-codes.txt`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
  return (
    <div className="recovery-codes">
      <p>
        <strong>Save these recovery codes now: they are shown only once.</strong> Each signs you in one time if you lose your phone or security key.
      </p>
      <ol className="recovery-code-list" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="recovery-code-actions">
        <button type="button" className="btn btn-secondary btn-sm" onClick={download}>
          Download
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => void navigator.clipboard?.writeText(codes.join('\n')).then(() => showToast('Copied!', 'success', { durationMs: 3000 }))}
        >
          Copy
        </button>
      </div>
    </div>
  );
}

type View = 'confirmNewCodes' | 'showNewCodes';

export function RecoveryCodesCard({ hasSecondFactor }: { hasSecondFactor: boolean }) {
  const { data } = useApi(hasSecondFactor ? recoveryCodesKey : null);
  const [codes, setCodes] = useState<string[]>([]);
  const modal = useSteppedModal<View>({ onClose: () => void mutate(recoveryCodesKey) });
  if (!hasSecondFactor) return null;
  const low = data && data.remaining <= 3;
  const views: StepViews<View> = {
    confirmNewCodes: {
      title: 'Make New Recovery Codes',
      body: <p>You will get ten new codes. The codes you have now stop working at once.</p>,
      actions: [
        {
          label: 'Make New Codes',
          run: async () => {
            const answer = await withRecentAuth(() => apiClient.POST('/recoveryCodes', { toast: false }));
            if (isFailure(answer)) return answer;
            setCodes(answer.codes);
            return 'showNewCodes' as const;
          },
        },
        { label: 'Cancel', close: true, variant: 'secondary' },
      ],
    },
    showNewCodes: { title: 'Your New Recovery Codes', body: <RecoveryCodesList codes={codes} />, actions: [{ label: 'I Saved Them', close: true }] },
  };
  return (
    <section className="card security-card" aria-labelledby="recovery-heading">
      <div className="security-head">
        <div>
          <h2 id="recovery-heading">Recovery Codes</h2>
          <p className="muted">If you lose your second factor, a recovery code signs you in once instead.</p>
        </div>
        {data && (
          <span className={`badge ${low ? 'badge-warning' : 'badge-success'}`}>
            {data.remaining} of {data.total || 10} left
          </span>
        )}
      </div>
      {data?.createDate && (
        <p className="security-item-meta recovery-made">
          Made {formatDate(data.createDate)}
          {low ? '. Few are left: make new ones.' : ''}
        </p>
      )}
      <button type="button" className="btn btn-secondary" onClick={() => modal.open('confirmNewCodes')}>
        Make New Codes
      </button>
      <SteppedModal modal={modal} views={views} />
    </section>
  );
}
