/**
 * Domain Protection (control-panel spec §2 modal 8, §9): off → confirm add → added; on → confirm remove → removed.
 * Adding charges $5 per domain-year for the rest of the current term; removing refunds nothing, and adding it again
 * while that term lasts is free.
 */
import { isFailure } from '@kit/api.ts';
import { apiClient } from '@kit/api-client.ts';
import { DateText } from '@kit/DateText.tsx';
import { withLazyRecentAuth } from '@kit/lazy-recent-auth.ts';
import { Money } from '@kit/Money.tsx';
import { SteppedModal, type StepOutcome, type StepViews, useSteppedModal } from '@kit/SteppedModal.tsx';
import { confirmView, finishView } from '@kit/step-views.ts';
import { useEffect, useState } from 'react';
import { mutate } from 'swr';
import { protectionPricePerYear, protectionYearsLeft } from '../../../../api/contract/renewals/renew-rules.ts';
import { type Domain, domainsKey, useAccount } from '../domains/api.ts';
import type { DomainModalProps } from '../domains/domain-props.ts';
import { answerSandboxAuthentication, authenticateWithStripe } from './payment-authentication.ts';
import { chargeText, chargeWithTax } from '../billing/charge-tax.ts';
import './renewals.css';

type View =
  | 'protectionOff'
  | 'confirmAddProtection'
  | 'confirmProtectionPayment'
  | 'finishAddProtection'
  | 'protectionOn'
  | 'confirmRemoveProtection'
  | 'finishRemoveProtection';

type ActionData = { requiresAction?: boolean; clientSecret?: string; paymentIntentId?: string };

export default function ProtectionModal({ domain: opened, onClose }: DomainModalProps) {
  const modal = useSteppedModal<View>({ onClose });
  const [domain, setDomain] = useState<Domain | null>(opened);
  const [intentId, setIntentId] = useState<string | null>(null);
  const account = useAccount();

  useEffect(() => {
    modal.open(opened?.protectionEnabled ? 'protectionOn' : 'protectionOff');
  }, []);

  if (!domain) return null;
  const paidUp = Boolean(domain.protectionPaidUntil && new Date(domain.protectionPaidUntil) >= new Date(domain.expireDate));
  const years = protectionYearsLeft(new Date(domain.expireDate), new Date());
  const price = paidUp ? 0 : protectionPricePerYear * years;

  async function update(protectionEnabled: boolean, next: View, paymentIntentId?: string): Promise<StepOutcome<View>> {
    const answer = await withLazyRecentAuth(() =>
      apiClient.PATCH('/domains/{id}', {
        params: { path: { id: domain!.domainId } },
        body: { protectionEnabled, ...(paymentIntentId ? { $paymentIntentId: paymentIntentId } : {}) },
        toast: false,
      }),
    );
    if (isFailure(answer)) {
      const data = answer.data as ActionData | undefined;
      if (!data?.requiresAction || !data.paymentIntentId || paymentIntentId) return answer;
      const viaStripe = await authenticateWithStripe(data.clientSecret ?? '');
      if (isFailure(viaStripe)) return viaStripe;
      if (viaStripe) return update(protectionEnabled, next, data.paymentIntentId);
      setIntentId(data.paymentIntentId);
      return 'confirmProtectionPayment';
    }
    setDomain(answer);
    void mutate(domainsKey);
    return next;
  }

  async function answerAuthentication(outcome: 'complete' | 'fail'): Promise<StepOutcome<View>> {
    const failed = await answerSandboxAuthentication(intentId ?? '', outcome);
    if (failed) return failed;
    return update(true, 'finishAddProtection', intentId ?? undefined);
  }

  const about = (
    <p>
      Domain Protection guards {domain.domain} against lapsing by mistake: it extends the Renewal Grace Period by a year, so you can still renew at the usual
      price long after it expires.
    </p>
  );
  const views: StepViews<View> = {
    protectionOff: {
      title: 'Domain Protection',
      body: (
        <div className="renew-one">
          {about}
          <p className="renew-total">
            <span>{paidUp ? 'Already paid for this term' : `${years} year${years === 1 ? '' : 's'} to the end of this term`}</span>
            <strong>{paidUp ? 'Free' : <Money cents={price} />}</strong>
          </p>
        </div>
      ),
      actions: [
        { label: 'Add Protection', variant: 'spot', go: 'confirmAddProtection' },
        { label: 'Close', close: true },
      ],
    },
    confirmAddProtection: confirmView<View>({
      title: 'Add Domain Protection',
      body: paidUp ? (
        <p>
          Protection for {domain.domain} is already paid until <DateText value={domain.protectionPaidUntil} />, so adding it again is free.
        </p>
      ) : (
        <p>
          We will charge {chargeText(price, account)}, {years} × <Money cents={protectionPricePerYear} />, to{' '}
          {account?.autoPayDescription ? `your ${account.autoPayDescription}` : 'your default payment method'} for protection until{' '}
          <DateText value={domain.expireDate} />. Protection is non-refundable.
        </p>
      ),
      confirm: paidUp ? 'Add Protection' : `Pay and Add Protection`,
      variant: 'spot',
      back: true,
      run: () => update(true, 'finishAddProtection'),
    }),
    confirmProtectionPayment: {
      title: 'Confirm Your Payment',
      body: (
        <div className="renew-auth">
          <p>Your bank asks you to confirm this payment of {<Money cents={chargeWithTax(price, account)} />}.</p>
          <p className="muted small">Sandbox test dialog: in production your bank's own 3-D Secure page appears here.</p>
        </div>
      ),
      actions: [
        { label: 'Complete authentication', run: () => answerAuthentication('complete') },
        { label: 'Fail authentication', variant: 'secondary', run: () => answerAuthentication('fail') },
      ],
    },
    finishAddProtection: finishView<View>({
      title: 'Domain Protection Added',
      body: (
        <p>
          {domain.domain} is protected until <DateText value={domain.protectionPaidUntil ?? domain.expireDate} />.
        </p>
      ),
    }),
    protectionOn: {
      title: 'Domain Protection',
      body: (
        <div className="renew-one">
          {about}
          <p>
            Protection is on and paid until <DateText value={domain.protectionPaidUntil ?? domain.expireDate} />.
          </p>
        </div>
      ),
      actions: [
        { label: 'Remove Protection', variant: 'danger', go: 'confirmRemoveProtection' },
        { label: 'Close', close: true },
      ],
    },
    confirmRemoveProtection: confirmView<View>({
      title: 'Remove Domain Protection',
      body: (
        <p>
          {domain.domain} will lose its extra year of grace. There is no refund; adding protection again before{' '}
          <DateText value={domain.protectionPaidUntil ?? domain.expireDate} /> is free.
        </p>
      ),
      confirm: 'Remove Protection',
      variant: 'danger',
      back: true,
      run: () => update(false, 'finishRemoveProtection'),
    }),
    finishRemoveProtection: finishView<View>({
      title: 'Domain Protection Removed',
      body: <p>{domain.domain} is no longer protected.</p>,
    }),
  };
  return <SteppedModal modal={modal} views={views} />;
}
