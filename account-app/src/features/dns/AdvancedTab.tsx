/** The card's Advanced tab (control-panel spec §2): nameservers, custom nameservers and DNS records. */
import type { DomainTabProps } from '../domains/DomainCard.tsx';

export function AdvancedTab({ domain, openModal }: DomainTabProps) {
  return (
    <div>
      <p className="muted small">Nameservers: {domain.ns.length ? domain.ns.join(', ') : 'none'}</p>
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
    </div>
  );
}
