/** The card's Advanced tab (control-panel spec §2): nameservers, custom nameservers, DNS records and DNSSEC. */
import { DomainName } from '@kit/DomainName.tsx';
import { Fragment } from 'react';
import type { DomainTabProps } from '../domains/domain-props.ts';
import { DnssecPanel } from './DnssecPanel.tsx';
import './dns.css';

export function AdvancedTab({ domain, openModal }: DomainTabProps) {
  const records = domain.dnsRecords?.length ?? 0;
  return (
    <div className="advanced-tab">
      <dl className="advanced-facts">
        <div>
          <dt>Nameservers</dt>
          <dd>
            {domain.ns.length
              ? domain.ns.map((ns, index) => (
                  <Fragment key={ns}>
                    {index > 0 && ', '}
                    <DomainName name={ns} />
                  </Fragment>
                ))
              : 'none'}
          </dd>
        </div>
        <div>
          <dt>DNS records</dt>
          <dd>{records === 1 ? '1 record' : `${records} records`}</dd>
        </div>
      </dl>
      <ul className="advanced-links">
        <li>
          <button type="button" className="link-action" onClick={() => openModal('nameservers', domain)}>
            Change Nameservers
          </button>
        </li>
        <li>
          <button type="button" className="link-action" onClick={() => openModal('customNameservers', domain)}>
            Manage Custom Nameservers
          </button>
        </li>
        <li>
          <button type="button" className="link-action" onClick={() => openModal('dnsRecords', domain)}>
            Manage DNS Records
          </button>
        </li>
      </ul>
      <DnssecPanel domain={domain} openModal={openModal} />
    </div>
  );
}
