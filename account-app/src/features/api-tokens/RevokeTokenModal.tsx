/** Revoking an API token: one confirmation, then it stops working at once. */
import { isFailure } from '@kit/api.ts';
import { type SteppedModalHandle, SteppedModal, type StepViews } from '@kit/SteppedModal.tsx';
import { confirmView } from '@kit/step-views.ts';
import { showToast } from '@kit/toasts.ts';
import { type ApiToken, revokeToken } from './api.ts';

export type RevokeTokenView = 'confirmRevokeToken';

export function RevokeTokenModal({ modal, token }: { modal: SteppedModalHandle<RevokeTokenView>; token: ApiToken | null }) {
  const views: StepViews<RevokeTokenView> = {
    confirmRevokeToken: confirmView<RevokeTokenView>({
      title: 'Revoke API Token',
      body: token && (
        <p>
          Scripts using <strong>{token.name}</strong> (<code>{token.displayPrefix}…</code>) will stop working at once. This cannot be undone.
        </p>
      ),
      confirm: 'Revoke Token',
      variant: 'danger',
      run: async () => {
        if (!token) return undefined;
        const answer = await revokeToken(token.apiTokenId);
        if (isFailure(answer)) return answer;
        showToast(`Token “${token.name}” revoked.`, 'success', { durationMs: 4000 });
        return { close: true as const };
      },
    }),
  };
  return <SteppedModal modal={modal} views={views} />;
}
