/**
 * The website builder modal (control-panel spec §2 modal 7, §4 "Builder modal", §9): offer, confirm add, added (with
 * a link to create the site); when the builder is already on it starts at confirm cancel, then cancelled. $5 a month
 * after a free trial of `builderTrialDays` days, one trial per domain; the card's label and price follow.
 */
import { formatDate } from '@kit/dates.ts';
import { isFailure } from '@kit/api.ts';
import { SteppedModal, type StepViews, useSteppedModal } from '@kit/SteppedModal.tsx';
import { confirmView, finishView } from '@kit/step-views.ts';
import { addDays } from 'date-fns/addDays';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '../../../../api/contract/money.ts';
import { builderMonthlyPrice, builderTrialDays } from '../../../../api/contract/websites/website-plan.ts';
import type { DomainModalProps } from '../domains/domain-props.ts';
import { paths } from '../../paths.ts';
import { shownPrice } from '../../../../api/contract/billing/tax.ts';
import { useAccount } from '../domains/api.ts';
import { updateWebsite, useWebsite } from './api.ts';
import './website.css';

type BuilderView = 'offer' | 'confirmAdd' | 'added' | 'confirmCancel' | 'cancelled';

export default function BuilderModal({ domain, onClose }: DomainModalProps) {
  const modal = useSteppedModal<BuilderView>({ onClose });
  const account = useAccount();
  const { website } = useWebsite(domain?.domainId ?? null);
  const opened = useRef(false);
  // What the domain showed before cancelling, for the cancelled view's words.
  const [wasShowingSite, setWasShowingSite] = useState(false);
  useEffect(() => {
    if (opened.current || !domain) return;
    opened.current = true;
    modal.open(domain.builderEnabled ? 'confirmCancel' : 'offer');
  }, [domain, modal]);
  if (!domain) return null;

  const price = formatMoney(shownPrice(builderMonthlyPrice, account?.chargeTax));
  // A domain that had the builder before had its trial: the price applies from today.
  const hasTrial = website ? website.builderTrialEndDate === null : true;
  const trialEnds = addDays(new Date(), builderTrialDays);
  const storedTrialEnd = website?.builderTrialEndDate ? new Date(website.builderTrialEndDate) : null;
  const inTrial = storedTrialEnd !== null && storedTrialEnd > new Date();

  const views: StepViews<BuilderView> = {
    offer: {
      title: 'Website Builder',
      body: (
        <div className="builder-offer">
          <p className="builder-offer-price">
            <strong>{price}</strong>
            <span className="muted">per month</span>
          </p>
          {hasTrial && (
            <p className="builder-trial">
              Free for {builderTrialDays} days: nothing to pay until {formatDate(trialEnds)}.
            </p>
          )}
          <ul>
            <li>A one-page website on {domain.domain}, live in minutes.</li>
            <li>Your headline, your words, your colours; change them any time.</li>
            <li>{hasTrial ? 'Cancel during the trial and you pay nothing.' : 'Cancel any time from the Service tab.'}</li>
          </ul>
        </div>
      ),
      actions: [
        { label: hasTrial ? 'Start Free Trial' : 'Continue', go: 'confirmAdd', variant: 'spot' },
        { label: 'Not Now', close: true, variant: 'secondary' },
      ],
    },
    confirmAdd: confirmView<BuilderView>({
      title: 'Add Website Builder',
      back: true,
      confirm: 'Add Website Builder',
      variant: 'spot',
      body: (
        <p>
          {hasTrial
            ? `Add the Website Builder to ${domain.domain}. Your ${builderTrialDays}-day free trial starts today; from ${formatDate(trialEnds)} your monthly plans include ${price} a month for it, charged to your default card.`
            : `Add the Website Builder to ${domain.domain}. This domain has had its free trial, so your monthly plans include ${price} a month for it from today, charged to your default card.`}
        </p>
      ),
      run: async () => {
        const answer = await updateWebsite(domain.domainId, { builderEnabled: true });
        return isFailure(answer) ? answer : 'added';
      },
    }),
    added: {
      title: 'Website Builder Added',
      body: (
        <div className="builder-offer">
          <p>
            The Website Builder is on for <strong>{domain.domain}</strong>. Create your site: a headline, a few words and your colours. When it looks right,
            show it on your domain.
          </p>
          <p>
            <Link className="btn btn-spot" to={paths.website.href(domain.domainId)}>
              Create Your Site
            </Link>
          </p>
        </div>
      ),
      actions: [{ label: 'Done', close: true, variant: 'secondary' }],
    },
    confirmCancel: {
      title: 'Cancel Website Builder',
      body: (
        <>
          <p>
            Cancel the Website Builder on <strong>{domain.domain}</strong>?{' '}
            {domain.websiteType === 'builder'
              ? 'Your site goes offline and the domain shows its parking page again.'
              : 'Your site will no longer be available.'}
          </p>
          <p className="muted small">
            {inTrial && storedTrialEnd
              ? `You are in your free trial (until ${formatDate(storedTrialEnd)}): nothing is charged.`
              : `${price} a month comes off your monthly plans.`}{' '}
            A new trial is not offered if you add it again.
          </p>
        </>
      ),
      actions: [
        {
          label: 'Yes, Cancel Website Builder',
          variant: 'danger',
          run: async () => {
            setWasShowingSite(domain.websiteType === 'builder');
            const answer = await updateWebsite(domain.domainId, { builderEnabled: false });
            return isFailure(answer) ? answer : 'cancelled';
          },
        },
        { label: 'Keep It', close: true, variant: 'secondary' },
      ],
    },
    cancelled: finishView<BuilderView>({
      title: 'Website Builder Cancelled',
      body: (
        <p>
          The Website Builder is cancelled on {domain.domain}.{wasShowingSite ? ' The domain shows its parking page again.' : ''}
        </p>
      ),
    }),
  };
  return <SteppedModal modal={modal} views={views} />;
}
