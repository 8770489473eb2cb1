/**
 * One domain card (control-panel spec §2, §4): name, display status, service label, monthly price, privacy and
 * protection icons, badges; Manage/Hide opens Service, Settings, Email and (with advancedEnabled) Advanced.
 */
import { DomainName } from '@kit/DomainName.tsx';
import { DateText, formatDate } from '@kit/DateText.tsx';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import {
  activeNowNote,
  type DisplayStatus,
  displayStatus,
  displayStatusLabels,
  hasEmailOverLimit,
  isPendingTransfer,
  serviceLabel,
} from '../../../../api/contract/domains/domain-status.ts';
import { formatMoney } from '../../../../api/contract/money.ts';
import type { Domain } from './api.ts';
import { AdvancedTab } from '../dns/AdvancedTab.tsx';
import { EmailTab } from '../email/EmailTab.tsx';
import { ServiceTab } from '../website/ServiceTab.tsx';
import type { DomainTabProps, OpenDomainModal } from './domain-props.ts';


const statusBadge: Record<DisplayStatus, string> = {
  active: 'badge-success',
  expiring: 'badge-warning',
  expired: 'badge-danger',
  pending: 'badge-info',
};

type Tab = 'service' | 'settings' | 'email' | 'advanced';
const tabLabels: Record<Tab, string> = { service: 'Service', settings: 'Settings', email: 'Email', advanced: 'Advanced' };

function ShieldIcon({ on }: { on: boolean }) {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill={on ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2">
      <path d="M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5l-8-3Z" />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M3 3l18 18M10.6 10.6a2 2 0 0 0 2.8 2.8M9.9 5.1A10.4 10.4 0 0 1 12 5c5 0 9 4.5 10 7-.4 1-1.2 2.3-2.4 3.6M6.6 6.6C4.4 8 2.8 10.1 2 12c1 2.5 5 7 10 7 1.7 0 3.3-.5 4.6-1.3" />
    </svg>
  );
}

export function DomainCard({ domain, advancedEnabled, openModal }: { domain: Domain; advancedEnabled: boolean; openModal: OpenDomainModal }) {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<Tab>('service');
  const [advancedClicks, setAdvancedClicks] = useState(0);
  const panelId = useId();
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const status = displayStatus(domain, new Date());
  const label = serviceLabel(domain);
  const note = activeNowNote(domain);
  const tabs: Tab[] = advancedEnabled ? ['service', 'settings', 'email', 'advanced'] : ['service', 'settings', 'email'];
  const titleId = `${panelId}-title`;
  const tabProps: DomainTabProps = { domain, openModal, onAdvanced: () => advancedEnabled && setTab('advanced') };

  function selectTab(next: Tab) {
    if (next === 'advanced' && tab === 'advanced') setAdvancedClicks(advancedClicks + 1);
    setTab(next);
  }

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const index = tabs.indexOf(tab);
    const next = event.key === 'ArrowRight' ? tabs[(index + 1) % tabs.length] : event.key === 'ArrowLeft' ? tabs[(index - 1 + tabs.length) % tabs.length] : null;
    if (!next) return;
    event.preventDefault();
    setTab(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <article className={`domain-card card is-${status}`} aria-labelledby={titleId} data-testid="domain-card">
      <div className="domain-card-main">
        <div className="domain-card-name">
          <h2 id={titleId}>
            <DomainName name={domain.domain} />
          </h2>
          <span className={`badge ${statusBadge[status]}`}>{displayStatusLabels[status]}</span>
        </div>
        <div className="domain-card-service">
          <span className="service-label">{label}</span>
          {note && <span className="service-note">{note}</span>}
        </div>
        <div className="domain-card-price">
          <span className="price">{formatMoney(domain.mrc)}</span>
          <span className="muted">/mo</span>
        </div>
        <ul className="domain-card-icons" aria-label="Protection">
          <li className={domain.privacyEnabled ? 'is-on' : 'is-off'} title={domain.privacyEnabled ? 'WHOIS privacy on' : 'WHOIS privacy off'}>
            <EyeOffIcon />
            <span className="visually-hidden">{domain.privacyEnabled ? 'WHOIS privacy on' : 'WHOIS privacy off'}</span>
          </li>
          <li
            className={domain.protectionEnabled ? 'is-on' : 'is-off'}
            title={domain.protectionEnabled ? 'Domain protection on' : 'Domain protection off'}
          >
            <ShieldIcon on={domain.protectionEnabled} />
            <span className="visually-hidden">{domain.protectionEnabled ? 'Domain protection on' : 'Domain protection off'}</span>
          </li>
        </ul>
        <div className="domain-card-actions">
          {status === 'expired' ? (
            <button type="button" className="btn btn-spot btn-sm" onClick={() => openModal('renew', domain)}>
              Renew
            </button>
          ) : status === 'pending' ? (
            <span className="muted small">Transfer in progress</span>
          ) : (
            <button type="button" className="btn btn-secondary btn-sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
              {open ? 'Hide' : 'Manage'}
              <span className="visually-hidden"> {domain.domain}</span>
            </button>
          )}
        </div>
      </div>
      {domain.suspendedAt && (
        <div className="domain-card-suspended" role="note">
          <strong>Suspended since {formatDate(domain.suspendedAt)}.</strong> {domain.suspensionReason} This domain does not resolve while it is
          suspended.
        </div>
      )}
      {(isPendingTransfer(domain) || domain.forSale || hasEmailOverLimit(domain.emails)) && (
        <ul className="domain-card-badges" aria-label="Notices">
          {isPendingTransfer(domain) && <li className="badge badge-info">Transfer pending</li>}
          {domain.forSale && <li className="badge badge-spot">For sale</li>}
          {hasEmailOverLimit(domain.emails) && <li className="badge badge-warning">Email over 5 GB</li>}
        </ul>
      )}
      {open && status !== 'expired' && status !== 'pending' && (
        <div id={panelId} className="domain-manage">
          <div role="tablist" aria-label={`Manage ${domain.domain}`} className="manage-tabs">
            {tabs.map((t) => (
              <button
                key={t}
                ref={(el) => {
                  tabRefs.current[t] = el;
                }}
                type="button"
                role="tab"
                id={`${panelId}-${t}`}
                aria-selected={tab === t}
                aria-controls={`${panelId}-${t}-panel`}
                tabIndex={tab === t ? 0 : -1}
                className={`manage-tab${tab === t ? ' is-active' : ''}`}
                onClick={() => selectTab(t)}
                onKeyDown={onTabKey}
              >
                {tabLabels[t]}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`${panelId}-${tab}-panel`} aria-labelledby={`${panelId}-${tab}`} className="manage-panel" data-advanced-clicks={advancedClicks}>
            {tab === 'service' && <ServiceTab {...tabProps} />}
            {tab === 'settings' && <SettingsTab domain={domain} openModal={openModal} />}
            {tab === 'email' && <EmailTab {...tabProps} />}
            {tab === 'advanced' && <AdvancedTab {...tabProps} />}
          </div>
        </div>
      )}
    </article>
  );
}

function SettingsTab({ domain, openModal }: { domain: Domain; openModal: OpenDomainModal }) {
  // Auto-renew runs about 15 days before expiry (control-panel spec §4) unless the domain carries its own date.
  const autoRenewOn = domain.autoRenewDate ?? new Date(new Date(domain.expireDate).getTime() - 15 * 24 * 3600 * 1000);
  const renewal = domain.autoRenewEnabled ? `Auto-renew on ${formatDate(autoRenewOn)}` : 'Manual renewal';
  return (
    <div>
      <dl className="settings-list">
        <div>
          <dt>Expiration date</dt>
          <dd>
            <DateText value={domain.expireDate} />
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            <DateText value={domain.createDate} />
          </dd>
        </div>
        <div>
          <dt>Last modified</dt>
          <dd>
            <DateText value={domain.modifyDate} />
          </dd>
        </div>
        <div>
          <dt>Renewal method</dt>
          <dd>{renewal}</dd>
        </div>
        <div>
          <dt>WHOIS privacy</dt>
          <dd>
            {domain.privacyEnabled ? 'On' : 'Off'}{' '}
            <button type="button" className="link-action" onClick={() => openModal('privacy', domain)}>
              {domain.privacyEnabled ? 'Turn off' : 'Turn on'}
              <span className="visually-hidden"> WHOIS privacy</span>
            </button>
          </dd>
        </div>
        <div>
          <dt>Domain protection</dt>
          <dd>
            {domain.protectionEnabled ? 'On' : 'Off'}{' '}
            <button type="button" className="link-action" onClick={() => openModal('protection', domain)}>
              {domain.protectionEnabled ? 'Remove' : 'Add'}
              <span className="visually-hidden"> domain protection</span>
            </button>
          </dd>
        </div>
      </dl>
      <div className="settings-actions">
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => openModal('renew', domain)}>
          Renew
        </button>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => openModal('transfers', domain)}>
          Transfer
        </button>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => openModal('sell', domain)}>
          Sell
        </button>
      </div>
    </div>
  );
}

