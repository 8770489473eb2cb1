/**
 * A domain's Manage panel (control-panel spec §2, §4): the tabs Service, Settings, Email and (with advancedEnabled)
 * Advanced, opened from its row in the list. An article named by the domain, so the row's Manage button leads to it.
 */
import { DateText } from '@kit/DateText.tsx';
import { formatDate } from '@kit/dates.ts';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import type { Domain } from './api.ts';
import { AdvancedTab } from '../dns/AdvancedTab.tsx';
import { EmailTab } from '../email/EmailTab.tsx';
import { ServiceTab } from '../website/ServiceTab.tsx';
import type { DomainTabProps, OpenDomainModal } from './domain-props.ts';

type Tab = 'service' | 'settings' | 'email' | 'advanced';
const tabLabels: Record<Tab, string> = { service: 'Service', settings: 'Settings', email: 'Email', advanced: 'Advanced' };

export function DomainManage({
  domain,
  nameId,
  panelId,
  advancedEnabled,
  openModal,
}: {
  domain: Domain;
  nameId: string;
  panelId: string;
  advancedEnabled: boolean;
  openModal: OpenDomainModal;
}) {
  const [tab, setTab] = useState<Tab>('service');
  const [advancedClicks, setAdvancedClicks] = useState(0);
  const tabsId = useId();
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const tabs: Tab[] = advancedEnabled ? ['service', 'settings', 'email', 'advanced'] : ['service', 'settings', 'email'];
  const tabProps: DomainTabProps = { domain, openModal, onAdvanced: () => advancedEnabled && setTab('advanced') };

  function selectTab(next: Tab) {
    if (next === 'advanced' && tab === 'advanced') setAdvancedClicks(advancedClicks + 1);
    setTab(next);
  }

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const index = tabs.indexOf(tab);
    const next =
      event.key === 'ArrowRight' ? tabs[(index + 1) % tabs.length] : event.key === 'ArrowLeft' ? tabs[(index - 1 + tabs.length) % tabs.length] : null;
    if (!next) return;
    event.preventDefault();
    setTab(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <article id={panelId} className="domain-manage" aria-labelledby={nameId}>
      {/* The tabs' own headings are h3s: this names the level above them for those who move by headings. */}
      <h2 className="visually-hidden">Manage {domain.domain}</h2>
      <div role="tablist" aria-label={`Manage ${domain.domain}`} className="manage-tabs">
        {tabs.map((t) => (
          <button
            key={t}
            ref={(el) => {
              tabRefs.current[t] = el;
            }}
            type="button"
            role="tab"
            id={`${tabsId}-${t}`}
            aria-selected={tab === t}
            aria-controls={`${tabsId}-${t}-panel`}
            tabIndex={tab === t ? 0 : -1}
            className={`manage-tab${tab === t ? ' is-active' : ''}`}
            onClick={() => selectTab(t)}
            onKeyDown={onTabKey}
          >
            {tabLabels[t]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${tabsId}-${tab}-panel`} aria-labelledby={`${tabsId}-${tab}`} className="manage-panel" data-advanced-clicks={advancedClicks}>
        {tab === 'service' && <ServiceTab {...tabProps} />}
        {tab === 'settings' && <SettingsTab domain={domain} openModal={openModal} />}
        {tab === 'email' && <EmailTab {...tabProps} />}
        {tab === 'advanced' && <AdvancedTab {...tabProps} />}
      </div>
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
