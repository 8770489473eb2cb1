/**
 * The card's Service tab (control-panel spec §2, §4, §5): what the domain shows. Website Builder (add, edit, show
 * the site, cancel), Forwarding (the spec's address rule, keep the path or not, 301 or 302) and Parking (default or
 * blank page); or the custom-DNS conflict panel when the domain's records point it elsewhere.
 */
import { DomainName } from '@kit/DomainName.tsx';
import { formatDate } from '@kit/dates.ts';
import { isFailure } from '@kit/api.ts';
import { ErrorModal, SuccessModal } from '@kit/ResultModals.tsx';
import { TextField } from '@kit/Field.tsx';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import type { DomainUpdate } from '../../../../api/contract/domains/domain-update.ts';
import { invalidForwardUrlMessage, isValidForwardUrl } from '../../../../api/contract/websites/forward-url.ts';
import { formatMoney } from '../../../../api/contract/money.ts';
import { builderMonthlyPrice, builderTrialDays } from '../../../../api/contract/websites/website-plan.ts';
import { paths } from '../../paths.ts';
import { ConflictPanel } from '../dns/ConflictPanel.tsx';
import type { DomainTabProps } from '../domains/domain-props.ts';
import { shownPrice } from '../../../../api/contract/billing/tax.ts';
import { type Domain, useAccount } from '../domains/api.ts';
import { siteAddress, updateWebsite, useWebsite } from './api.ts';
import './website.css';

type Result = { kind: 'success'; message: string } | { kind: 'error'; message: string } | null;

export function ServiceTab({ domain, openModal, onAdvanced }: DomainTabProps) {
  if (domain.websiteType === 'custom') return <ConflictPanel domain={domain} onAdvanced={onAdvanced} />;
  return <ServiceOptions domain={domain} openModal={openModal} onAdvanced={onAdvanced} />;
}

function ServiceOptions({ domain, openModal }: DomainTabProps) {
  const [result, setResult] = useState<Result>(null);
  const [pending, setPending] = useState(false);

  /** One change at a time; the answer opens the Success or the Error! modal. */
  async function apply(body: DomainUpdate, success: string) {
    if (pending) return;
    setPending(true);
    const answer = await updateWebsite(domain.domainId, body);
    setPending(false);
    setResult(isFailure(answer) ? { kind: 'error', message: answer.message } : { kind: 'success', message: success });
  }

  const current = (kind: Domain['websiteType']) => domain.websiteType === kind;
  return (
    <div className="service-tab">
      <p className="service-summary">
        Visitors to{' '}
        <a href={siteAddress(domain.domain)} target="_blank" rel="noopener noreferrer">
          <DomainName name={domain.domain} />
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>{' '}
        see {describeCurrent(domain)}.
      </p>
      <div className="service-options">
        <BuilderOption domain={domain} isCurrent={current('builder')} pending={pending} openModal={openModal} apply={apply} />
        <ForwardOption
          domain={domain}
          isCurrent={current('forward')}
          pending={pending}
          apply={apply}
          onInvalid={() => setResult({ kind: 'error', message: invalidForwardUrlMessage })}
        />
        <ParkOption domain={domain} isCurrent={current('park')} pending={pending} apply={apply} />
      </div>
      <SuccessModal open={result?.kind === 'success'} message={result?.message ?? ''} onClose={() => setResult(null)} />
      <ErrorModal open={result?.kind === 'error'} message={result?.message ?? ''} onClose={() => setResult(null)} />
    </div>
  );
}

function describeCurrent(domain: Domain): string {
  if (domain.websiteType === 'builder') return 'your Website Builder site';
  if (domain.websiteType === 'forward' && domain.forwardUrl) return `a forward to ${domain.forwardUrl}`;
  return domain.parkType === 'blank' ? 'a blank page' : 'a parking page';
}

type OptionProps = { domain: Domain; isCurrent: boolean; pending: boolean; apply: (body: DomainUpdate, success: string) => Promise<void> };

function OptionHead({ title, isCurrent }: { title: string; isCurrent: boolean }) {
  return (
    <div className="service-option-head">
      <h3>{title}</h3>
      {isCurrent && <span className="badge badge-success">In use</span>}
    </div>
  );
}

function BuilderOption({ domain, isCurrent, pending, apply, openModal }: OptionProps & Pick<DomainTabProps, 'openModal'>) {
  const { website } = useWebsite(domain.builderEnabled ? domain.domainId : null);
  const account = useAccount();
  const trialEnd = website?.builderTrialEndDate ? new Date(website.builderTrialEndDate) : null;
  return (
    <section className={`service-option${isCurrent ? ' is-current' : ''}`} aria-label="Website Builder">
      <OptionHead title="Website Builder" isCurrent={isCurrent} />
      {domain.builderEnabled ? (
        <>
          <p className="muted small">
            {formatMoney(shownPrice(builderMonthlyPrice, account?.chargeTax))}/mo
            {trialEnd && trialEnd > new Date() ? `, free trial until ${formatDate(trialEnd)}` : ''}. A one-page site with your headline, words and colours.
          </p>
          <div className="service-actions">
            <Link className="btn btn-primary btn-sm" to={paths.website.href(domain.domainId)}>
              Edit your site
            </Link>
            {!isCurrent && (
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                disabled={pending}
                onClick={() => apply({ websiteType: 'builder' }, 'Your site is now live on your domain!')}
              >
                Show my site here
              </button>
            )}
          </div>
          <button type="button" className="link-action small" onClick={() => openModal('builder', domain)}>
            Cancel Website Builder
          </button>
        </>
      ) : (
        <>
          <p className="muted small">
            Build a one-page site on {domain.domain}. {formatMoney(shownPrice(builderMonthlyPrice, account?.chargeTax))}/mo after a {builderTrialDays}-day free
            trial.
          </p>
          <div className="service-actions">
            <button type="button" className="btn btn-spot btn-sm" onClick={() => openModal('builder', domain)}>
              Add Website Builder
            </button>
          </div>
        </>
      )}
    </section>
  );
}

function ForwardOption({ domain, isCurrent, pending, apply, onInvalid }: OptionProps & { onInvalid: () => void }) {
  const { website } = useWebsite(domain.domainId);
  const [address, setAddress] = useState(domain.forwardUrl ?? '');
  const [keepPath, setKeepPath] = useState<boolean | null>(null);
  const [permanent, setPermanent] = useState<boolean | null>(null);
  const id = useId();
  const keep = keepPath ?? website?.forwardKeepPath ?? false;
  const isPermanent = permanent ?? website?.forwardPermanent ?? true;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isValidForwardUrl(address)) return onInvalid();
    void apply({ websiteType: 'forward', forwardUrl: address.trim(), forwardKeepPath: keep, forwardPermanent: isPermanent }, 'Your domain is now forwarded!');
  }

  return (
    <section className={`service-option${isCurrent ? ' is-current' : ''}`} aria-label="Forwarding">
      <OptionHead title="Forwarding" isCurrent={isCurrent} />
      <form noValidate onSubmit={submit}>
        <TextField
          label="Forward to"
          name="forwardUrl"
          inputMode="url"
          autoComplete="url"
          placeholder="www.example.com"
          value={address}
          onChange={(e) => setAddress(e.target.value)}
        />
        <label className="check-row">
          <input type="checkbox" checked={keep} onChange={(e) => setKeepPath(e.target.checked)} />
          <span>
            Keep the path <span className="muted small">/menu on your domain goes to /menu there</span>
          </span>
        </label>
        <fieldset className="choice-group">
          <legend>Redirect type</legend>
          <label className="check-row">
            <input type="radio" name={`${id}-redirect`} checked={isPermanent} onChange={() => setPermanent(true)} />
            <span>
              Permanent (301) <span className="muted small">best for search engines</span>
            </span>
          </label>
          <label className="check-row">
            <input type="radio" name={`${id}-redirect`} checked={!isPermanent} onChange={() => setPermanent(false)} />
            <span>
              Temporary (302) <span className="muted small">if you may change it soon</span>
            </span>
          </label>
        </fieldset>
        <button type="submit" className="btn btn-primary btn-sm" disabled={pending}>
          {isCurrent ? 'Update Forward' : 'Forward'}
        </button>
      </form>
    </section>
  );
}

function ParkOption({ domain, isCurrent, pending, apply }: OptionProps) {
  const [parkType, setParkType] = useState<Domain['parkType']>(domain.parkType);
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    void apply({ websiteType: 'park', parkType }, 'Your domain is now parked!');
  }
  return (
    <section className={`service-option${isCurrent ? ' is-current' : ''}`} aria-label="Parking">
      <OptionHead title="Parking" isCurrent={isCurrent} />
      <form noValidate onSubmit={submit}>
        <fieldset className="choice-group">
          <legend>Parking page</legend>
          <label className="check-row">
            <input type="radio" name={`${id}-park`} checked={parkType === 'default'} onChange={() => setParkType('default')} />
            <span>
              Default page <span className="muted small">your domain name, “this domain is parked”</span>
            </span>
          </label>
          <label className="check-row">
            <input type="radio" name={`${id}-park`} checked={parkType === 'blank'} onChange={() => setParkType('blank')} />
            <span>
              Blank page <span className="muted small">nothing at all</span>
            </span>
          </label>
        </fieldset>
        <button type="submit" className="btn btn-primary btn-sm" disabled={pending}>
          {isCurrent ? 'Update Parking' : 'Park'}
        </button>
      </form>
    </section>
  );
}
