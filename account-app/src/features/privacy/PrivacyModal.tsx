/**
 * Whois privacy (control-panel spec §2 modal 10, free): on, confirm off, loading, off; off, turn on, loading, on. The
 * public WHOIS and RDAP follow: the registrant's contact is shown only with privacy off and the account's opt-out of
 * redaction (Preferences) on, so the off view says which of the two the customer will see.
 */
import { isFailure } from '@kit/api.ts';
import { type StepViews, SteppedModal, type SteppedModalHandle, useSteppedModal } from '@kit/SteppedModal.tsx';
import { confirmView } from '@kit/step-views.ts';
import { useEffect, useRef, useState } from 'react';
import { useAccountInfo } from '../account/api.ts';
import type { DomainModalProps } from '../domains/domain-props.ts';
import { paths } from '../../paths.ts';
import { Link } from 'react-router';
import { updateDomain } from '../transfers/api.ts';
import '../transfers/transfers.css';

type View = 'privacyOn' | 'confirmPrivacyOff' | 'privacyLoading' | 'privacyOff' | 'confirmPrivacyOn';

/** The loading view makes its call as it appears, and moves on (or back, with the error) when it answers. */
function RunOnShow({ modal, run }: { modal: SteppedModalHandle<View>; run: () => ReturnType<Parameters<SteppedModalHandle<View>['run']>[0]> }) {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void modal.run(run);
  }, [modal, run]);
  return (
    <div className="loading-view" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>Updating the public WHOIS record…</span>
    </div>
  );
}

export default function PrivacyModal({ domain, domains, onClose }: DomainModalProps) {
  const modal = useSteppedModal<View>({ onClose });
  const current = domains.find((d) => d.domainId === domain?.domainId) ?? domain;
  const [target, setTarget] = useState<boolean>(!(domain?.privacyEnabled ?? true));
  const [failure, setFailure] = useState<string | null>(null);
  const name = current?.domain ?? '';
  const { account } = useAccountInfo();

  useEffect(() => {
    modal.open(domain?.privacyEnabled === false ? 'privacyOff' : 'privacyOn');
  }, []);

  async function apply() {
    if (!current) return { close: true } as const;
    const answer = await updateDomain(current.domainId, { privacyEnabled: target });
    if (isFailure(answer)) {
      setFailure(answer.message);
      return target ? 'privacyOff' : 'privacyOn';
    }
    setFailure(null);
    return target ? 'privacyOn' : 'privacyOff';
  }

  const error = failure && (
    <p className="step-error" role="alert">
      {failure}
    </p>
  );

  const views: StepViews<View> = {
    privacyOn: {
      title: 'Whois Privacy',
      body: (
        <div>
          <p className="privacy-state is-on">
            <span className="badge badge-success">On</span>
            <span>
              The public WHOIS for <strong>{name}</strong> hides your name, address, phone and email.
            </span>
          </p>
          <p className="muted small">Whois Privacy is free. Turn it off only if you want your contact details public.</p>
          {error}
        </div>
      ),
      actions: [
        {
          label: 'Turn Off Whois Privacy',
          variant: 'secondary',
          run: async () => {
            setTarget(false);
            setFailure(null);
            return 'confirmPrivacyOff';
          },
        },
        { label: 'Close', close: true, variant: 'secondary' },
      ],
    },
    confirmPrivacyOff: confirmView<View>({
      title: 'Turn Off Whois Privacy',
      body: (
        <p>
          Anyone will be able to see the registrant’s name, address, phone and email for <strong>{name}</strong> in the public WHOIS. Continue?
        </p>
      ),
      confirm: 'Yes, Turn Off',
      variant: 'danger',
      back: true,
      run: async () => 'privacyLoading',
    }),
    privacyLoading: {
      title: 'Updating Whois Privacy',
      body: (m) => <RunOnShow modal={m} run={apply} />,
    },
    privacyOff: {
      title: 'Whois Privacy',
      body: (
        <div>
          <p className="privacy-state">
            <span className="badge badge-warning">Off</span>
            <span>
              {account?.whoisRedactionOptOut === false ? (
                <>
                  The public WHOIS for <strong>{name}</strong> still redacts your contact details, because your account has not opted out of redaction.
                </>
              ) : (
                <>
                  The public WHOIS for <strong>{name}</strong> shows the registrant’s contact details.
                </>
              )}
            </span>
          </p>
          {account?.whoisRedactionOptOut === false ? (
            <p className="muted small">
              To publish them, turn on “Show my contact details in public WHOIS” in <Link to={paths.summary.href()}>Account Information</Link>.
            </p>
          ) : (
            <p className="muted small">Turn Whois Privacy on to hide them. It is free.</p>
          )}
          {error}
        </div>
      ),
      actions: [
        {
          label: 'Turn On Whois Privacy',
          run: async () => {
            setTarget(true);
            setFailure(null);
            return 'confirmPrivacyOn';
          },
        },
        { label: 'Close', close: true, variant: 'secondary' },
      ],
    },
    confirmPrivacyOn: confirmView<View>({
      title: 'Turn On Whois Privacy',
      body: (
        <p>
          Hide the registrant’s contact details for <strong>{name}</strong> in the public WHOIS, free of charge?
        </p>
      ),
      confirm: 'Turn On',
      back: true,
      run: async () => 'privacyLoading',
    }),
  };

  return <SteppedModal modal={modal} views={views} />;
}
