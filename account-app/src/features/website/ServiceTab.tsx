/** The card's Service tab (control-panel spec §2, §4): builder, forward or park, or the custom-DNS conflict panel. */
import type { DomainTabProps } from '../domains/DomainCard.tsx';

export function ServiceTab({ domain, onAdvanced }: DomainTabProps) {
  if (domain.websiteType === 'custom') {
    const conflicts = (domain.dnsRecords ?? []).filter((r) => ['@', 'www', ''].includes(r.host) && ['A', 'AAAA', 'ALIAS', 'CNAME', 'NS'].includes(r.type));
    return (
      <div className="conflict-panel">
        <h3>This Domain is using Custom DNS Records</h3>
        <p>Website builder, forwarding and parking are off while these records point the domain elsewhere:</p>
        <ul>
          {conflicts.map((r) => (
            <li key={r.dnsRecordId}>
              <code>
                {r.type} {r.host} → {r.data}
              </code>
            </li>
          ))}
        </ul>
        <button type="button" className="btn btn-secondary btn-sm" onClick={onAdvanced}>
          Edit Advanced Settings
        </button>
      </div>
    );
  }
  const options = [
    { key: 'builder', title: 'Website Builder', text: domain.builderEnabled ? `Your site: ${domain.builderUrl ?? 'not published yet'}` : 'Build a site on this domain.' },
    { key: 'forward', title: 'Forwarding', text: domain.forwardUrl ? `Forwards to ${domain.forwardUrl}` : 'Send visitors to another address.' },
    { key: 'park', title: 'Parking', text: domain.parkType === 'blank' ? 'A blank page.' : 'A simple “coming soon” page.' },
  ];
  return (
    <ul className="service-options">
      {options.map((o) => (
        <li key={o.key} className={domain.websiteType === o.key ? 'is-current' : ''}>
          <strong>{o.title}</strong>
          {domain.websiteType === o.key && <span className="badge badge-success">In use</span>}
          <p className="muted small">{o.text}</p>
        </li>
      ))}
    </ul>
  );
}
